// How every connection of the PostgreSQL store is opened: the installation's schema on the search
// path, and BIGINT columns read as numbers (all of ours are times in ms or counts, far below 2^53;
// the driver's default, strings, would leak into every row).
import pg from 'pg';

const INT8 = 20;
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as never,
};

export function clientConfig(url: string, schema: string): pg.ClientConfig {
  return { connectionString: url, options: `-c search_path=${schema}`, types };
}

/** A pool whose idle connection losing its link does not crash the process (the pool replaces it). */
export function openPool(url: string, schema: string, max: number): pg.Pool {
  const pool = new pg.Pool({ ...clientConfig(url, schema), max });
  pool.on('error', () => {});
  return pool;
}
