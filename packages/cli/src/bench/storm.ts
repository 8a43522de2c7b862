// Bench: a bot storm against an unrelated game's bot. The server's own BotDriver (the release time
// a bot's move waits for, so its thinking never shows) on the server's BotPool (production worker
// count, nice value, time limit and budget), on engine games held in memory as the master holds
// them (store and fan-out left out). Storm tables: four hard agents against a recruiter played by
// a script that moves at once (the attacker; a random legal move, applied without the pool). The
// probe: one more table, of another owner, a hard bot recruiter against an agent who moves at
// once (the person, scripted the same way). Its figure is the probe recruiter's lateness: how long past its fixed release
// time (pause + recruiter move time) its decision came back; anything above 0 shows its thinking.
//
// Scenarios (each run a fresh pool; medians of runs, with their range):
// - quiet: the probe alone;
// - oneNetwork: 24 storm tables started from one network (one owner in the pool's round robin);
// - perTable: the same 24 tables each of its own owner (24 networks; and how every table was
//   served before the round robin over owners: one turn per game);
// - oldCap: 64 tables each of its own owner (the server-wide cap before it was derived);
// - atCap: as many tables as the server-wide cap derived from the workers allows (the probe one
//   of them), each of its own owner.
import {
  apply,
  expectedSeats,
  type GameState,
  legalActions,
  newGame,
  RECRUITER_SEAT,
  type Seat,
} from '@mindmgmt/engine';
import { percentile } from '@mindmgmt/ai/yardstick';
import type { BotLevel } from '@mindmgmt/table';
import {
  BOT_GAMES_PER_WORKER,
  type BotDriverHost,
  BotDriver,
  BotPool,
  DEFAULT_SERVICE_CONFIG,
  type GameRow,
  type Live,
  Mutex,
  type SeatRow,
} from '@mindmgmt/server';
import { RecentPositions } from '@mindmgmt/table';

/** Tables of the storm as it hit the server (24 addresses, 24 tables of four hard bots). */
const STORM_TABLES = 24;

interface RunFigures {
  /** The probe recruiter's decisions, from asked to answered (queue and thinking). */
  tookP50: number;
  tookMax: number;
  lateP50: number;
  lateP99: number;
  lateMax: number;
  movesPerMin: number;
  /** Bot decisions of every table per second (the load the storm puts on the pool). */
  decisionsPerSec: number;
}

const silent = { error() {}, warn() {}, info() {}, debug() {} } as unknown as ConstructorParameters<
  typeof BotDriver
>[2];

/** A table whose seat `person` is played by a script, every other seat by `bot`. */
function liveTable(id: string, state: GameState, person: Seat, bot: BotLevel, owner: string): Live {
  const seats: SeatRow[] = [0, 1, 2, 3, 4]
    .filter((s) => s === 0 || s <= state.agentSeats)
    .map((seat) => ({ seat, place: null, name: `seat ${seat}`, tokenHash: null, bot: seat === person ? null : bot }));
  return {
    id,
    row: { id, start: { seats } } as unknown as GameRow,
    state,
    lock: new Mutex(),
    subs: new Set(),
    botBusy: false,
    lastActive: 0,
    frames: { seq: -1, byViewer: new Map() },
    positions: new RecentPositions(state),
    notes: [],
    notesText: null,
    botHold: { player: owner, address: owner, prefix: owner, owner },
  };
}

