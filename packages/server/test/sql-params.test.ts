// One SQL convention for both stores (store/sql/params.ts, docs/architecture.md "SQL"): statements
// are written once with PostgreSQL's $n parameters and translated for SQLite.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { GAME_SQL } from '../src/store/sql/games.js';
import { inOrderForSqlite, positionalArgs, toPositional } from '../src/store/sql/params.js';
import { Q } from '../src/store/sql/sqlite.js';

describe('SQL: one convention ($n) for both stores', () => {
  it('SQLite binds a $n statement as PostgreSQL does: by number, repeated or out of order; booleans as 0/1', () => {
    const db = new Database(':memory:');
    const { text, order } = toPositional('SELECT $2 AS a, $1 AS b, $2 AS c, $3 AS d');
    expect(text).toBe('SELECT ? AS a, ? AS b, ? AS c, ? AS d');
    expect(db.prepare(text).get(...positionalArgs(['one', 'two', true], order))).toEqual({
      a: 'two',
      b: 'one',
      c: 'two',
      d: 1,
    });
    db.close();
  });

  it('the game store binds its SQLite statements positionally, so each must take $1, $2 ... in order', () => {
    expect(() => inOrderForSqlite({ swapped: 'UPDATE games SET seq = $2 WHERE id = $1' })).toThrow(/out of order/);
    // Every shared statement is in SQLite's set, translated.
    for (const k of Object.keys(GAME_SQL) as (keyof typeof GAME_SQL)[]) {
      expect(Q[k]).not.toMatch(/\$\d/);
      expect(Q[k]).toBe(toPositional(GAME_SQL[k]).text);
    }
  });
});
