// The one SQL convention of both stores (docs/architecture.md "SQL"): statements are written once,
// with PostgreSQL's numbered parameters ($1, $2 ...), and run as they are on PostgreSQL. SQLite
// gets them through `toPositional`: each $n becomes "?", bound in order of appearance, booleans
// as 0/1 (SQLite has none).

export type Param = string | number | boolean | null;

const NUMBERED = /\$(\d+)/g;

/** A statement for SQLite: "?" for each $n, and which parameter each "?" takes (1-based). */
export function toPositional(sql: string): { text: string; order: number[] } {
  const order: number[] = [];
  const text = sql.replace(NUMBERED, (_, n: string) => (order.push(Number(n)), '?'));
  return { text, order };
}

/** The arguments of a positional statement, in its order. */
export function positionalArgs(params: readonly Param[], order: readonly number[]): (string | number | null)[] {
  return order.map((i) => {
    const v = params[i - 1];
    return typeof v === 'boolean' ? (v ? 1 : 0) : (v ?? null);
  });
}

/** A set of statements for SQLite whose parameters appear in order ($1, $2 ... each once), so
 * callers bind them positionally exactly as they would on PostgreSQL; anything else throws. */
export function inOrderForSqlite<K extends string>(q: Readonly<Record<K, string>>): Readonly<Record<K, string>> {
  const out = {} as Record<K, string>;
  for (const k of Object.keys(q) as K[]) {
    const { text, order } = toPositional(q[k]);
    if (order.some((n, i) => n !== i + 1)) throw new Error(`statement ${k}: parameters out of order`);
    out[k] = text;
  }
  return out;
}