async function stormRun(storm: number, owners: 'one' | 'each', ms: number, seed: number): Promise<RunFigures> {
  const cfg = DEFAULT_SERVICE_CONFIG;
  const pool = new BotPool(cfg.botWorkers, cfg.botTimeLimitMs, () => {}, cfg.botNice);
  let running = true;
  const late: number[] = [];
  const took: number[] = [];
  let probeMoves = 0;
  let decisions = 0;
  let n = 0;
  const tables = new Map<string, { probe: boolean; owner: string; person: Seat }>();
  let rng = seed;
  /** The scripted seat moves at once, as long as the game waits on it. */
  const personMoves = (g: Live, person: Seat) => {
    for (let k = 0; k < 1000 && g.state && !g.state.result && expectedSeats(g.state).includes(person); k++) {
      const legal = legalActions(g.state, person);
      if (!legal.length) return;
      rng = (rng * 1103515245 + 12345) % 2 ** 31;
      const r = apply(g.state, legal[rng % legal.length]!);
      if (!r.ok) throw new Error(`bench: illegal scripted action (${r.code})`);
      g.state = r.state;
    }
  };
  const host: BotDriverHost = {
    mayMove: () => running,
    async submit(g, action, seq) {
      if (!g.state || g.state.seq !== seq) return;
      const r = apply(g.state, action);
      if (!r.ok) throw new Error(`bench: illegal bot action (${r.code})`);
      g.state = r.state;
      const t = tables.get(g.id)!;
      personMoves(g, t.person);
      if (g.state.result) {
        // a finished table is replaced by a new one of the same owner
        pool.forget(g.id);
        tables.delete(g.id);
        setImmediate(() => open(t.probe, t.owner));
      }
    },
    released(g, seat, lateMs, tookMs) {
      decisions++;
      if (!tables.get(g.id)?.probe || seat !== RECRUITER_SEAT) return;
      late.push(lateMs);
      took.push(tookMs);
      probeMoves++;
    },
  };
  const driver = new BotDriver(pool, cfg, silent, host);
  const open = (probe: boolean, owner: string) => {
    if (!running) return;
    const id = `${probe ? 'probe' : 'storm'}-${n++}`;
    const state = newGame({ mode: 'full', agentSeats: probe ? 1 : 4, recruiterCard: 'choose' }, seed * 1000 + n);
    const person: Seat = probe ? 1 : RECRUITER_SEAT;
    tables.set(id, { probe, owner, person });
    const g = liveTable(id, state, person, 'hard', owner);
    personMoves(g, person);
    driver.kick(g);
  };
  for (let i = 0; i < storm; i++) open(false, owners === 'one' ? '10.0.0.0/24' : `10.0.${i}.0/24`);
  open(true, '10.9.9.0/24');
  const t0 = Date.now();
  await new Promise((r) => setTimeout(r, ms));
  const minutes = (Date.now() - t0) / 60_000;
  running = false;
  for (let i = 0; i < 200 && driver.inflight > 0; i++) await new Promise((r) => setTimeout(r, 50));
  await pool.close();
  return {
    tookP50: percentile(took, 50),
    tookMax: took.length ? Math.max(...took) : 0,
    lateP50: percentile(late, 50),
    lateP99: percentile(late, 99),
    lateMax: late.length ? Math.max(...late) : 0,
    movesPerMin: probeMoves / minutes,
    decisionsPerSec: decisions / minutes / 60,
  };
}

export async function benchStorm(opts: { quick: boolean }): Promise<Record<string, number>> {
  const runs = 3;
  const ms = opts.quick ? 8_000 : 30_000;
  const cap = DEFAULT_SERVICE_CONFIG.botWorkers * BOT_GAMES_PER_WORKER;
  const scenarios: [string, number, 'one' | 'each'][] = [
    ['quiet', 0, 'each'],
    ['oneNetwork', STORM_TABLES, 'one'],
    ['perTable', STORM_TABLES, 'each'],
    ['atCap', cap - 1, 'each'],
    // the server-wide cap before it was derived from the workers (64 games)
    ['oldCap', 63, 'each'],
  ];
  const out: Record<string, number> = { 'storm.tables': STORM_TABLES, 'storm.cap': cap };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const r1 = (x: number) => Math.round(x * 10) / 10;
  // Runs interleave the scenarios, so that a change in the machine's load meanwhile (it is shared)
  // falls on every scenario alike.
  const got = new Map<string, RunFigures[]>(scenarios.map(([name]) => [name, []]));
  for (let i = 0; i < runs; i++)
    for (const [name, storm, owners] of scenarios) {
      const f = await stormRun(storm, owners, ms, 17 + i);
      got.get(name)!.push(f);
      process.stderr.write(`[bench] storm ${name} run ${i + 1}: ${JSON.stringify(f)}\n`);
    }
  for (const [name] of scenarios) {
    const fs = got.get(name)!;
    for (const k of [
      'tookP50',
      'tookMax',
      'lateP50',
      'lateP99',
      'lateMax',
      'movesPerMin',
      'decisionsPerSec',
    ] as const) {
      const xs = fs.map((f) => f[k]);
      const key =
        k === 'decisionsPerSec'
          ? `storm.${name}DecisionsPerSec`
          : `storm.${name}Probe${k[0]!.toUpperCase()}${k.slice(1)}${k === 'movesPerMin' ? '' : 'Ms'}`;
      out[key] = r1(median(xs));
      out[`${key}Min`] = r1(Math.min(...xs));
      out[`${key}Max`] = r1(Math.max(...xs));
    }
  }
  return out;
}
