// The fast path must play exactly the readable engine's rules (the readable engine is the
// reference). On many random games of both modes and every agent-seat count, at every decision
// point: the expected side's legal actions are the same set in both engines, and after the same
// action the projected states are equal; the results are equal.
import { describe, expect, it } from 'vitest';
import {
  apply,
  expectedSeats,
  LOCATIONS,
  newGame,
  ORTHO_NEIGHBOURS,
  type Action,
  type GameOptions,
  type GameState,
} from '../src/index.js';
import {
  FAST_ACTION_TYPE_COUNT,
  FAST_MAX_MOVES,
  FastCodes,
  FastPlayer,
  fastApply,
  fastFromAction,
  fastGenerate,
  fastNewGame,
  fastRandomGame,
  fastToAction,
  fastTypeOf,
  projectFast,
  projectReadable,
  sideActions,
  sideKey,
  Sfc32,
} from '../src/fast/index.js';

const CARD_RULES = ['random', 'choose', 'carl', 'girl'] as const;

function optionsFor(i: number): GameOptions {
  return {
    mode: i % 5 === 4 ? 'training' : 'full',
    agentSeats: 1 + (i % 4),
    recruiterCard: CARD_RULES[Math.floor(i / 4) % 4]!,
  };
}

interface Tally {
  decisions: number;
  types: number[];
  reasons: Record<string, number>;
  /** Rare situations worth knowing the test reached. */
  seen: Record<string, number>;
}

type Policy = 'uniform' | 'byType' | 'greedy';

/** R19: a face-up card that two immortals would recruit, were it not for Henry Lyme's block. */
function henryBlocksARecruit(g: GameState): boolean {
  const h = g.agents[1];
  if (h === null || h === undefined) return false;
  const blocked = (l: number): boolean => l === h || ORTHO_NEIGHBOURS[h]!.includes(l);
  return g.immortalCards.some((c) => {
    const on = g.immortals.filter((l) => LOCATIONS[l]!.features.includes(c));
    return on.length >= 2 && on.filter((l) => !blocked(l)).length < 2;
  });
}

/** Recruits the recruiter would contact arriving at `to` (R12), from the readable state. */
function contactsOf(g: GameState, to: number): number {
  return g.cards.filter((c, i) => g.exposedAt[i] === null && LOCATIONS[to]!.features.includes(c)).length;
}

/**
 * Plays one game in both engines side by side. `policy` 'uniform' is the random playout of
 * playout.ts; 'byType' first picks an action type uniformly, then an action of that type, so
 * rare actions (capture, scan, mind slips, pushes) are exercised more often; 'greedy' is
 * 'byType' except that the recruiter moves where it contacts the most recruits, so that
 * games are also won on recruits (R13).
 */
function lockstep(options: GameOptions, seed: number, policy: Policy, tally: Tally): void {
  let g: GameState = newGame(options, seed);
  const f = fastNewGame(options, seed);
  const moves = new Int32Array(FAST_MAX_MOVES);
  const rng = new Sfc32(seed * 7919 + 13);
  const where = (): string => `options ${JSON.stringify(options)} seed ${seed} decision ${tally.decisions}`;
  expect(projectFast(f), where()).toEqual(projectReadable(g));
  // The checks inside the loop call expect() only when they fail: an expect() costs more than a
  // decision of both engines (a profile of this file: 45 of its 57 s were in expect), and the
  // loop makes millions of checks. Same assertions, same messages.
  for (let guard = 0; guard < 2000; guard++) {
    const n = fastGenerate(f, moves);
    const readable = g.result ? [] : sideActions(g);
    // legal action sets, per side
    const fastKeys = new Set<string>();
    const seats = expectedSeats(g);
    for (let i = 0; i < n; i++) {
      const a = fastToAction(f, moves[i]!);
      const k = sideKey(a);
      if (fastKeys.has(k)) expect(fastKeys.has(k), `duplicate fast action ${k} at ${where()}`).toBe(false);
      fastKeys.add(k);
      if (fastFromAction(a) !== moves[i]) expect(fastFromAction(a)).toBe(moves[i]);
      // the seat the converter picks may really take it
      if (!seats.includes(a.seat)) expect(seats).toContain(a.seat);
    }
    const readableKeys = new Set(readable.map(sideKey));
    if (fastKeys.size !== readableKeys.size || [...fastKeys].some((k) => !readableKeys.has(k))) {
      expect([...fastKeys].sort(), `legal actions differ at ${where()}`).toEqual([...readableKeys].sort());
    }
    if (n === 0) break;
    // choose
    let i: number;
    let best = -1;
    if (policy === 'greedy') {
      let bestScore = -1;
      for (let j = 0; j < n; j++) {
        const t = fastTypeOf(moves[j]!);
        if (t !== FastCodes.A_STEP && t !== FastCodes.A_MIND_SLIP) continue;
        const score = contactsOf(g, (fastToAction(f, moves[j]!) as { to: number }).to) + rng.next() / 2;
        if (score > bestScore) {
          bestScore = score;
          best = j;
        }
      }
    }
    if (best >= 0) i = best;
    else if (policy === 'uniform') i = Math.floor(rng.next() * n);
    else {
      const present: number[] = [];
      for (let j = 0; j < n; j++) {
        const t = fastTypeOf(moves[j]!);
        if (!present.includes(t)) present.push(t);
      }
      const t = present[Math.floor(rng.next() * present.length)]!;
      const ofType: number[] = [];
      for (let j = 0; j < n; j++) if (fastTypeOf(moves[j]!) === t) ofType.push(j);
      i = ofType[Math.floor(rng.next() * ofType.length)]!;
    }
    const code = moves[i]!;
    const action: Action = fastToAction(f, code);
    const r = apply(g, action);
    if (!r.ok) throw new Error(`readable engine refused ${JSON.stringify(action)} (${r.message}) at ${where()}`);
    g = r.state;
    fastApply(f, code);
    tally.types[fastTypeOf(code)]!++;
    if (action.type === 'mindSlip' && action.token === 2)
      tally.seen.secondMindSlipUsed = (tally.seen.secondMindSlipUsed ?? 0) + 1;
    if (action.type === 'ask' && action.dolphin) tally.seen.dolphin = (tally.seen.dolphin ?? 0) + 1;
    if (action.type === 'answerAsk' && action.at === null) tally.seen.cannotPlace = (tally.seen.cannotPlace ?? 0) + 1;
    if (
      (action.type === 'moveImmortal' || action.type === 'extraImmortalMove') &&
      r.events.some((e) => e.pub.kind === 'immortalRecruited')
    )
      tally.seen.immortalRecruitMidTurn = (tally.seen.immortalRecruitMidTurn ?? 0) + 1;
    if (g.phase === 'recruiterTurn' && henryBlocksARecruit(g))
      tally.seen.henryBlocks = (tally.seen.henryBlocks ?? 0) + 1;
    tally.decisions++;
    const pf = projectFast(f);
    const pr = projectReadable(g);
    if (JSON.stringify(pf) !== JSON.stringify(pr))
      expect(pf, `state differs after ${JSON.stringify(action)} at ${where()}`).toEqual(pr);
  }
  expect(g.result, where()).not.toBeNull();
  expect(projectFast(f).result).toEqual(g.result);
  const key = `${g.result!.winner}:${g.result!.reason}`;
  tally.reasons[key] = (tally.reasons[key] ?? 0) + 1;
}

