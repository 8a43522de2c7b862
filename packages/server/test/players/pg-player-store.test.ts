// The PlayerStore suite on a real PostgreSQL (scripts/ensure-postgres.mjs), beside a PgStore in
// its own schema; the player tables come with the game store's migration 100.
import { expect, it } from 'vitest';
import { PG_MIGRATIONS } from '../../src/store/migrations/pg/index.js';
import { pgPlayerStore } from '../../src/store/players/pg.js';
import { cleanupSchemas, describePg, openPg } from '../pg-helpers.js';
import { playerFlowsSuite } from './player-flows-suite.js';
import { afterOfflineMigration, beforeOfflineMigration, type Exec } from './offline-migration.js';
import { playerStoreSuite, type Stores } from './player-store-suite.js';

describePg('PostgreSQL player store', (url) => {
  cleanupSchemas(url);
  const postgres = async (): Promise<Stores> => {
    const games = await openPg(url);
    const players = pgPlayerStore(games);
    return { games, players, close: async () => (await players.close(), await games.close()) };
  };
  playerStoreSuite('postgres', postgres);
  playerFlowsSuite('postgres', postgres);

  it('migration 100 (players) is part of the game store migrations', async () => {
    expect(PG_MIGRATIONS.map((m) => [m.version, m.name])).toContainEqual([100, 'players']);
    const games = await openPg(url);
    const tables = await games.pool.query<{ t: string }>(
      `SELECT table_name AS t FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1`,
      [games.schema],
    );
    expect(tables.rows.map((r) => r.t)).toEqual(
      expect.arrayContaining(['players', 'sessions', 'player_games', 'ratings', 'campaigns', 'campaign_games', 'chat']),
    );
    await games.close();
  });

  it("regression: uploads made before migration 109 leave the bot profiles and are noted as their uploaders' (postgres)", async () => {
    const games = await openPg(url);
    const exec: Exec = async (sql, params = []) => (await games.pool.query(sql, params)).rows;
    // the schema as it was before 109
    await exec('DROP TABLE offline_games');
    await exec('DELETE FROM schema_migrations WHERE version = 109');
    await beforeOfflineMigration(exec);
    await exec(PG_MIGRATIONS.find((m) => m.version === 109)!.sql);
    await afterOfflineMigration(exec);
    await games.close();
  });
});
