// NotifyStore over SQL (SQLite or PostgreSQL through the players' sql-driver.ts), on the tables of
// migration 106. Statements in the `$n` convention (store/sql/params.ts).
import type { SqlDb } from '../players/sql-driver.js';
import type { EmailRow, NotifyStore, PresenceKey, PushSubRow, VapidKeys } from './types.js';
import type { Lang } from '@mindmgmt/table';

/** Rows per INSERT of a presence refresh (3 parameters each, well under both drivers' limits). */
const PRESENCE_BATCH = 200;

interface RawSub {
  endpoint: string;
  player_id: string;
  p256dh: string;
  auth: string;
  lang: string;
  created_at: number | string;
}
const sub = (r: RawSub): PushSubRow => ({
  endpoint: r.endpoint,
  playerId: r.player_id,
  p256dh: r.p256dh,
  auth: r.auth,
  lang: r.lang as Lang,
  createdAt: Number(r.created_at),
});
interface RawEmail {
  player_id: string;
  address: string;
  lang: string;
  verified: boolean | number;
  created_at: number | string;
}
const email = (r: RawEmail): EmailRow => ({
  playerId: r.player_id,
  address: r.address,
  lang: r.lang as Lang,
  verified: r.verified === true || r.verified === 1,
  createdAt: Number(r.created_at),
});

export class SqlNotifyStore implements NotifyStore {
  constructor(private readonly db: SqlDb) {}

  async vapidKeys(made: () => VapidKeys, now: number): Promise<VapidKeys> {
    const read = () =>
      this.db.all<{ public_key: string; private_key: string }>('SELECT public_key, private_key FROM vapid_keys');
    let [k] = await read();
    if (!k) {
      const m = made();
      await this.db.run(
        'INSERT INTO vapid_keys (id, public_key, private_key, created_at) VALUES (1, $1, $2, $3) ON CONFLICT (id) DO NOTHING',
        [m.publicKey, m.privateKey, now],
      );
      [k] = await read();
    }
    return { publicKey: k!.public_key, privateKey: k!.private_key };
  }

  addPushSub(s: PushSubRow, max: number): Promise<'ok' | 'full' | 'no-player'> {
    return this.db.tx(async (c) => {
      await c.lock(`push:${s.playerId}`);
      if (!(await c.all('SELECT 1 FROM players WHERE id = $1', [s.playerId])).length) return 'no-player';
      const [n] = await c.all<{ n: number | string }>(
        'SELECT count(*) AS n FROM push_subscriptions WHERE player_id = $1 AND endpoint <> $2',
        [s.playerId, s.endpoint],
      );
      if (Number(n!.n) >= max) return 'full';
      await c.run('DELETE FROM push_subscriptions WHERE endpoint = $1', [s.endpoint]);
      await c.run(
        'INSERT INTO push_subscriptions (endpoint, player_id, p256dh, auth, lang, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
        [s.endpoint, s.playerId, s.p256dh, s.auth, s.lang, s.createdAt],
      );
      return 'ok';
    });
  }

  async removePushSub(playerId: string, endpoint: string): Promise<boolean> {
    return (
      (await this.db.run('DELETE FROM push_subscriptions WHERE player_id = $1 AND endpoint = $2', [
        playerId,
        endpoint,
      ])) > 0
    );
  }

  async dropPushSub(endpoint: string): Promise<void> {
    await this.db.run('DELETE FROM push_subscriptions WHERE endpoint = $1', [endpoint]);
  }

  async pushSubsOf(playerId: string): Promise<PushSubRow[]> {
    return (
      await this.db.all<RawSub>('SELECT * FROM push_subscriptions WHERE player_id = $1 ORDER BY created_at', [playerId])
    ).map(sub);
  }

  setEmail(e: EmailRow, tokenHash: string, tokenExpires: number): Promise<'ok' | 'no-player'> {
    return this.db.tx(async (c) => {
      if (!(await c.all('SELECT 1 FROM players WHERE id = $1', [e.playerId])).length) return 'no-player';
      await c.run('DELETE FROM email_addresses WHERE player_id = $1', [e.playerId]);
      await c.run(
        'INSERT INTO email_addresses (player_id, address, lang, verified, token_hash, token_expires, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [e.playerId, e.address, e.lang, false, tokenHash, tokenExpires, e.createdAt],
      );
      return 'ok';
    });
  }

