// Migration 109 on a database that holds uploads made before it (both backends): each upload is
// noted as its uploader's offline game, and the rows it gave the bot's profile go.
import { expect } from 'vitest';

/** Runs one statement (the `$n` form) and answers its rows. */
export type Exec = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** Rows as before migration 109: an uploaded game (its `local` option) and one played here. */
export async function beforeOfflineMigration(exec: Exec): Promise<void> {
  await exec(
    `INSERT INTO players (id, name, created_at, password_hash, bot) VALUES ('p_migrationann00', 'Ann', 0, NULL, NULL)`,
  );
  await exec(`INSERT INTO players (id, name, created_at, password_hash, bot) VALUES ('bot-mig', 'Bot', 0, NULL, 'hard')
    ON CONFLICT (id) DO NOTHING`);
  const game = (id: string, local: boolean) =>
    exec(
      `INSERT INTO games (id, title, created_at, status, options, seq, updated_at) VALUES ($1, 't', 1, 'over', $2, 0, 1)`,
      [id, JSON.stringify({ mode: 'training', rated: false, ...(local ? { local: true } : {}) })],
    );
  await game('g_uploaded', true);
  await game('g_played', false);
  for (const [player, gameId, seat] of [
    ['p_migrationann00', 'g_uploaded', 1],
    ['bot-mig', 'g_uploaded', 0],
    ['p_migrationann00', 'g_played', 1],
    ['bot-mig', 'g_played', 0],
  ] as const)
    await exec(
      `INSERT INTO player_games (player_id, game_id, finished_at, role, seat, place, mode, won, rated, campaign_id)
       VALUES ($1, $2, 1, $3, $4, NULL, 'training', $5, $5, NULL)`,
      [player, gameId, seat === 0 ? 'recruiter' : 'agents', seat, false],
    );
}

export async function afterOfflineMigration(exec: Exec): Promise<void> {
  const offline = await exec('SELECT player_id, game_id FROM offline_games ORDER BY 1, 2');
  expect(offline).toEqual([{ player_id: 'p_migrationann00', game_id: 'g_uploaded' }]);
  const rows = await exec('SELECT player_id, game_id FROM player_games ORDER BY 1, 2');
  expect(rows).toEqual([
    { player_id: 'bot-mig', game_id: 'g_played' },
    { player_id: 'p_migrationann00', game_id: 'g_played' },
    { player_id: 'p_migrationann00', game_id: 'g_uploaded' },
  ]);
}
