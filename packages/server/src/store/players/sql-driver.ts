// The little the player store needs from a SQL database, so ONE implementation (sql.ts) serves
// SQLite and PostgreSQL. Statements are written for PostgreSQL ($1, $2 ...) and translated for
// SQLite by store/sql/params.ts, the convention of both stores.
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { type Param, positionalArgs, toPositional } from '../sql/params.js';

export type { Param };

export interface SqlConn {
  /** Rows of a SELECT (or of a statement with RETURNING). */
  all<T>(sql: string, params?: readonly Param[]): Promise<T[]>;
  /** Rows changed. */
  run(sql: string, params?: readonly Param[]): Promise<number>;
  /** Serialises writers on one key until the transaction ends (PostgreSQL: advisory lock;
   * SQLite: BEGIN IMMEDIATE already holds the database's write lock). */
  lock(key: string): Promise<void>;
}

export interface SqlDb extends SqlConn {
  /** Runs fn in one transaction: committed if it resolves, rolled back if it throws. */
  tx<T>(fn: (c: SqlConn) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// ---------------------------------------------------------------- SQLite

/**
 * better-sqlite3 is synchronous; a transaction here spans only microtasks (no I/O between its
 * statements), and a promise chain serialises this driver's transactions and single statements, so
 * nothing else on this connection runs inside an open transaction.
 */
export function sqliteDriver(
  db: Database.Database,
  closeDb: boolean,
  /** Runs a write where no other connection holds the file's write lock (SqliteStore.exclusive). */
  exclusive: <T>(f: () => Promise<T>) => Promise<T> = (f) => f(),
): SqlDb {
  const cache = new Map<string, { st: Database.Statement; order: number[] }>();
  const prep = (sql: string) => {
    let p = cache.get(sql);
    if (!p) {
      const { text, order } = toPositional(sql);
      cache.set(sql, (p = { st: db.prepare(text), order }));
    }
    return p;
  };
  const conn: SqlConn = {
    async all<T>(sql: string, params: readonly Param[] = []) {
      const { st, order } = prep(sql);
      return st.all(...positionalArgs(params, order)) as T[];
    },
    async run(sql, params = []) {
      const { st, order } = prep(sql);
      const args = positionalArgs(params, order);
      return st.reader ? st.all(...args).length : st.run(...args).changes;
    },
    async lock() {},
  };
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(f: () => Promise<T>): Promise<T> => {
    const r = chain.then(f, f);
    chain = r.catch(() => undefined);
    return r;
  };
  return {
    all: (sql, params) => serial(() => conn.all(sql, params)),
    run: (sql, params) => serial(() => exclusive(() => conn.run(sql, params))),
    lock: async () => {},
    tx: (fn) =>
      serial(() =>
        exclusive(async () => {
          db.exec('BEGIN IMMEDIATE');
          try {
            const r = await fn(conn);
            db.exec('COMMIT');
            return r;
          } catch (e) {
            if (db.inTransaction) db.exec('ROLLBACK');
            throw e;
          }
        }),
      ),
    close: async () => {
      await chain;
      if (closeDb && db.open) db.close();
    },
  };
}

// ---------------------------------------------------------------- PostgreSQL

const pgConn = (q: pg.Pool | pg.PoolClient): SqlConn => ({
  async all<T>(sql: string, params: readonly Param[] = []) {
    return (await q.query(sql, params as Param[])).rows as T[];
  },
  async run(sql, params = []) {
    return (await q.query(sql, params as Param[])).rowCount ?? 0;
  },
  async lock(key) {
    await q.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
  },
});

/** Over a pool whose connections already have the right search_path (PgStore's pool). */
export function pgDriver(pool: pg.Pool): SqlDb {
  return {
    ...pgConn(pool),
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const r = await fn(pgConn(client));
        await client.query('COMMIT');
        return r;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    },
    // The pool belongs to the game store, which closes it.
    close: async () => {},
  };
}