  async verifyEmail(tokenHash: string, now: number): Promise<string | null> {
    const rows = await this.db.all<{ player_id: string }>(
      'UPDATE email_addresses SET verified = $1, token_hash = NULL, token_expires = NULL WHERE token_hash = $2 AND token_expires > $3 RETURNING player_id',
      [true, tokenHash, now],
    );
    return rows[0]?.player_id ?? null;
  }

  async emailOf(playerId: string): Promise<EmailRow | null> {
    const [r] = await this.db.all<RawEmail>('SELECT * FROM email_addresses WHERE player_id = $1', [playerId]);
    return r ? email(r) : null;
  }

  async deleteEmail(playerId: string): Promise<boolean> {
    await this.db.run('DELETE FROM mailed_turns WHERE player_id = $1', [playerId]);
    return (await this.db.run('DELETE FROM email_addresses WHERE player_id = $1', [playerId])) > 0;
  }

  async markMailed(playerId: string, gameId: string, turn: string): Promise<boolean> {
    const n = await this.db.run(
      `INSERT INTO mailed_turns (player_id, game_id, turn) VALUES ($1, $2, $3)
       ON CONFLICT (player_id, game_id) DO UPDATE SET turn = excluded.turn WHERE mailed_turns.turn <> excluded.turn`,
      [playerId, gameId, turn],
    );
    return n > 0;
  }

  spendRecipient(recipient: string, now: number, windowMs: number, max: number): Promise<boolean> {
    return this.db.tx(async (c) => {
      const ended = now - windowMs;
      await c.run('DELETE FROM mail_recipients WHERE window_start <= $1', [ended]);
      const n = await c.run(
        `INSERT INTO mail_recipients (recipient, window_start, sent) VALUES ($1, $2, 1)
         ON CONFLICT (recipient) DO UPDATE SET sent = mail_recipients.sent + 1 WHERE mail_recipients.sent < $3`,
        [recipient, now, max],
      );
      return n > 0;
    });
  }

  refreshPresence(instance: string, held: readonly PresenceKey[], expiresAt: number, now: number): Promise<void> {
    return this.db.tx(async (c) => {
      await c.run('DELETE FROM presence WHERE instance = $1 OR expires_at < $2', [instance, now]);
      for (let i = 0; i < held.length; i += PRESENCE_BATCH) {
        const part = held.slice(i, i + PRESENCE_BATCH);
        const rows = part.map((_, j) => `($${3 * j + 3}, $${3 * j + 4}, $1, $2)`).join(', ');
        await c.run(
          `INSERT INTO presence (game_id, token_hash, instance, expires_at) VALUES ${rows} ON CONFLICT DO NOTHING`,
          [instance, expiresAt, ...part.flatMap((k) => [k.gameId, k.tokenHash])],
        );
      }
    });
  }

  async setPresence(instance: string, k: PresenceKey, expiresAt: number | null): Promise<void> {
    if (expiresAt === null)
      await this.db.run('DELETE FROM presence WHERE game_id = $1 AND token_hash = $2 AND instance = $3', [
        k.gameId,
        k.tokenHash,
        instance,
      ]);
    else
      await this.db.run(
        `INSERT INTO presence (game_id, token_hash, instance, expires_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (game_id, token_hash, instance) DO UPDATE SET expires_at = excluded.expires_at`,
        [k.gameId, k.tokenHash, instance, expiresAt],
      );
  }

  async presentElsewhere(instance: string, gameId: string, tokenHashes: readonly string[], now: number) {
    if (!tokenHashes.length) return new Set<string>();
    const list = tokenHashes.map((_, i) => `$${i + 4}`).join(', ');
    const rows = await this.db.all<{ token_hash: string }>(
      `SELECT DISTINCT token_hash FROM presence
       WHERE game_id = $1 AND instance <> $2 AND expires_at >= $3 AND token_hash IN (${list})`,
      [gameId, instance, now, ...tokenHashes],
    );
    return new Set(rows.map((r) => r.token_hash));
  }
}