describe('fast path agrees with the readable engine', () => {
  // 400 games in 16 chunks, yielding after every game: vitest's worker must answer the main
  // process within 60 s, and on a machine 10 times oversubscribed (CI beside another job) five
  // games held the event loop for 96 s; the last test checks what the chunks covered.
  const GAMES = 400;
  const CHUNKS = 16;
  const tally: Tally = {
    decisions: 0,
    types: new Array<number>(FAST_ACTION_TYPE_COUNT).fill(0),
    reasons: {},
    seen: {},
  };
  const policies: Policy[] = ['uniform', 'byType', 'greedy'];
  for (let c = 0; c < CHUNKS; c++) {
    const from = (c * GAMES) / CHUNKS;
    const to = ((c + 1) * GAMES) / CHUNKS;
    it(`on random games ${from}..${to - 1} (both modes, 1-4 agent seats, every recruiter card rule)`, async () => {
      for (let i = from; i < to; i++) {
        lockstep(optionsFor(i), 1000 + i, policies[i % 3]!, tally);
        await new Promise((r) => setImmediate(r));
      }
    });
  }

  it('covered every action type, every end reason and the rare situations', () => {
    const names = Object.entries(FastCodes)
      .filter(([k]) => k.startsWith('A_'))
      .sort((a, b) => (a[1] as number) - (b[1] as number))
      .map(([k]) => k);
    const counts = Object.fromEntries(names.map((k, t) => [k, tally.types[t]]));
    console.log(`fast agreement: ${GAMES} games, ${tally.decisions} decisions`, counts, tally.reasons, tally.seen);
    for (const k of ['secondMindSlipUsed', 'dolphin', 'cannotPlace', 'immortalRecruitMidTurn', 'henryBlocks'])
      expect(tally.seen[k] ?? 0, `never reached: ${k}`).toBeGreaterThan(0);
    for (const [k, c] of Object.entries(counts)) expect(c, `action type ${k} never played`).toBeGreaterThan(0);
    for (const reason of ['agents:capture', 'agents:boxedIn', 'recruiter:time', 'recruiter:recruits'])
      expect(tally.reasons[reason] ?? 0, `no game ended by ${reason}`).toBeGreaterThan(0);
  });

  it('creates the same game from a seed (deck, recruiter card) for every card rule', () => {
    for (let i = 0; i < 64; i++) {
      const o = optionsFor(i);
      expect(projectFast(fastNewGame(o, i * 31 + 5))).toEqual(projectReadable(newGame(o, i * 31 + 5)));
    }
  });

  it('honours an explicit deck as newGame does', () => {
    const g = newGame({ mode: 'full', agentSeats: 2, recruiterCard: 'random' }, 99);
    const o: GameOptions = { mode: 'full', agentSeats: 2, recruiterCard: 'random', deck: [...g.initialDeck].reverse() };
    expect(projectFast(fastNewGame(o, 7))).toEqual(projectReadable(newGame(o, 7)));
  });
});

describe('fast playouts', () => {
  it('always reach an end (2000 random Full Games, 1000 Training)', () => {
    const p = new FastPlayer();
    for (let i = 0; i < 3000; i++) {
      const s = fastRandomGame(
        p,
        { mode: i < 2000 ? 'full' : 'training', agentSeats: 1, recruiterCard: 'choose' },
        i,
        i + 1,
      );
      expect(p.decisions).toBeGreaterThan(0);
      expect(s.winner).not.toBe(-1);
    }
  });
});
