// D13 (docs/players.md "Absent players"): the finish rate of each player at a table (games
// finished out of the last 50 started), shown beside their names in the waiting room and at the
// table. Players without a profile (and bots) have none.
import { useEffect, useState } from 'react';
import { useI18n } from '../i18n/lookup.js';

type Rate = { finished: number; started: number; vacationUntil?: number };
type Rates = ReadonlyMap<number, Rate>;

/** The rates by place; read again when `key` changes (someone took or left a place). */
export function useFinishRates(gameId: string | undefined, key: string): Rates {
  const [rates, setRates] = useState<Rates>(new Map());
  useEffect(() => {
    if (!gameId) return;
    let live = true;
    fetch(`/api/games/${encodeURIComponent(gameId)}/finish-rates`)
      .then((r) => (r.ok ? r.json() : { places: [] }))
      .then((b: { places: (Rate & { place: number })[] }) => {
        if (live) setRates(new Map(b.places.map((p) => [p.place, p])));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [gameId, key]);
  return rates;
}

export function FinishRate({ rate }: { rate: Rate | undefined }) {
  const { t } = useI18n();
  if (!rate) return null;
  const pct = rate.started ? Math.round((100 * rate.finished) / rate.started) : null;
  return (
    <>
      {pct !== null ? (
        <small
          className="finish-rate"
          title={t('fr_rate', { finished: rate.finished, started: rate.started })}
          data-finish-rate={pct}
        >
          {t('fr_short', { pct })}
        </small>
      ) : null}
      {rate.vacationUntil ? (
        <small className="vacation-tag">
          {' '}
          {t('vc_on', { date: new Date(rate.vacationUntil).toLocaleDateString() })}
        </small>
      ) : null}
    </>
  );
}
