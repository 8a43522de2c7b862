// E-mail: over real HTTP and WebSockets, with an in-process SMTP server
// (smtp-inbox.ts). An address is used only once verified through its link; a turn, a join, an end
// are mailed in the address's language with the table link and an unsubscribe link that works
// without signing in; one mail per game per turn; the caps hold; a deleted profile's address is
// gone. One suite, run on a SQLite file and on PostgreSQL.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningServer, ServerOptions } from '../../src/app/server.js';
import { SqlNotifyStore } from '../../src/store/notify/sql.js';
import { requestFrom } from '../from-address.js';
import { Client, playOut, testServer } from '../helpers.js';
import { notifyTable } from './notify-table.js';
import { authApi, newPlayer } from '../players/http-players-suite.js';
import type { NotifyStores } from './push-suite.js';
import { SmtpInbox } from './smtp-inbox.js';

const PUBLIC = 'https://mind.example';
const TITLE = 'Mail table';

/** The path of the first link to PUBLIC in a mail's text that contains `part`. */
function linkIn(text: string, part: string): string {
  const m = new RegExp(`${PUBLIC.replace(/\./g, '\\.')}(/[^\\s]*${part}[^\\s]*)`).exec(text);
  expect(m, text).toBeTruthy();
  return m![1]!;
}

