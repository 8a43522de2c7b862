// D12 over real sockets: nothing another seat or a spectator can read tells of the recruiter's
// unsettled turn or of its undo. Before and after each hidden recruiter action and each undo of
// the recruiter, everything an agent and a spectator can get is compared: the frames on their
// live connections, a fresh reconnect's frames (without `lastSeq`, with the one they hold, with
// an older one), a chat message said right then (its frame and the chat history route), the
// table's info, the player's game list and the live tables list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { expectedSeats, type GameState, publicSeq } from '@mindmgmt/engine';
import type { RunningServer } from '../src/app/server.js';
import { MemoryStore } from '../src/store/memory.js';
import { MemoryPlayerStore } from '../src/store/players/memory.js';
import { api, Client, closeTable, mulberry, openTable, type Table, testServer } from './helpers.js';

/** A seat may say 5 messages at once (players/chat.ts CHAT_RATE): each writer says at most this
 * many per game, so no chat probe waits on the wall clock. */
const SAID_PER_WRITER = 4;

let srv: RunningServer;
beforeAll(async () => {
  const games = new MemoryStore();
  srv = await testServer(games, { players: new MemoryPlayerStore(games) });
});
afterAll(async () => {
  await srv?.close();
});

const stateOf = async (t: Table): Promise<GameState> => (await srv.service.master.getLive(t.gameId))!.state!;

/** The seqs a live client was shown, oldest first, each once. */
function seqsOf(c: Client): number[] {
  const seqs: number[] = [];
  for (const m of c.msgs)
    if ((m.t === 'state' || m.t === 'events') && seqs[seqs.length - 1] !== m.view.seq) seqs.push(m.view.seq);
  return seqs;
}

/** What the observers other than the recruiter can get now, chat said aside. */
interface Seen {
  /** Per observer (its seat, or 'spectator'), a fresh connection's frames after `hello`, by the
   * `lastSeq` it sent: none, the one its live connection holds, older ones it was shown. */
  reconnect: Record<string, Record<string, string[]>>;
  /** The table's info, its chat history, the agents' game list, the table in the live list. */
  http: string[];
}

async function reconnect(t: Table, token: string | null, lastSeq: number | undefined): Promise<Client> {
  const c = new Client(srv.url);
  await c.open();
  await c.request({ t: 'hello', gameId: t.gameId, token, lastSeq }, (m) => m.t === 'chatLog' || m.t === 'error');
  c.close();
  expect(c.msgs.filter((m) => m.t === 'error')).toEqual([]);
  return c;
}

const tokenOf = (t: Table, live: Client): string | null =>
  live === t.spectator ? null : t.tokens[t.clients.indexOf(live)]!;

async function observe(t: Table, others: Client[]): Promise<Seen> {
  const seen: Seen = { reconnect: {}, http: [] };
  for (const live of others) {
    const cur = live.view.seq as number;
    const older = seqsOf(live).filter((s) => s < cur);
    const got: Record<string, string[]> = {};
    for (const lastSeq of [undefined, cur, older[older.length - 1], older[0]])
      if (!(String(lastSeq) in got)) got[String(lastSeq)] = (await reconnect(t, tokenOf(t, live), lastSeq)).frames;
    seen.reconnect[String(live.seat)] = got;
  }
  const agentTokens = others.map((c) => tokenOf(t, c)).filter((x) => x !== null);
  const live = (await api(srv.url, 'GET', '/api/live')).body.games.filter((x: any) => x.gameId === t.gameId);
  seen.http = [
    (await api(srv.url, 'GET', `/api/games/${t.gameId}`)).text,
    (await api(srv.url, 'GET', `/api/games/${t.gameId}/chat?after=0&limit=100`)).text,
    (await api(srv.url, 'POST', '/api/my-games', { tokens: agentTokens })).text,
    JSON.stringify(live),
  ];
  return seen;
}

/** A message said now by `writer`: the chat frame each observer got and the history route's row. */
async function sayNow(t: Table, writer: Client, others: Client[], text: string): Promise<string[]> {
  const got = others.map((c) => c.wait((m) => m.t === 'chat' && m.text === text));
  const echo = await writer.request({ t: 'chat', gameId: t.gameId, text }, (m) => m.t === 'chat' || m.t === 'error');
  expect(echo.t, JSON.stringify(echo)).toBe('chat');
  const row = (await api(srv.url, 'GET', `/api/games/${t.gameId}/chat?after=${echo.n - 1}&limit=1`)).body.messages;
  return [...(await Promise.all(got)), ...row].map((m) => JSON.stringify(m));
}

/** Frames and answers with what legitimately differs between two moments taken out: a chat
 * message's number, time, text and writer, and the messages said after `said` (the probes). */
function normal(texts: readonly string[], said: number): string[] {
  return texts.map((text) =>
    JSON.stringify(JSON.parse(text), (k, v) => {
      if (k === 'messages' && Array.isArray(v)) return v.filter((m: any) => m.n <= said);
      if (v && typeof v === 'object' && 'logAt' in v) {
        const { n: _n, at: _a, text: _t, seat: _s, name: _m, ...rest } = v;
        return rest;
      }
      return v;
    }),
  );
}

