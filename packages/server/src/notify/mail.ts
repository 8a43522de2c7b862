// E-mail notifications (issue 27 §4), when the operator sets SMTP_URL: a verified address per
// profile gets the same notices as the pushes, at most one message per game per turn (recorded in
// the database, so across restarts and instances), with an unsubscribe link that works without
// signing in. Verification tokens are random (node:crypto), stored as sha256 and expire; the
// unsubscribe token is an HMAC of the player and address under a key derived from the server's
// VAPID private key (kept in the database, so links outlive restarts).
import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { prefixKey } from '../http/address.js';
import { RateBudget, type Rate } from '../limits/budget.js';
import type { EmailRow, NotifyStore, VapidKeys } from '../store/notify/types.js';
import type { Lang } from '@mindmgmt/table';
import { MAIL_WORDS } from './mail-texts.js';
import type { Notice, NoticeChannel } from './notifier.js';
import type { SendQueue } from './queue.js';
import { notifyText } from './texts.js';

/** How long a verification link works. */
export const VERIFY_TTL_MS = 24 * 3600_000;
/** The window over which verification mails to one recipient are counted (`verifyMailsPerRecipient`). */
export const VERIFY_WINDOW_MS = 24 * 3600_000;

/** The budgets of verification mails, apart from the notices' (`notifyPerPlayer`, `notifyTotal`):
 * anyone may ask for one, to any address, so they must never spend what turn notices need. */
export interface VerifyCaps {
  readonly perRecipient: number;
  readonly perPlayer: Rate;
  /** Per network (`prefixKey`) of the asking address: fresh profiles cost an address little, so
   * without it one address kept the server-wide budget spent and nobody else's mail went out. */
  readonly perPrefix: Rate;
  readonly total: Rate;
}

/** The mailbox an address delivers to, as far as the address says: case folded, the "+tag" of
 * sub-addressing dropped, and Gmail's dots (which it ignores) removed. Counting verification mails
 * by this, "v+1@x" and "V+2@x" are one inbox. */
export function normaliseAddress(address: string): string {
  const a = address.trim().toLowerCase();
  const at = a.lastIndexOf('@');
  let local = a.slice(0, at);
  let domain = a.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}

export interface MailConfig {
  /** nodemailer's transport URL (smtp://, smtps://). */
  readonly url: string;
  readonly from: string;
  /** Where links point: the server's public address (https://...). */
  readonly publicUrl: string;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export class Mailer implements NoticeChannel {
  private readonly transport: Transporter;
  private readonly unsubKey: Buffer;
  private readonly recipientHashKey: Buffer;
  private readonly verifyPerPlayer: RateBudget;
  private readonly verifyPerPrefix: RateBudget;
  private readonly verifyTotal: RateBudget;
  /** Verification mails refused, by the cap that refused them. */
  readonly verifyRefused = { player: 0, prefix: 0, recipient: 0, total: 0 };

  constructor(
    private readonly store: NotifyStore,
    private readonly queue: SendQueue,
    keys: VapidKeys,
    private readonly cfg: MailConfig,
    private readonly log: Logger,
    private readonly caps: VerifyCaps,
  ) {
    this.transport = nodemailer.createTransport(cfg.url);
    const derive = (info: string) =>
      Buffer.from(hkdfSync('sha256', Buffer.from(keys.privateKey), Buffer.alloc(0), info, 32));
    this.unsubKey = derive('mindmgmt unsubscribe');
    this.recipientHashKey = derive('mindmgmt recipient');
    this.verifyPerPlayer = new RateBudget(caps.perPlayer);
    this.verifyPerPrefix = new RateBudget(caps.perPrefix);
    this.verifyTotal = new RateBudget(caps.total, 1);
  }

  /** What the database counts a recipient by: a keyed hash of its normalised address, so that the
   * table names no address (a plain hash of an address is found by hashing guesses). */
  recipientKey(address: string): string {
    return createHmac('sha256', this.recipientHashKey).update(normaliseAddress(address)).digest('base64url');
  }

  /** Spends the verification budgets for one mail to `address` from `playerId` asking from
   * `from` (an addressKey): the profile's first and the network's (memory), then the recipient's
   * (database), then the server's, so that mails refused for one flooded inbox or one network
   * spend nothing of what other people's verifications need. */
  private async mayVerify(playerId: string, address: string, from: string, now: number): Promise<boolean> {
    if (!this.verifyPerPlayer.take(playerId, now)) return (void this.verifyRefused.player++, false);
    if (!this.verifyPerPrefix.take(prefixKey(from), now)) return (void this.verifyRefused.prefix++, false);
    const max = this.caps.perRecipient;
    if (max < 1 || !(await this.store.spendRecipient(this.recipientKey(address), now, VERIFY_WINDOW_MS, max)))
      return (void this.verifyRefused.recipient++, false);
    if (!this.verifyTotal.take('*', now)) return (void this.verifyRefused.total++, false);
    return true;
  }

  private link(path: string): string {
    return this.cfg.publicUrl.replace(/\/$/, '') + path;
  }

  private sign(playerId: string, address: string): string {
    return createHmac('sha256', this.unsubKey).update(`${playerId}\0${address}`).digest('base64url');
  }

  unsubscribeToken(playerId: string, address: string): string {
    return `${Buffer.from(playerId).toString('base64url')}.${this.sign(playerId, address)}`;
  }

  /** The address the token was made for is deleted: its language; null when the token is not
   * (or no longer) valid. */
  async unsubscribe(token: string): Promise<Lang | null> {
    const m = /^([A-Za-z0-9_-]{1,100})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!m) return null;
    const playerId = Buffer.from(m[1]!, 'base64url').toString();
    const e = await this.store.emailOf(playerId);
    if (!e) return null;
    const want = Buffer.from(this.sign(playerId, e.address));
    const got = Buffer.from(m[2]!);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
    return (await this.store.deleteEmail(playerId)) ? e.lang : null;
  }

