// Test helpers: servers on ephemeral ports, HTTP calls, scripted WebSocket clients.
import { WebSocket } from 'ws';
import { pino } from 'pino';
import { EMPTY_TABLE, reduceFrame, type ClientTable } from '@mindmgmt/table/client';
import { Writable } from 'node:stream';
import { startServer, type RunningServer, type ServerOptions } from '../src/app/server.js';
import { MemoryStore } from '../src/store/memory.js';
import type { GameStore } from '../src/store/types.js';

import { EXPECT_MS } from '../../../tests/waits.js';

export { EXPECT_MS };

/**
 * The bots' pauses of FAST, as the environment of a spawned server (dist/main.js): one list for
 * every test that spawns one. Regression: the crash test's list lacked BOT_RECRUITER_MOVE_MS, so a
 * bot recruiter there paused the production 1.5 s per move, about 60 s a game.
 */
export const FAST_BOTS_ENV = { BOT_PAUSE_MS: '0', BOT_ASK_ANSWER_MS: '0', BOT_RECRUITER_MOVE_MS: '0' } as const;

export const FAST = {
  service: {
    botPauseMs: 0,
    botAskAnswerMs: 0,
    botRecruiterMoveMs: 0,
    botTimeLimitMs: 5000,
    botBudgetMs: 50,
    sweepMs: 50,
    snapshotEvery: 10,
  },
  // A test's socket may wait on other work before its hello: the deadline is pinned by tests
  // that set it (and a clock they advance), never by how fast the machine is.
  ws: { ratePerSec: 1e6, rateBurst: 1e6, helloMs: 3_600_000 },
  /** Tests connect from 127.0.0.1: per-IP budgets are opened up except where a test pins them. */
  limits: {
    createPerIp: { burst: 1e6, perMin: 1e6 },
    createTotal: { burst: 1e6, perMin: 1e6 },
    openTablesPerIp: 1e6,
    joinPerIp: { burst: 1e6, perMin: 1e6 },
    startPerIp: { burst: 1e6, perMin: 1e6 },
    connectionsPerIp: 1e6,
    wsPerPrefix: 1e6,
    httpConnectionsPerIp: 1e6,
    botGamesPerPlayer: 1e6,
    botGamesPerIp: 1e6,
    botGamesPerPrefix: 1e6,
    botGamesTotal: 1e6,
    botQueueWaitMs: 1e9,
    helloPerConn: { burst: 1e6, perMin: 1e6 },
    helloPerIp: { burst: 1e6, perMin: 1e6 },
    notesPerConn: { burst: 1e6, perMin: 1e6 },
    refusedFramesPerIp: { burst: 1e6, perMin: 1e6 },
    chatReadsPerIp: { burst: 1e6, perMin: 1e6 },
  },
};

export interface LogSink {
  lines: string[];
}

export async function testServer(
  store: GameStore = new MemoryStore(),
  extra: Partial<ServerOptions> = {},
  sink?: LogSink,
): Promise<RunningServer> {
  const log = sink
    ? pino(
        { level: 'debug' },
        new Writable({
          write(chunk, _enc, cb) {
            sink.lines.push(...String(chunk).split('\n').filter(Boolean));
            cb();
          },
        }),
      )
    : pino({ level: 'silent' });
  return startServer({
    store,
    log,
    webDist: '/nonexistent-web-dist',
    ...extra,
    service: { ...FAST.service, ...extra.service },
    ws: { ...FAST.ws, ...extra.ws },
    limits: { ...FAST.limits, ...extra.limits },
  });
}

export interface HttpResult<T = any> {
  status: number;
  body: T;
  text: string;
}

export async function api<T = any>(base: string, method: string, path: string, body?: unknown): Promise<HttpResult<T>> {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: any = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed as T, text };
}

export class Client {
  readonly ws: WebSocket;
  readonly frames: string[] = [];
  readonly msgs: any[] = [];
  /** The table as a browser holds it: the frames folded by the table's client reducer. */
  table: ClientTable = EMPTY_TABLE;
  /** `events` frames whose `logFrom` did not match the log held (should stay empty). */
  readonly logGaps: string[] = [];
  /** The current view, its `log` merged from the `state` frame and the `events` frames since. */
  get view(): any {
    return this.table.shown?.view ?? null;
  }
  get legal(): any[] {
    return this.table.shown?.legal ?? [];
  }
  get log(): any[] {
    return this.table.shown?.view.log ?? [];
  }
  get seat(): number | 'spectator' | null {
    return this.table.shown?.seat ?? null;
  }
  private waiters: {
    pred: (m: any) => boolean;
    resolve: (m: any) => void;
    reject: (e: Error) => void;
    timer: NodeJS.Timeout;
  }[] = [];
  closed = false;

