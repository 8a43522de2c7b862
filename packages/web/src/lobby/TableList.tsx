// The list both lobby lists of tables draw (this player's and the open ones, and the running ones
// to watch): loading, an empty list's sentence, or one row per table, each named in the reader's
// language.
import type { ReactNode } from 'react';
import type { LobbySummary } from '@mindmgmt/table';
import { lobbyId, lobbyTitle } from '../net/http.js';
import { useI18n } from '../i18n/lookup.js';
import { readTitle } from './table-title.js';

export function TableList<G extends LobbySummary>({
  games,
  empty,
  row,
}: {
  /** null while loading. */
  games: readonly G[] | null;
  empty: string;
  /** A table's row, given its id. */
  row: (g: G, id: string) => ReactNode;
}) {
  if (!games) return <p>…</p>;
  if (!games.length) return <p className="muted">{empty}</p>;
  return (
    <ul className="gamelist">
      {games.map((g) => {
        const id = lobbyId(g);
        return <li key={id}>{row(g, id)}</li>;
      })}
    </ul>
  );
}

/** A table's name as the reader reads it. */
export function TableName({ g }: { g: LobbySummary }) {
  const i18n = useI18n();
  return <b>{readTitle(i18n, lobbyTitle(g))}</b>;
}