  /** Sets the player's address (unverified) and queues its verification mail (asked from `from`); 'capped' when the
   * mail is over the verification caps (the address is not changed then). */
  async setAddress(
    playerId: string,
    address: string,
    lang: Lang,
    from: string,
    now: number,
  ): Promise<'ok' | 'capped' | 'no-player'> {
    if (!(await this.mayVerify(playerId, address, from, now))) return 'capped';
    const token = randomBytes(32).toString('base64url');
    const row: EmailRow = { playerId, address, lang, verified: false, createdAt: now };
    if ((await this.store.setEmail(row, sha256(token), now + VERIFY_TTL_MS)) === 'no-player') return 'no-player';
    const w = MAIL_WORDS[lang];
    this.queue.offer(() =>
      this.send(address, w.verifySubject, w.verifyBody(this.link(`/api/email/verify?token=${token}`)), null),
    );
    return 'ok';
  }

  /** The language of the address the token verified; null when it is unknown or expired. */
  async verify(token: string, now: number): Promise<Lang | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const playerId = await this.store.verifyEmail(sha256(token), now);
    return playerId ? ((await this.store.emailOf(playerId))?.lang ?? null) : null;
  }

  /** A notice (caps already spent by the notifier): to the verified address, once per game per turn. */
  async deliver(n: Notice): Promise<void> {
    const e = await this.store.emailOf(n.playerId);
    if (!e?.verified) return;
    if (!(await this.store.markMailed(n.playerId, n.gameId, n.turn))) return;
    const t = notifyText(e.lang, n.kind, n.table);
    const w = MAIL_WORDS[e.lang];
    const unsub = this.link(`/api/email/unsubscribe?token=${this.unsubscribeToken(n.playerId, e.address)}`);
    const text = `${t.body}\n\n${w.open}\n${this.link(`/#/g/${n.gameId}`)}\n\n${w.unsubscribe}\n${unsub}\n`;
    await this.send(e.address, t.title, text, unsub);
  }

  private async send(to: string, subject: string, text: string, unsub: string | null): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.cfg.from,
        to,
        subject,
        text,
        ...(unsub
          ? { headers: { 'List-Unsubscribe': `<${unsub}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
          : {}),
      });
      this.queue.done('mail', true);
    } catch (e) {
      this.queue.done('mail', false);
      // Only the SMTP code: a server's message may quote the address, and logs hold no personal data.
      const x = e as { responseCode?: number; code?: string };
      this.log.warn({ smtp: x.responseCode ?? x.code ?? 'error' }, 'mail not sent');
    }
  }

  close(): void {
    this.transport.close();
  }
}