export function mailSuite(name: string, open: () => Promise<NotifyStores>): void {
  const inbox = new SmtpInbox();
  beforeAll(() => inbox.start().then(() => undefined));
  afterAll(() => inbox.close());

  async function server(extra: Partial<ServerOptions> = {}): Promise<RunningServer> {
    const s = await open();
    return testServer(s.games, {
      players: s.players,
      notify: new SqlNotifyStore(s.players.db),
      mail: { url: inbox.url, from: 'Mind MGMT <no-reply@mind.example>', publicUrl: PUBLIC },
      ...extra,
    });
  }

  const table = (url: string, ann: string, bob: string) => notifyTable(url, TITLE, ann, bob);

  /** Sets and verifies an address through the link of its verification mail. */
  async function verified(s: RunningServer, token: string, address: string, lang = 'en'): Promise<void> {
    expect((await authApi(s.url, 'PUT', '/api/me/email', token, { address, lang })).status).toBe(200);
    await s.notifier!.queue.idle();
    const [mail] = inbox.to(address).slice(-1);
    const r = await fetch(s.url + linkIn(mail!.text, 'verify'), { method: 'POST' });
    expect(r.status).toBe(200);
  }

  it(`${name}: an address gets nothing until verified; its link verifies once; then a join is mailed in its language with the table link, and the unsubscribe link works without signing in`, async () => {
    const s = await server();
    try {
      const ann = await newPlayer(s.url, 'Ann');
      const bob = await newPlayer(s.url, 'Bob');
      const bad = await authApi(s.url, 'PUT', '/api/me/email', ann.token, { address: 'x\r\nBcc: a@b.c', lang: 'en' });
      expect(bad.status).toBe(400);
      expect(
        (await authApi(s.url, 'PUT', '/api/me/email', ann.token, { address: 'ann@mind.example', lang: 'ja' })).status,
      ).toBe(200);
      await s.notifier!.queue.idle();
      const [verify] = inbox.to('ann@mind.example');
      expect(verify!.subject).toBe('Mind MGMT：メールアドレスの確認');
      // Not verified yet: the join is not mailed.
      await table(s.url, ann.token, bob.token);
      await s.notifier!.queue.idle();
      expect(inbox.to('ann@mind.example')).toHaveLength(1);
      const link = linkIn(verify!.text, 'verify');
      // regression "a mail scanner confirms": opening the link (GET) only shows the button
      const page = await fetch(s.url + link);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<form method="post">');
      expect((await authApi(s.url, 'GET', '/api/me/email', ann.token)).body.verified).toBe(false);
      expect((await fetch(s.url + link, { method: 'POST' })).status).toBe(200);
      expect((await fetch(s.url + link, { method: 'POST' })).status).toBe(400);
      expect((await authApi(s.url, 'GET', '/api/me/email', ann.token)).body).toEqual({
        enabled: true,
        address: 'ann@mind.example',
        verified: true,
      });
      const t = await table(s.url, ann.token, bob.token);
      await s.notifier!.queue.idle();
      const join = inbox.to('ann@mind.example')[1]!;
      expect(join.subject).toBe(`参加者が来ました：${TITLE}`);
      expect(join.text).toContain(`${PUBLIC}/#/g/${t.gameId}`);
      // Nothing but the public words, the table link and the unsubscribe link. Regression: the
      // link's random token once read "…Sp_SSHweTNCwxhL1Vxq…", a player id by this pattern: the
      // token is left out of the search (it is checked below to unsubscribe, and only that).
      expect(join.text.replace(/token=[A-Za-z0-9_.-]+/g, 'token=')).not.toMatch(/p_[A-Za-z0-9_-]{16}|Ann|Bob/);
      expect(join.headers).toMatch(/List-Unsubscribe: <https:\/\/mind\.example\/api\/email\/unsubscribe\?token=/);
      const unsub = linkIn(join.text, 'unsubscribe');
      // A forged token (another signature) does nothing; the real one, without a session, works.
      expect((await fetch(s.url + unsub.slice(0, -3) + 'AAA', { method: 'POST' })).status).toBe(400);
      // regression "a mail scanner unsubscribes": a GET (link preview, prefetch) changes nothing
      expect((await fetch(s.url + unsub)).status).toBe(200);
      expect((await authApi(s.url, 'GET', '/api/me/email', ann.token)).body.address).toBe('ann@mind.example');
      const r = await fetch(s.url + unsub, { method: 'POST' });
      expect(r.status).toBe(200);
      expect(await r.text()).toBe('このアドレスには今後 Mind MGMT からメールを送りません。');
      expect((await authApi(s.url, 'GET', '/api/me/email', ann.token)).body).toEqual({ enabled: true, address: null });
      await table(s.url, ann.token, bob.token);
      await s.notifier!.queue.idle();
      expect(inbox.to('ann@mind.example')).toHaveLength(2);
    } finally {
      await s.close();
    }
  });

  it(`${name}: a turn is mailed once however many moves it takes (and once per game per turn in the store); the caps refuse a mail flood; a deleted profile's address is gone`, async () => {
    const s = await server({
      limits: { notifyPerPlayer: { burst: 3, perMin: 0 }, verifyMailsPerPlayer: { burst: 2, perMin: 0 } },
    });
    const clients: Client[] = [];
    try {
      const ann = await newPlayer(s.url, 'Ann');
      const bob = await newPlayer(s.url, 'Bob');
      await verified(s, bob.token, 'bob@mind.example');
      const t = await table(s.url, ann.token, bob.token);
      const annClient = new Client(s.url);
      const spectator = new Client(s.url);
      clients.push(annClient, spectator);
      await annClient.hello(t.gameId, t.tokens[0]!);
      await spectator.hello(t.gameId, null);
      const started = [annClient, spectator].map((cl) => cl.wait((m) => m.t === 'state' && !!m.view));
      expect((await authApi(s.url, 'POST', `/api/games/${t.gameId}/start`, null, { token: t.tokens[0] })).status).toBe(
        200,
      );
      await Promise.all(started);
      await playOut(
        { gameId: t.gameId, tokens: [], clients: [annClient], bySeat: new Map([[0, annClient]]), spectator },
        () => 0.5,
        { stop: () => (spectator.view?.expected ?? []).some((x: number) => x !== 0) },
      );
      await s.notifier!.queue.idle();
      expect(inbox.to('bob@mind.example').map((m) => m.subject)).toEqual([
        'Mind MGMT: confirm your e-mail address',
        `Your turn at ${TITLE}`,
      ]);
      // The store keeps the turn mailed: another instance (or a restart) does not mail it again.
      const store = s.notifier!.store;
      const turn = `${spectator.view.time}/a`;
      expect(await store.markMailed(bob.id, t.gameId, turn)).toBe(false);
      expect(await store.markMailed(bob.id, t.gameId, `${spectator.view.time + 1}/a`)).toBe(true);
      // Bob's verification budget (2) is spent by the first verification and one more address
      // change (the turn spent the notices' budget, not this one): the next is refused, sends nothing.
      expect(
        (await authApi(s.url, 'PUT', '/api/me/email', bob.token, { address: 'b2@mind.example', lang: 'en' })).status,
      ).toBe(200);
      const flood = await authApi(s.url, 'PUT', '/api/me/email', bob.token, { address: 'b3@mind.example', lang: 'en' });
      expect(flood.status).toBe(429);
      await s.notifier!.queue.idle();
      expect(inbox.to('b3@mind.example')).toEqual([]);
      // Deletion: the address goes with the profile (and no mailed turn can name it).
      const cy = await newPlayer(s.url, 'Cy');
      await verified(s, cy.token, 'cy@mind.example');
      await store.markMailed(cy.id, t.gameId, '1/a');
      expect((await authApi(s.url, 'DELETE', '/api/me', cy.token, { confirm: 'Cy' })).status).toBe(200);
      expect(await store.emailOf(cy.id)).toBeNull();
      await expect(store.markMailed(cy.id, t.gameId, '2/a')).rejects.toThrow();
    } finally {
      for (const c of clients) c.close();
      await s.close();
    }
  });

  it(`${name}: regression: many addresses ask verification mail to one inbox (sub-addressed and in other cases): at most the per-address cap reach it, the server-wide one holds, and a notice still goes out`, async () => {
    const s = await server({
      limits: {
        verifyMailsPerRecipient: 2,
        verifyMailsPerPlayer: { burst: 2, perMin: 0 },
        verifyMailsTotal: { burst: 5, perMin: 0 },
        // Before, verification mails spent the notices' server-wide budget: two were enough to
        // silence every notice.
        notifyTotal: { burst: 2, perMin: 0 },
      },
    });
    const from = (i: number) => `127.0.${60 + i}.1`;
    const call = (i: number, method: string, path: string, body: unknown, token: string | null = null) =>
      requestFrom(s.url, method, path, body, from(i), token ? { authorization: `Bearer ${token}` } : {});
    try {
      const victim = ['victim@mind.example', 'Victim+a@Mind.Example', 'victim+b@mind.example', 'VICTIM@MIND.EXAMPLE'];
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        for (let k = 0; k < 2; k++) {
          const p = await call(i, 'POST', '/api/players', { name: `Flood ${i}.${k}` });
          for (const address of victim.slice(k * 2, k * 2 + 2))
            statuses.push((await call(i, 'PUT', '/api/me/email', { address, lang: 'en' }, p.body.token)).status);
        }
      await s.notifier!.queue.idle();
      const reached = inbox.mails.filter((m) => m.to.some((t) => /victim/i.test(t)));
      expect(reached).toHaveLength(2);
      expect(statuses.filter((x) => x === 200)).toHaveLength(2);
      expect(statuses.filter((x) => x === 429)).toHaveLength(14);
      // Other inboxes, one profile each: the server-wide verification budget (5) holds.
      const others: string[] = [];
      const got: number[] = [];
      for (let i = 0; i < 4; i++) {
        const p = await call(i + 4, 'POST', '/api/players', { name: `Other ${i}` });
        others.push(p.body.token);
        const address = `other${i}@mind.example`;
        got.push((await call(i + 4, 'PUT', '/api/me/email', { address, lang: 'en' }, p.body.token)).status);
      }
      expect(got).toEqual([200, 200, 200, 429]);
      // The notices' budget is whole: other0 (verified) hears of Bob joining its table.
      await s.notifier!.queue.idle();
      const link = linkIn(inbox.to('other0@mind.example')[0]!.text, 'verify');
      expect((await fetch(s.url + link, { method: 'POST' })).status).toBe(200);
      const bob = await newPlayer(s.url, 'Bob');
      await table(s.url, others[0]!, bob.token);
      await s.notifier!.queue.idle();
      expect(inbox.to('other0@mind.example').map((m) => m.subject)).toEqual([
        'Mind MGMT: confirm your e-mail address',
        `Someone joined ${TITLE}`,
      ]);
      // The count per recipient starts again once its window (a day) has passed, in the store.
      const store = s.notifier!.store;
      const spent = [];
      for (let i = 0; i < 3; i++) spent.push(await store.spendRecipient('r', 1000, 100, 2));
      expect(spent).toEqual([true, true, false]);
      expect(await store.spendRecipient('r', 1099, 100, 2)).toBe(false);
      expect(await store.spendRecipient('r', 1100, 100, 2)).toBe(true);
    } finally {
      await s.close();
    }
  });

  it(`${name}: regression: one address's fresh profiles, each asking verification mail to other inboxes, kept the server-wide budget spent; a person at another network still gets theirs`, async () => {
    const s = await server({
      limits: {
        verifyMailsPerPlayer: { burst: 2, perMin: 0 },
        verifyMailsPerPrefix: { burst: 2, perMin: 0 },
        verifyMailsTotal: { burst: 6, perMin: 0 },
      },
    });
    const call = (from: string, method: string, path: string, body: unknown, token: string | null = null) =>
      requestFrom(s.url, method, path, body, from, token ? { authorization: `Bearer ${token}` } : {});
    try {
      const statuses: number[] = [];
      let n = 0;
      for (const from of ['127.0.80.1', '127.0.80.1', '127.0.80.1', '127.0.80.2']) {
        const p = await call(from, 'POST', '/api/players', { name: `Flood ${n}` });
        for (let k = 0; k < 2; k++) {
          const address = `flood${n++}@mind.example`;
          statuses.push((await call(from, 'PUT', '/api/me/email', { address, lang: 'en' }, p.body.token)).status);
        }
      }
      expect(statuses.filter((x) => x === 200)).toHaveLength(2);
      const ann = await call('127.0.81.1', 'POST', '/api/players', { name: 'Ann' });
      const r = await call(
        '127.0.81.1',
        'PUT',
        '/api/me/email',
        { address: 'newcomer@mind.example', lang: 'en' },
        ann.body.token,
      );
      expect(r.status).toBe(200);
      await s.notifier!.queue.idle();
      expect(inbox.to('newcomer@mind.example')).toHaveLength(1);
    } finally {
      await s.close();
    }
  });
}