function normalSeen(seen: Seen, said: number) {
  const reconnect = Object.entries(seen.reconnect).map(([who, byLastSeq]) => [
    who,
    Object.entries(byLastSeq).map(([lastSeq, frames]) => [lastSeq, normal(frames, said)]),
  ]);
  return { reconnect, http: normal(seen.http, said) };
}

/** Waits until every live observer has what the server sent it (a ping answered after it). */
async function settle(others: Client[]): Promise<void> {
  await Promise.all(others.map((c) => c.request({ t: 'ping' }, (m) => m.t === 'pong')));
}

/** The recruiter's next action: undo often when offered, else any legal action. */
function pick(legal: any[], rng: () => number): any {
  const undo = legal.find((a) => a.type === 'undo');
  if (undo && rng() < 0.5) return undo;
  return legal[Math.floor(rng() * legal.length)];
}

async function act(c: Client, t: Table, action: any): Promise<any> {
  const at = c.view.seq;
  const { seat: _s, ...rest } = action;
  const r = await c.request(
    { t: 'act', gameId: t.gameId, seq: at, action: rest, id: `a${at}` },
    (m) => m.id === `a${at}`,
  );
  if (r.t === 'error') throw new Error(`refused ${JSON.stringify(action)}: ${r.code} ${r.message}`);
  return r;
}

/** Every live observer (agents, spectator) is at the public seq of the game. */
async function caughtUp(t: Table, others: Client[]): Promise<void> {
  const s = await stateOf(t);
  const seq = s.result ? s.seq : publicSeq(s);
  await Promise.all(others.map((c) => c.waitSeq(seq)));
}

interface Counts {
  hidden: number;
  undos: number;
  chats: number;
}

/**
 * Plays a Full Game at random (every seat human, undos included) and, around each recruiter
 * action that leaves the public position where it was (a hidden step, mind slip or immortal move,
 * or an undo), checks that nobody but the recruiter can tell: the live connections get nothing,
 * and every reconnect, chat message and HTTP answer is the same before and after. Stops after
 * `rounds` such actions or at the end of the game.
 */
async function playAndCompare(
  seed: number,
  players: number,
  turnTimerSec: number | null,
  rounds: number,
  counts: Counts,
): Promise<void> {
  const rng = mulberry(seed);
  const t = await openTable(srv.url, { mode: 'full', players, recruiterChoice: 'host', turnTimerSec });
  const rec = t.bySeat.get(0)!;
  const others = [...t.clients.filter((c) => c !== rec), t.spectator];
  const writers = new Map<Client, number>(t.clients.map((c) => [c, 0]));
  let said = 0;
  let done = 0;
  type Snapshot = { seen: Seen; chat: string[] | null; base: number; start: number[]; end: number[] };
  let before: Snapshot | null = null;
  const snapshot = async (): Promise<Snapshot> => {
    await caughtUp(t, others);
    await settle(others);
    const start = others.map((c) => c.frames.length);
    const base = said;
    const seen = await observe(t, others);
    // Nothing but the current public position: a reconnect holding it is told nothing more.
    for (const who of others) {
      const kinds = seen.reconnect[String(who.seat)]![String(who.view.seq)]!.map((f) => JSON.parse(f).t);
      expect(kinds, `reconnect of ${String(who.seat)} at its own seq`).toEqual(['lobby', 'notes', 'chatLog']);
    }
    const writer = [...writers].find(([, n]) => n < SAID_PER_WRITER)?.[0];
    let chat: string[] | null = null;
    if (writer) {
      writers.set(writer, writers.get(writer)! + 1);
      chat = await sayNow(t, writer, others, `probe ${++said}`);
    }
    await settle(others);
    return {
      seen,
      chat,
      base,
      start,
      end: others.map((c) => c.frames.length),
    };
  };
  try {
    for (let steps = 0; done < rounds; steps++) {
      if (steps > 2000) throw new Error('game did not end');
      const s = await stateOf(t);
      if (s.result) break;
      const seats = expectedSeats(s);
      const seat = seats[Math.floor(rng() * seats.length)]!;
      const c = t.bySeat.get(seat)!;
      if (seat === 0) await rec.waitSeq(s.seq);
      else await caughtUp(t, others);
      const hiddenTurn = seat === 0 && s.phase === 'recruiterTurn';
      const was = hiddenTurn ? (before ?? (await snapshot())) : null;
      const action = seat === 0 ? pick(c.legal, rng) : c.legal[Math.floor(rng() * c.legal.length)];
      await act(c, t, action);
      const after = await stateOf(t);
      before = null;
      if (!was || after.result || publicSeq(after) !== publicSeq(s)) continue;
      // Hidden from everyone but the recruiter: compare all they can get.
      const now = await snapshot();
      // The live connections got nothing from it but the answers to the probes' pings.
      const sent = others.map((c, i) => c.msgs.slice(was.end[i], now.start[i]).filter((m) => m.t !== 'pong'));
      expect(sent, 'frames sent to agents and spectators by a hidden action').toEqual(others.map(() => []));
      // Both read with the chat as it was before the first probe (the probes differ, not the game).
      expect(normalSeen(now.seen, was.base)).toEqual(normalSeen(was.seen, was.base));
      if (now.chat && was.chat) {
        expect(normal(now.chat, was.base)).toEqual(normal(was.chat, was.base));
        counts.chats++;
      }
      counts.hidden++;
      if (action.type === 'undo') counts.undos++;
      done++;
      before = now;
    }
  } finally {
    closeTable(t);
  }
}

