// D13 (docs/players.md "Absent players"): the finish rate of each player at a table (games
// finished out of the last 50 started), shown beside their names in the waiting room and at the
// table. Players without a profile (and bots) have none.
import { useEffect, useState } from 'react';
import { useI18n } from '../i18n.js';

type Rates = ReadonlyMap<number, { finished: number; started: number }>;

/** The rates by place; read again when `key` changes (someone took or left a place). */
export function useFinishRates(gameId: string | undefined, key: string): Rates {
  const [rates, setRates] = useState<Rates>(new Map());
  useEffect(() => {
    if (!gameId) return;
    let live = true;
    fetch(`/api/games/${encodeURIComponent(gameId)}/finish-rates`)
      .then((r) => (r.ok ? r.json() : { places: [] }))
      .then((b: { places: { place: number; finished: number; started: number }[] }) => {
        if (live) setRates(new Map(b.places.map((p) => [p.place, p])));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [gameId, key]);
  return rates;
}

export function FinishRate({ rate }: { rate: { finished: number; started: number } | undefined }) {
  const { t } = useI18n();
  if (!rate?.started) return null;
  const pct = Math.round((100 * rate.finished) / rate.started);
  return (
    <small className="finish-rate" title={t('fr_rate', rate)} data-finish-rate={pct}>
      {t('fr_short', { pct })}
    </small>
  );
}