  /** `headers`: e.g. an X-Forwarded-For, to stand for another address behind TRUST_PROXY;
   * `from`: the loopback address (127.x.y.z) to connect from. */
  constructor(url: string, headers?: Record<string, string>, from?: string) {
    this.ws = new WebSocket(url.replace('http', 'ws') + '/ws', {
      ...(headers ? { headers } : {}),
      ...(from ? { localAddress: from } : {}),
    });
    this.ws.on('message', (d) => {
      const text = d.toString();
      this.frames.push(text);
      const m = JSON.parse(text);
      this.msgs.push(m);
      if (m.t === 'state' || m.t === 'events' || m.t === 'note' || m.t === 'notes') {
        const was = this.table;
        this.table = reduceFrame(was, m);
        if (this.table.resync && !was.resync)
          this.logGaps.push(`seq ${m.seq}: logFrom ${m.logFrom}, have ${was.shown?.view.log.length ?? 0}`);
      }
      for (const w of [...this.waiters]) {
        if (w.pred(m)) {
          clearTimeout(w.timer);
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(m);
        }
      }
    });
    this.ws.on('close', () => {
      this.closed = true;
      for (const w of this.waiters.splice(0)) {
        clearTimeout(w.timer);
        w.reject(new Error('connection closed'));
      }
    });
  }

  open(): Promise<void> {
    if (this.ws.readyState === WebSocket.OPEN) return Promise.resolve();
    return new Promise((res, rej) => {
      this.ws.once('open', () => res());
      this.ws.once('error', rej);
    });
  }

  send(x: unknown): void {
    this.ws.send(typeof x === 'string' ? x : JSON.stringify(x));
  }

  /** Waits for a future message matching pred (or a past one if `past`). */
  wait(pred: (m: any) => boolean, ms = EXPECT_MS, past = false): Promise<any> {
    if (past) {
      const m = this.msgs.find(pred);
      if (m) return Promise.resolve(m);
    }
    // A closed socket brings no more frames: waiting on it could only time out.
    if (this.closed) return Promise.reject(new Error('connection closed'));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        reject(new Error(`timeout waiting; last: ${JSON.stringify(this.msgs[this.msgs.length - 1])?.slice(0, 300)}`));
      }, ms);
      const w = { pred, resolve, reject, timer };
      this.waiters.push(w);
    });
  }

  async request(x: unknown, pred: (m: any) => boolean, ms?: number): Promise<any> {
    const p = this.wait(pred, ms);
    this.send(x);
    return p;
  }

  async hello(gameId: string, token: string | null): Promise<any> {
    await this.open();
    return this.request({ t: 'hello', gameId, token }, (m) => m.t === 'state' || m.t === 'error' || m.t === 'lobby');
  }

  waitSeq(seq: number, ms?: number): Promise<any> {
    if (this.view && this.view.seq >= seq) return Promise.resolve(this.view);
    return this.wait((m) => (m.t === 'events' || m.t === 'state') && m.view.seq >= seq, ms);
  }

  close(): void {
    this.ws.close();
  }
}