/** A 2-player Full Game at the recruiter's first turn after the setup, nothing done in it yet. */
async function atRecruiterTurn(seed: number) {
  const t = await openTable(srv.url, { mode: 'full', players: 2, recruiterChoice: 'host' });
  const rec = t.bySeat.get(0)!;
  const agent = t.bySeat.get(1)!;
  const others = [agent, t.spectator];
  const rng = mulberry(seed);
  for (;;) {
    const s = await stateOf(t);
    if (s.phase === 'recruiterTurn' && s.time >= 5 && !s.turn!.actionDone && s.turn!.immortalMoves === 0) break;
    const seat = expectedSeats(s)[0]!;
    if (seat === 0) await rec.waitSeq(s.seq);
    else await caughtUp(t, others);
    const legal = t.bySeat.get(seat)!.legal.filter((a: any) => a.type !== 'undo');
    await act(t.bySeat.get(seat)!, t, legal[Math.floor(rng() * legal.length)]);
  }
  await caughtUp(t, others);
  return { t, rec, agent, others, step: rec.legal.find((a: any) => a.type === 'step') };
}

describe('D12: the recruiter’s hidden turn does not show', () => {
  it('regression: chat logAt counted the recruiter’s hidden actions (24, 25 after a hidden step, 24 after the undo, 25 again)', async () => {
    const { t, rec, agent, others, step } = await atRecruiterTurn(11);
    try {
      // The message's frame (to the agent), and its row in the chat history route and in a chatLog.
      const logAt = async (text: string) => {
        const [frame, , row] = await sayNow(t, agent, others, text);
        const log = (await reconnect(t, null, undefined)).msgs.find((m) => m.t === 'chatLog');
        return [JSON.parse(frame!).logAt, JSON.parse(row!).logAt, log.messages.at(-1).logAt];
      };
      const len = agent.log.length;
      expect(await logAt('before the step')).toEqual([len, len, len]);
      await act(rec, t, step);
      expect(await logAt('after the step')).toEqual([len, len, len]);
      await act(rec, t, { type: 'undo' });
      expect(await logAt('after the undo')).toEqual([len, len, len]);
      await act(rec, t, step);
      expect(await logAt('after the step again')).toEqual([len, len, len]);
      await act(rec, t, { type: 'endTurn' });
      await caughtUp(t, others);
      const settled = agent.log.length;
      expect(settled).toBeGreaterThan(len);
      expect(await logAt('after the turn')).toEqual([settled, settled, settled]);
    } finally {
      closeTable(t);
    }
  }, 30_000);

  it('regression: a reconnecting agent or spectator got notes before a hidden step, a whole state after it, and a state on every reconnect once the game had an undo', async () => {
    const { t, rec, agent, others, step } = await atRecruiterTurn(12);
    try {
      // What a reconnect holding the observer's current seq (and the seq before it) is answered.
      const kinds = async () => {
        const out: string[][] = [];
        for (const live of others) {
          const seqs = seqsOf(live);
          for (const lastSeq of seqs.slice(-2))
            out.push((await reconnect(t, tokenOf(t, live), lastSeq)).msgs.map((m) => m.t));
        }
        return out;
      };
      const upToDate = ['lobby', 'notes', 'chatLog'];
      const behind = ['lobby', 'events', 'notes', 'chatLog'];
      const expected = [behind, upToDate, behind, upToDate];
      expect(await kinds()).toEqual(expected);
      await act(rec, t, step);
      expect(await kinds()).toEqual(expected);
      await act(rec, t, { type: 'undo' });
      expect(await kinds()).toEqual(expected);
      await act(rec, t, step);
      await act(rec, t, { type: 'endTurn' });
      await caughtUp(t, others);
      // Settled, after an undo: still caught up with events, never a whole state.
      expect(await kinds()).toEqual(expected);
      expect(agent.logGaps).toEqual([]);
    } finally {
      closeTable(t);
    }
  }, 30_000);

  it('property: around every hidden recruiter action and undo, agents and spectators can get exactly the same', async () => {
    const counts: Counts = { hidden: 0, undos: 0, chats: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.constantFrom(2, 3),
        // A turn timer's deadline is shown in every frame and the lobby (never reached here).
        fc.constantFrom(null, 3600),
        async (seed, players, timer) => {
          await playAndCompare(seed, players, timer, 6, counts);
        },
      ),
      { numRuns: 4, seed: 2, endOnFailure: true },
    );
    // The games did exercise what is checked.
    expect(counts.hidden).toBeGreaterThanOrEqual(12);
    expect(counts.chats).toBeGreaterThanOrEqual(8);
    expect(counts.undos).toBeGreaterThanOrEqual(2);
  }, 60_000);
});
