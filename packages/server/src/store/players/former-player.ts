// What a deleted player leaves behind (docs/players.md "Delete profile"): their seats
// read "Former player", and so do the titles that were made from their names ("Bea vs Rogue agents
// (easy)", the web client's solo title, or any title a host typed with their name in it).
// With the store, which rewrites the titles in the transaction that deletes the player; the lobby
// uses it too, for someone leaving a waiting table.

/** Whole words only: a name inside another word ("Al" in "Alpine") is not cut out of it. */
const LETTER = '[\\p{L}\\p{N}\\p{M}]';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `title` without any of `names`: each name standing as a word becomes `neutral`. A name still
 * found after that (inside a word, or in a script written without spaces: "ベア対…") cannot be
 * cut out cleanly, so the whole title becomes `fallback`. Case-insensitive, on NFC text.
 */
export function titleWithout(title: string, names: readonly string[], neutral: string, fallback: string): string {
  const wanted = [...new Set(names.map((n) => n.normalize('NFC').trim()).filter((n) => n && n !== neutral))].sort(
    (a, b) => b.length - a.length,
  );
  let t = title.normalize('NFC');
  for (const n of wanted) t = t.replace(new RegExp(`(?<!${LETTER})${escape(n)}(?!${LETTER})`, 'giu'), () => neutral);
  const lower = t.toLocaleLowerCase('en');
  return wanted.some((n) => lower.includes(n.toLocaleLowerCase('en'))) ? fallback : t;
}

/** The title of a table whose title named a deleted player in a way that could not be cut out. */
export const FORMER_PLAYER_TITLE = "A former player's table";

/** The title a table takes when everyone left it before the start: the one it had may name a
 * person, and nothing links a closed table to them any more. */
export const CLOSED_TABLE_TITLE = 'Closed table';
