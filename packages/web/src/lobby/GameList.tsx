// A list of tables in the lobby (this player's, the open ones): their names, state and hosts'
// finish rates, with Open, Join or Watch.
import { lobbyId, lobbyTitle } from '../net/http.js';
import { savedGames } from '../net/saved.js';
import type { LobbySummary } from '@mindmgmt/table';
import { useI18n } from '../i18n/lookup.js';
import { FinishRate } from '../table/finish-rates.js';
import { readTitle } from './table-title.js';

function statusText(t: ReturnType<typeof useI18n>['t'], s: unknown): string {
  const v = String(s ?? '');
  if (/over|finish|ended|closed/.test(v)) return t('statusOver');
  if (/start|play|active|running/.test(v)) return t('statusStarted');
  return t('statusOpen');
}

export function GameList({
  games,
  saved,
}: {
  games: readonly LobbySummary[] | null;
  saved: ReturnType<typeof savedGames>;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  if (!games) return <p>…</p>;
  if (!games.length) return <p className="muted">{t('noGames')}</p>;
  return (
    <ul className="gamelist">
      {games.map((g) => {
        const id = lobbyId(g);
        return (
          <li key={id}>
            <span>
              <b>{readTitle(i18n, lobbyTitle(g))}</b>
              {g.myTurn ? ' ●' : ''} <small className="muted">({statusText(t, g.status)})</small>
              {g.hostFinishRate !== undefined ? (
                <span
                  className="host-rate"
                  data-host-rate={g.hostFinishRate ? `${g.hostFinishRate.finished}/${g.hostFinishRate.started}` : ''}
                >
                  {' '}
                  {g.hostName ?? ''} <FinishRate rate={g.hostFinishRate ?? undefined} />
                </span>
              ) : null}
              {g.minFinishRate ? (
                <small className="muted table-min-rate"> {t('fr_tableMin', { pct: g.minFinishRate })}</small>
              ) : null}
            </span>
            <a className="button" href={`#/g/${id}`}>
              {saved[id] ? t('open') : t('join')}
            </a>
            {!saved[id] ? (
              <a className="button" href={`#/g/${id}?watch`}>
                {t('spectate')}
              </a>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
