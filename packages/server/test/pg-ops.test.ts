// PostgreSQL side of docs/operations.md: readiness fails while the database cannot be written,
// and the documented pg_dump / pg_restore steps bring the games back, on the test cluster.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { expect, it } from 'vitest';
import { PgStore } from '../src/store/pg/store.js';
import { api, closeTable, mulberry, openTable, playOut, testServer } from './helpers.js';
import { cleanupSchemas, describePg, freshSchema, openPg } from './pg-helpers.js';
import { tempDir } from './temp-dir.js';
import { shutdownDrill } from './ops-suite.js';

const run = promisify(execFile);

/** The client binaries of the newest installed PostgreSQL (Debian's layout), else PATH. */
function pgBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const p = path.join(root, v, 'bin', name);
    if (fs.existsSync(p)) return p;
  }
  return name;
}

describePg('operations on PostgreSQL', (url) => {
  cleanupSchemas(url);
  it('regression: health said ok while PostgreSQL was cut off (ready fails with the database)', async () => {
    const store = await openPg(url);
    const srv = await testServer(store, { readyTimeoutMs: 1000, readyReuseMs: 0 });
    try {
      expect((await api(srv.url, 'GET', '/api/ready')).status).toBe(200);
      // The connections to the database are gone.
      await store.pool.end();
      const r = await api(srv.url, 'GET', '/api/ready');
      expect(r.status).toBe(503);
      expect(r.body.reason).toMatch(/^database/);
      expect((await api(srv.url, 'GET', '/api/health')).status).toBe(200);
    } finally {
      await srv.close().catch(() => {});
    }
  });

  it('regression: ready said ok while PostgreSQL refused writes (a read-only session: default_transaction_read_only)', async () => {
    const role = `mm_ro_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE ROLE ${role} LOGIN SUPERUSER`);
    const as = new URL(url);
    as.username = role;
    const srv = await testServer(await openPg(as.toString()), { readyTimeoutMs: 1000, readyReuseMs: 0 });
    const kick = () => admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1', [role]);
    try {
      expect((await api(srv.url, 'GET', '/api/ready')).status).toBe(200);
      // Its new sessions are read-only (as on a standby, or a database set read-only for maintenance).
      await admin.query(`ALTER ROLE ${role} SET default_transaction_read_only = on`);
      await kick();
      // The first probes may meet the killed connections; then the pool's new, read-only ones.
      let r = await api(srv.url, 'GET', '/api/ready');
      for (let i = 0; i < 20 && !/read-only/.test(r.body.reason ?? ''); i++) {
        await new Promise((res) => setTimeout(res, 50));
        r = await api(srv.url, 'GET', '/api/ready');
      }
      expect(r.status).toBe(503);
      expect(r.body.reason).toMatch(/^database: .*read-only/);
      expect((await api(srv.url, 'GET', '/api/health')).status).toBe(200);
    } finally {
      await srv.close().catch(() => {});
      await kick();
      await admin.query(`DROP OWNED BY ${role}`);
      await admin.query(`DROP ROLE ${role}`);
      await admin.end();
    }
  });

  it('regression: a shutdown looked like a crash (1006) and could drop the move being acknowledged', async () => {
    const schema = freshSchema('stop');
    await shutdownDrill(await openPg(url, schema), () => openPg(url, schema));
  });

  it('pg_dump and pg_restore (docs/operations.md) bring back every acknowledged action', async () => {
    const schema = freshSchema('dump');
    const store = await openPg(url, schema);
    const srv = await testServer(store);
    const t = await openTable(srv.url, { mode: 'training', players: 2 });
    const acked = new Map<number, unknown>();
    await playOut(t, mulberry(3), { onAck: (seq, a) => acked.set(seq, a), stop: () => acked.size >= 8 });
    closeTable(t);
    await srv.close();

    // The documented steps: dump the server's schema in the custom format, restore it.
    const file = path.join(tempDir('mm-pgdump-'), 'mindmgmt.dump');
    await run(pgBin('pg_dump'), ['--format=custom', `--schema=${schema}`, `--file=${file}`, url]);
    // The data is lost (the schema dropped), then restored from the dump.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
    await run(pgBin('pg_restore'), ['--no-owner', '--clean', '--if-exists', `--dbname=${url}`, file]);

    const back = await PgStore.open(url, { schema, poolSize: 2 });
    try {
      const row = await back.getGame(t.gameId);
      const log = await back.allActions(t.gameId);
      expect(row!.seq).toBe(Math.max(...acked.keys()));
      expect(log.length).toBe(row!.seq);
      for (const [seq, action] of acked) expect(log[seq - 1]).toMatchObject(action as object);
    } finally {
      await back.close();
    }
  });
});
