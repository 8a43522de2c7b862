// The storage boundary for notifications (issue 27 §4; migration 106): the server's VAPID keys,
// the push subscriptions of each profile's devices, e-mail addresses and the turns mailed about.
// One implementation over SQL (sql.ts) serves SQLite and PostgreSQL.
import type { Lang } from '@mindmgmt/table';

export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
}

export interface PushSubRow {
  readonly endpoint: string;
  readonly playerId: string;
  /** The device's P-256 public key and auth secret (base64url), as the browser gave them. */
  readonly p256dh: string;
  readonly auth: string;
  readonly lang: Lang;
  readonly createdAt: number;
}

export interface EmailRow {
  readonly playerId: string;
  readonly address: string;
  readonly lang: Lang;
  readonly verified: boolean;
  readonly createdAt: number;
}

export interface NotifyStore {
  /** The stored key pair, or `made` stored first when there is none (the first start; two
   * instances starting together both end up with the one that was stored first). */
  vapidKeys(made: () => VapidKeys, now: number): Promise<VapidKeys>;
  /** Adds (or moves to this player) a device's subscription: 'full' when the player already has
   * `max` other subscriptions, 'no-player' when the player is gone. */
  addPushSub(s: PushSubRow, max: number): Promise<'ok' | 'full' | 'no-player'>;
  /** Removes a subscription of this player (false: none such). */
  removePushSub(playerId: string, endpoint: string): Promise<boolean>;
  /** An expired subscription (the push service answered 404 or 410). */
  dropPushSub(endpoint: string): Promise<void>;
  pushSubsOf(playerId: string): Promise<PushSubRow[]>;

  /** Sets the player's address, unverified, with the hash of its verification token. */
  setEmail(e: EmailRow, tokenHash: string, tokenExpires: number): Promise<'ok' | 'no-player'>;
  /** Marks the address of this token verified when the token has not expired; the player id. */
  verifyEmail(tokenHash: string, now: number): Promise<string | null>;
  emailOf(playerId: string): Promise<EmailRow | null>;
  deleteEmail(playerId: string): Promise<boolean>;
  /** Records that the player was mailed about `turn` of the game; false when that turn was
   * mailed already (at most one message per game per turn, across instances). */
  markMailed(playerId: string, gameId: string, turn: string): Promise<boolean>;
  /** Counts one verification mail to `recipient` (a keyed hash of the normalised address): false
   * (nothing counted) when `max` were counted since its window of `windowMs` began. A window
   * begins with the first mail after the last one ended; ended windows are forgotten. */
  spendRecipient(recipient: string, now: number, windowMs: number, max: number): Promise<boolean>;

  /** Presence (migration 130): `instance` holds exactly these (game, token hash) pairs until
   * `expiresAt`; its other rows and everyone's rows expired before `now` go. */
  refreshPresence(instance: string, held: readonly PresenceKey[], expiresAt: number, now: number): Promise<void>;
  /** One pair came online (`expiresAt`) or went offline (null) on `instance`. */
  setPresence(instance: string, key: PresenceKey, expiresAt: number | null): Promise<void>;
  /** Which of `tokenHashes` are connected to the game on an instance other than `instance`. */
  presentElsewhere(instance: string, gameId: string, tokenHashes: readonly string[], now: number): Promise<Set<string>>;
}

export interface PresenceKey {
  readonly gameId: string;
  readonly tokenHash: string;
}