export function mulberry(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface TableSpec {
  mode: 'full' | 'training';
  players: number;
  bots?: Record<string, 'random' | 'easy' | 'hard'>;
  solo?: { role: 'recruiter' | 'agents'; level: 'random' | 'easy' | 'hard' };
  recruiterCard?: 'random' | 'choose' | 'carl' | 'girl';
  recruiterChoice?: 'random' | 'host' | 'volunteer';
  turnTimerSec?: number | null;
}

export interface Table {
  gameId: string;
  tokens: string[]; // by place-1 (undefined for bots)
  clients: Client[]; // human places' clients, by seat after start
  bySeat: Map<number, Client>;
  spectator: Client;
}

/** Creates a game, fills human places, starts it, connects one client per human seat + a spectator. */
export async function openTable(base: string, spec: TableSpec): Promise<Table> {
  const c = await api(base, 'POST', '/api/games', {
    name: 'Host',
    recruiterCard: 'random',
    recruiterChoice: 'random',
    bots: {},
    turnTimerSec: null,
    ...spec,
  });
  if (c.status !== 200) throw new Error(`create failed: ${c.text}`);
  const gameId: string = c.body.gameId;
  const tokens: string[] = [c.body.token];
  const human = (place: number) => !(spec.bots && spec.bots[String(place)]);
  for (let place = 2; place <= spec.players; place++) {
    if (!human(place)) continue;
    const j = await api(base, 'POST', `/api/games/${gameId}/join`, { name: `P${place}`, place });
    if (j.status !== 200) throw new Error(`join failed: ${j.text}`);
    tokens[place - 1] = j.body.token;
  }
  const clients: Client[] = [];
  for (const t of tokens) {
    if (!t) continue;
    const cl = new Client(base);
    await cl.hello(gameId, t);
    clients.push(cl);
  }
  const spectator = new Client(base);
  await spectator.hello(gameId, null);
  const started = clients.map((cl) => cl.wait((m) => m.t === 'state'));
  const sp = spectator.wait((m) => m.t === 'state');
  const s = await api(base, 'POST', `/api/games/${gameId}/start`, { token: tokens[0] });
  if (s.status !== 200) throw new Error(`start failed: ${s.text}`);
  await Promise.all([...started, sp]);
  const bySeat = new Map<number, Client>();
  for (const cl of clients) bySeat.set(cl.seat as number, cl);
  return { gameId, tokens, clients, bySeat, spectator };
}

/**
 * Plays until the game is over: each step, a human seat the game waits on picks a random legal
 * action from its own `legal` list. Bot seats move on the server. `onStep` runs after each seq.
 */
export async function playOut(
  t: Table,
  rng: () => number,
  opts: {
    maxSteps?: number;
    onStep?: () => Promise<void> | void;
    resignAt?: number;
    onAck?: (seq: number, action: any) => void;
    stop?: () => boolean;
    /** D12: also pick `undo` when offered (the secrecy harness); off, seqs stay the log's. */
    undo?: boolean;
  } = {},
): Promise<any> {
  const all = [...t.clients, t.spectator];
  // D12: the recruiter sees every action; the others see its Full Game turn only once settled and
  // count seq without what it took back, so the recruiter's own client leads while it is expected.
  const lead = t.bySeat.get(0);
  let steps = 0;
  for (;;) {
    const v = t.spectator.view;
    if (v.result || opts.stop?.()) break;
    if (steps++ > (opts.maxSteps ?? 5000)) throw new Error('game did not finish');
    const seq = v.seq;
    // Everyone but the recruiter has seen the spectator's seq.
    await Promise.all(all.filter((cl) => cl !== lead).map((cl) => cl.waitSeq(seq)));
    const recruiterTurn = !!lead?.view && !lead.view.result && lead.view.expected.includes(0) && lead.legal.length > 0;
    const movers: Client[] = recruiterTurn
      ? [lead!]
      : v.expected
          .map((s: number) => t.bySeat.get(s))
          .filter(
            (c: Client | undefined): c is Client => !!c && c !== lead && c.view.seq === seq && c.legal.length > 0,
          );
    if (movers.length) {
      const cl = movers[Math.floor(rng() * movers.length)]!;
      const at = cl.view.seq;
      const choices = opts.undo ? cl.legal : cl.legal.filter((a: any) => a.type !== 'undo');
      let action = choices[Math.floor(rng() * choices.length)];
      if (opts.resignAt !== undefined && seq >= opts.resignAt) action = { type: 'resign' };
      const { seat: _s, ...rest } = action;
      const r = await cl.request(
        { t: 'act', gameId: t.gameId, seq: at, action: rest, id: `a${at}` },
        (m) => m.id === `a${at}`,
      );
      // With bot seats sharing the agents' turn a bot may move first: stale is then fine.
      if (r.t === 'error' && r.code === 'stale') continue;
      if (r.t === 'error') throw new Error(`refused ${JSON.stringify(action)}: ${r.code} ${r.message}`);
      opts.onAck?.(r.seq, action);
      // The recruiter's turn goes on unseen by the others until it is settled (or the game ends).
      if (cl === lead && !r.view.result && r.view.expected.includes(0)) {
        if (opts.onStep) await opts.onStep();
        continue;
      }
    } else if (lead && v.expected.includes(0)) {
      // The recruiter's frame or the spectator's is still on its way.
      const quiet = () => undefined;
      await Promise.race([
        lead.waitSeq((lead.view?.seq ?? 0) + 1, EXPECT_MS).catch(quiet),
        t.spectator.waitSeq(seq + 1, EXPECT_MS).catch(quiet),
      ]);
      continue;
    }
    await t.spectator.waitSeq(seq + 1, EXPECT_MS);
    if (opts.onStep) await opts.onStep();
  }
  // The game is over: everyone is shown the whole game, at its real seq.
  if (!opts.stop?.()) await Promise.all(all.map((cl) => cl.waitSeq(t.spectator.view.seq)));
  return t.spectator.view;
}

export function closeTable(t: Table): void {
  for (const c of [...t.clients, t.spectator]) c.close();
}
