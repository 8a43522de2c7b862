// A list of tables in the lobby (this player's, the open ones): their names, state and hosts'
// finish rates, with Open, Join or Watch.
import { savedGames } from '../net/saved.js';
import type { LobbySummary } from '@mindmgmt/table';
import { useI18n } from '../i18n/lookup.js';
import { FinishRate } from '../table/finish-rates.js';
import { TableList, TableName } from './TableList.js';

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
  const { t } = useI18n();
  return (
    <TableList
      games={games}
      empty={t('noGames')}
      row={(g, id) => (
        <>
          <span>
            <TableName g={g} />
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
        </>
      )}
    />
  );
}
