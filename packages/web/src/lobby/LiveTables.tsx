// The running tables listed for watching.
import { useEffect, useState } from 'react';
import { api } from '../net/http.js';
import type { LiveSummary } from '@mindmgmt/table';
import { useI18n } from '../i18n/lookup.js';
import { TableList, TableName } from './TableList.js';

/** The running tables listed for watching: one click on "Watch" opens the table as
 * a spectator; "More tables" loads the next page. */
export function LiveTables() {
  const { t } = useI18n();
  const [games, setGames] = useState<readonly LiveSummary[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const load = (page: number) =>
    api.live(page).then(
      (r) => {
        setGames((g) => (page === 0 ? r.games : [...(g ?? []), ...r.games]));
        setNext(r.more ? page + 1 : null);
      },
      () => setGames((g) => g ?? []),
    );
  useEffect(() => {
    void load(0);
  }, []);
  return (
    <section className="panel live-tables" aria-labelledby="live-tables-h">
      <h2 id="live-tables-h">{t('liveTables')}</h2>
      <TableList
        games={games}
        empty={t('liveNone')}
        row={(g, id) => (
          <>
            <span>
              <TableName g={g} />{' '}
              <small className="muted">
                ({t(g.mode === 'full' ? 'full' : 'training')}
                {g.names?.length ? ` · ${g.names.join(', ')}` : ''})
              </small>
            </span>
            <a className="button" href={`#/g/${id}?watch`}>
              {t('spectate')}
            </a>
          </>
        )}
      />
      {next !== null ? <button onClick={() => void load(next)}>{t('liveMore')}</button> : null}
    </section>
  );
}
