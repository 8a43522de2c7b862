// Names, titles and notes that corrupt what others read, impersonate bots or the
// server, or smuggle prototype keys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/app/server.js';
import { api, openTable, testServer } from './helpers.js';

let srv: RunningServer;
beforeAll(async () => {
  srv = await testServer();
});
afterAll(async () => {
  await srv.close();
});

const base = { name: 'Ann', mode: 'training', players: 2, bots: {}, turnTimerSec: null };

const HOSTILE_TEXT: [string, string][] = [
  ['NUL', 'Ann\u0000'],
  ['ESC (terminal escape)', '\u001b[31mAnn'],
  ['newline', 'Ann\nHost: everyone'],
  ['C1 control', 'Ann\u0085'],
  ['line separator', 'Ann\u2028x'],
  ['bidi override', '\u202edrah( toB'],
  ['bidi isolate', 'Ann\u2067x\u2069'],
  ['zero-width only', '\u200b\u200c\u200d'],
  ['word joiner and BOM only', '\u2060\ufeff'],
  ['Hangul filler only', '\u3164\u3164'],
  ['braille blank only', '\u2800'],
  ['combining marks only', '\u0301\u0302'],
];

describe('attack: control, bidi and invisible characters in names and titles', () => {
  it('create and join refuse each hostile name with a clear 400, and a hostile title', async () => {
    for (const [what, name] of HOSTILE_TEXT) {
      const r = await api(srv.url, 'POST', '/api/games', { ...base, name });
      expect(r.status, what).toBe(400);
      expect(r.body.error.message, what).toMatch(/display name/i);
      const t = await api(srv.url, 'POST', '/api/games', { ...base, title: `Game ${name}` });
      if (what.includes('only')) expect(t.status, what).toBe(200);
      else expect(t.status, `title with ${what}`).toBe(400);
    }
    const t = await api(srv.url, 'POST', '/api/games', { ...base, title: '\u200b\u200b' });
    expect(t.status).toBe(400);
    expect(t.body.error.message).toMatch(/title/i);
    const c = await api(srv.url, 'POST', '/api/games', base);
    for (const [what, name] of HOSTILE_TEXT) {
      const j = await api(srv.url, 'POST', `/api/games/${c.body.gameId}/join`, { name });
      expect(j.status, what).toBe(400);
    }
    // Ordinary names in any script stay welcome.
    for (const name of ['Zoë', '李雷', 'ミキ', 'Ахмед', 'Robo Cop', 'Bottle', 'A B']) {
      const ok = await api(srv.url, 'POST', '/api/games', { ...base, name });
      expect(ok.status, name).toBe(200);
    }
  });

  it('names that pass for a bot or the server are refused', async () => {
    for (const name of [
      'Bot (hard)',
      'bot (easy)',
      'BOT',
      'B0t (hard)',
      'Вot (expert)',
      'Ｂｏｔ',
      'System',
      'SYSTEM',
      'Server',
      'admin',
      'M1nd MGMT',
    ]) {
      const r = await api(srv.url, 'POST', '/api/games', { ...base, name });
      expect(r.status, name).toBe(400);
      expect(r.body.error.message).toMatch(/reserved/);
    }
  });
});

describe('attack: prototype and unknown keys', () => {
  it('"__proto__" in bots, at the top level or in join is refused, not silently dropped', async () => {
    const bodies = [
      `{"name":"Ann","mode":"full","players":2,"turnTimerSec":null,"bots":{"__proto__":{"2":"hard"}}}`,
      `{"name":"Ann","mode":"full","players":2,"turnTimerSec":null,"bots":{},"__proto__":{"players":5}}`,
      `{"name":"Ann","mode":"full","players":2,"turnTimerSec":null,"bots":{"constructor":"hard"}}`,
      `{"name":"Ann","mode":"full","players":2,"turnTimerSec":null,"bots":{},"isAdmin":true}`,
    ];
    for (const b of bodies) {
      const r = await api(srv.url, 'POST', '/api/games', b);
      expect(r.status, b).toBe(400);
      expect(r.body.error.code).toBe('malformed');
      expect(r.body.error.message.length).toBeGreaterThan(5);
    }
    const c = await api(srv.url, 'POST', '/api/games', base);
    const j = await api(srv.url, 'POST', `/api/games/${c.body.gameId}/join`, `{"name":"Bo","__proto__":{"place":1}}`);
    expect(j.status).toBe(400);
  });
});

describe('attack: control and bidi characters in note texts', () => {
  it('a note with hostile text is refused; the state does not change', async () => {
    const t = await openTable(srv.url, { mode: 'training', players: 2 });
    const c = t.clients[0]!;
    const seq = (await srv.service.master.getLive(t.gameId))!.state!.seq;
    for (const [what, text] of HOSTILE_TEXT) {
      const r = await c.request(
        {
          t: 'act',
          gameId: t.gameId,
          seq,
          action: { type: 'note', at: 3, note: { from: null, to: null, crossed: [], text } },
          id: 'n',
        },
        (m) => m.id === 'n',
      );
      expect(r.t, what).toBe('error');
      expect(r.code).toBe('malformed');
      expect(r.message).toMatch(/note/i);
    }
    expect((await srv.service.master.getLive(t.gameId))!.state!.seq).toBe(seq);
    for (const x of [...t.clients, t.spectator]) x.close();
  });
});
