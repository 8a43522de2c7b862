// Secrecy: >= 200 random games through real sockets. Every frame to agent seats and spectators,
// every HTTP response and every error text is checked, structurally and by value, until the
// game is over. Logs are checked to carry only whitelisted (non-secret) fields.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GameState } from '@mindmgmt/engine';
import { SqliteStore } from '../src/store/sqlite.js';
import { api, closeTable, type LogSink, mulberry, openTable, playOut, type TableSpec, testServer } from './helpers.js';

const GAMES = 200;
const PARALLEL = 8;
const FORBIDDEN_KEYS = new Set([
  'secret',
  'path',
  'cards',
  'deck',
  'initialDeck',
  'secondMindSlipHeld',
  'acquiredMindSlip',
  'askOptions',
  'unrevealed',
  'contacts',
  'seed',
  'tokenHash',
]);
const LOG_KEYS = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'svc',
  'gameId',
  'seq',
  'type',
  'seat',
  'mode',
  'players',
  'agentSeats',
  'place',
  'closed',
  'winner',
  'reason',
  'port',
  'games',
  'code',
  'why',
  'err',
  'sig',
  'stored',
  'engine',
  'rowSeq',
  'route',
  'dataDir',
]);

interface Secrets {
  card: string | null;
  paths: Set<string>;
  cards: string | null;
  decks: Set<string>;
}

function walk(x: unknown, visit: (k: string, v: unknown) => void): void {
  if (Array.isArray(x)) for (const v of x) walk(v, visit);
  else if (x && typeof x === 'object')
    for (const [k, v] of Object.entries(x)) {
      visit(k, v);
      walk(v, visit);
    }
}

function leaks(text: string, s: Secrets): string | null {
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  let problem: string | null = null;
  walk(m, (k, v) => {
    if (FORBIDDEN_KEYS.has(k)) problem ??= `key ${k}`;
    if (k === 'recruiter' && v !== null && typeof v === 'object') problem ??= 'recruiter secrets';
  });
  if (problem) return problem;
  const clean = JSON.stringify(m, (k, v) => (k === 'potentialRecruiterCards' ? undefined : v));
  if (s.card && clean.includes(`"${s.card}"`)) return `recruiter card ${s.card}`;
  for (const p of s.paths) if (clean.includes(p)) return `path ${p}`;
  if (s.cards && clean.includes(s.cards)) return 'feature cards';
  for (const d of s.decks) if (clean.includes(d)) return 'deck order';
  return null;
}

function note(s: Secrets, st: GameState): void {
  s.card = st.recruiterCard;
  if (st.path.length >= 5) s.paths.add(JSON.stringify(st.path).slice(1, -1));
  if (st.cards.length === 3) s.cards = JSON.stringify(st.cards);
  if (st.deck.length >= 4) s.decks.add(JSON.stringify(st.deck));
  s.decks.add(JSON.stringify(st.initialDeck));
}

const NEVER_AGENT = [
  () => ({ type: 'step', to: 14 }),
  () => ({ type: 'answerAsk', at: null }),
  () => ({ type: 'chooseStart', at: 20 }),
  () => ({ type: 'mindSlip', to: 8, token: 1 }),
  () => ({ type: 'endTurn' }),
  () => ({ type: 'moveImmortal', from: 14, to: 15 }),
];

describe('secrecy', () => {
  it(`${GAMES} random games: agents and spectators never see a hidden fact`, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-secret-'));
    const sink: LogSink = { lines: [] };
    const srv = await testServer(SqliteStore.inDir(dir), {}, sink);
    const rng = mulberry(2024);
    let checkedFrames = 0;
    let checkedHttp = 0;
    let finished = 0;
    const cards = ['random', 'choose', 'carl', 'girl'] as const;
    async function one(i: number): Promise<void> {
      const players = 2 + (i % 4);
      const spec: TableSpec = {
        mode: i % 3 === 0 ? 'full' : 'training',
        players,
        recruiterCard: cards[i % 4],
        recruiterChoice: i % 2 ? 'random' : 'host',
        bots: i % 5 === 4 ? { [String(players)]: 'random' } : {},
      };
      const t = await openTable(srv.url, spec);
      const s: Secrets = { card: null, paths: new Set(), cards: null, decks: new Set() };
      const grng = mulberry(1000 + i);
      let step = 0;
      const agentTokens = t.tokens.filter((tok, idx) => tok && t.clients[idx] && t.clients[idx]!.seat !== 0);
      await playOut(t, grng, {
        onStep: async () => {
          const st = (await srv.service.stateOf(t.gameId))!;
          if (st.result) return;
          note(s, st);
          step++;
          // Agents try recruiter-only actions: the error texts are checked below.
          const agents = t.clients.filter((c) => c.seat !== 0);
          if (agents.length && grng() < 0.15) {
            const c = agents[Math.floor(grng() * agents.length)]!;
            const a = NEVER_AGENT[Math.floor(grng() * NEVER_AGENT.length)]!();
            const r = await c.request(
              { t: 'act', gameId: t.gameId, seq: st.seq, action: a, id: 'x' },
              (m) => m.id === 'x',
            );
            expect(r.t).toBe('error');
          }
          if (step % 15 === 0) {
            const texts = [
              (await api(srv.url, 'GET', `/api/games/${t.gameId}`)).text,
              (await api(srv.url, 'GET', `/api/games/${t.gameId}/record`)).text,
              (await api(srv.url, 'POST', '/api/my-games', { tokens: agentTokens })).text,
              (await api(srv.url, 'GET', '/api/games')).text,
            ];
            expect(JSON.parse(texts[1]!).error.code).toBe('not_over');
            for (const x of texts) {
              const l = leaks(x, s);
              if (l) throw new Error(`HTTP leak (${l}): ${x.slice(0, 200)}`);
              checkedHttp++;
            }
          }
        },
      });
      const final = (await srv.service.stateOf(t.gameId))!;
      note(s, { ...final, deck: final.deck });
      s.card = final.recruiterCard;
      for (const c of [...t.clients.filter((c) => c.seat !== 0), t.spectator]) {
        for (const f of c.frames) {
          const m = JSON.parse(f);
          if ((m.t === 'events' || m.t === 'state') && m.view.result) break; // after the game: full reveal
          if (m.t === 'lobby' && m.lobby.result) break;
          const l = leaks(f, s);
          if (l) throw new Error(`leak to ${String(c.seat)} (${l}): ${f.slice(0, 300)}`);
          checkedFrames++;
        }
      }
      // Positive control: the detector does flag the recruiter's own frames.
      const rc = t.bySeat.get(0);
      if (rc) expect(rc.frames.some((f) => leaks(f, s) !== null)).toBe(true);
      // After the game the reveal is there.
      expect(t.spectator.view.recruiter).not.toBeNull();
      closeTable(t);
      finished++;
    }
    let next = 0;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < GAMES) await one(next++);
      }),
    );
    expect(finished).toBe(GAMES);
    expect(checkedFrames).toBeGreaterThan(GAMES * 50);
    expect(checkedHttp).toBeGreaterThan(GAMES);
    // Logs: only whitelisted fields (no locations, no views, no state).
    expect(sink.lines.length).toBeGreaterThan(GAMES * 20);
    for (const line of sink.lines) {
      const o = JSON.parse(line) as Record<string, unknown>;
      for (const k of Object.keys(o)) if (!LOG_KEYS.has(k)) throw new Error(`log field ${k}: ${line.slice(0, 200)}`);
    }
    await srv.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 240_000);
});
