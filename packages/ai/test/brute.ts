// Brute-force reference for the deduction engine: enumerates every hidden world (recruiter
// card x 3 secret feature cards x full path) and checks it against the public event log by
// simulating the game's hidden side event by event. Simple and slow; used by the tests to
// check that the fast engine (engine.ts) is exact. Shares no code with engine.ts / facts.ts; it
// shares with facts.ts only boxCheck.ts, which reads public events (never a hidden world) to
// tell when the engine would have declared boxed in (R37).
import {
  crossOf,
  DIAG_TWO,
  type Edge,
  FEATURES,
  type FeatureId,
  hasFeature,
  LOCATION_COUNT,
  type Loc,
  ORTHO_TWO,
  type PublicEvent,
  stepNeighbours,
} from '@mindmgmt/engine';
import { type BoxOutcome, PublicBoard } from '../src/deduction/boxCheck.js';

export interface BruteBelief {
  histories: number;
  weights: number[];
  cardShares: Record<FeatureId, number>;
  recruiterCardShares: { carl: number; girl: number };
  secondMindSlipHeldShare: number;
  worldsChecked: number;
}

type Card = 'carl' | 'girl';

/** A check on the 3 secret cards collected while walking the log for one (card, path). */
type TripleCheck =
  | { kind: 'not'; f: FeatureId }
  | { kind: 'has'; f: FeatureId }
  /** sum over arrivals of |features(loc) ∩ cards \ dead| = count */
  | { kind: 'sum'; arrivals: { loc: Loc; dead: ReadonlySet<FeatureId> }[]; count: number };

function bit(f: FeatureId): number {
  return 1 << FEATURES.indexOf(f);
}

const ALL_TRIPLES: FeatureId[][] = (() => {
  const out: FeatureId[][] = [];
  for (let a = 0; a < 16; a++)
    for (let b = a + 1; b < 16; b++)
      for (let c = b + 1; c < 16; c++) out.push([FEATURES[a]!, FEATURES[b]!, FEATURES[c]!]);
  return out;
})();

/** The walk reached an arrival beyond the given prefix with nothing contradicted so far. */
const OPEN = 'open';

/**
 * Walks the public log for one recruiter card and one full path. Returns null if the path
 * contradicts a card-independent fact, else the checks the 3 secret cards must pass, and
 * whether the 2nd mind slip token is held at the end. With `prefix`, `path` may be the start of
 * a path: OPEN when the log needs a location beyond it and nothing contradicted it before.
 */
function walk(
  events: readonly { readonly pub: PublicEvent }[],
  boxChecks: ReadonlyMap<number, BoxOutcome>,
  card: Card,
  path: readonly Loc[],
  prefix = false,
): { checks: TripleCheck[]; held2: boolean } | typeof OPEN | null {
  const beyond = (): typeof OPEN | null => (prefix ? OPEN : null);
  const mayhem: Edge[] = [];
  const tokens = new Set<Loc>();
  const confirmed = new Set<Loc>();
  const exposed = new Set<FeatureId>();
  const arrivals: { loc: Loc; dead: ReadonlySet<FeatureId> }[] = [];
  const checks: TripleCheck[] = [];
  let n = 0; // locations written so far
  let P: Loc | null = null;
  let used1 = false;
  let held2 = false;
  let used2 = false;
  let lastDolphin = false;
  const visitedNow = (): Loc[] => path.slice(0, n);
  const here = (): Loc => path[n - 1]!;
  const arrive = (to: Loc): void => {
    arrivals[n] = { loc: to, dead: new Set(exposed) };
    n++;
    if (P !== null && to === P && !used2) held2 = true; // R18
  };
  const boxedNow = (slips: boolean): boolean => {
    const v = visitedNow();
    if (stepNeighbours(here(), mayhem).some((x) => !v.includes(x))) return false;
    if (!slips || (used1 && !held2)) return true;
    const land = (card === 'carl' ? ORTHO_TWO : DIAG_TWO)[here()]!;
    return !land.some((x) => !v.includes(x));
  };
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!.pub;
    // D1, R17, R37: the engine's boxed-in check at a turn start or after an immortal move.
    const o = boxChecks.get(i);
    if (o !== undefined && o !== 'none' && boxedNow(true) !== (o === 'boxed')) return null;
    switch (e.kind) {
      case 'mayhemPlaced':
        mayhem.push(e.between);
        break;
      case 'startChosen':
        if (path.length < 1) return beyond();
        if (e.at !== null) {
          if (path[0] !== e.at) return null;
          confirmed.add(e.at);
        }
        arrive(path[0]!);
        break;
      case 'recruiterStepped': {
        if (e.time !== n + 1) return null;
        if (path.length <= n) return beyond();
        const to = path[n]!;
        if (visitedNow().includes(to) || !stepNeighbours(here(), mayhem).includes(to)) return null;
        arrive(to);
        if (e.time < 5) {
          // D6: the engine ends the game when a setup step leaves no step.
          const next = events[i + 1]?.pub;
          const over = next?.kind === 'gameOver' && next.result.reason === 'boxedIn';
          if (boxedNow(false) !== over) return null;
        }
        break;
      }
      case 'mindSlipUsed': {
        if (e.time !== n + 1) return null;
        if (path.length <= n) return beyond();
        if (e.token === 1) {
          if (used1) return null;
          used1 = true;
        } else {
          if (!held2 || e.tokenAt !== P) return null;
          held2 = false;
          used2 = true;
        }
        const to = path[n]!;
        const land = (card === 'carl' ? ORTHO_TWO : DIAG_TWO)[here()]!;
        if (visitedNow().includes(to) || !land.includes(to)) return null;
        arrive(to);
        break;
      }
      case 'setupRecruitsRevealed':
        checks.push({ kind: 'sum', arrivals: arrivals.slice(0, 5), count: e.count });
        break;
      case 'mindSlipTokenPlaced':
        P = e.at;
        break;
      case 'immortalCardsDrawn':
        for (const f of e.features) checks.push({ kind: 'not', f });
        break;

      case 'immortalMoved':
        if (e.stepToken !== null) {
          if (!visitedNow().includes(e.stepToken) || tokens.has(e.stepToken) || confirmed.has(e.stepToken)) return null;
          tokens.add(e.stepToken);
        }
        break;
      case 'timeAdvanced':
        if (e.alert !== null)
          checks.push({ kind: 'sum', arrivals: [arrivals[e.time - 2]!, arrivals[e.time - 1]!], count: e.alert });
        break;
      case 'asked':
        lastDolphin = e.dolphin;
        break;
      case 'askAnswered': {
        const options = visitedNow().filter((l) => hasFeature(l, e.feature) && !tokens.has(l) && !confirmed.has(l));
        if (lastDolphin) {
          if (options.length !== e.at.length || options.some((l) => !e.at.includes(l))) return null;
        } else if (e.at.length === 0) {
          if (options.length) return null;
        } else if (!options.includes(e.at[0]!)) return null;
        for (const l of e.at) tokens.add(l);
        lastDolphin = false;
        break;
      }
      case 'revealed':
        if (path[e.visitTime - 1] !== e.at || e.visitTime > n) return null;
        tokens.delete(e.at);
        confirmed.add(e.at);
        break;
      case 'shakedown':
        if (e.hit) {
          checks.push({ kind: 'has', f: e.feature });
          exposed.add(e.feature);
        } else if (!exposed.has(e.feature)) checks.push({ kind: 'not', f: e.feature }); // R38
        break;
      case 'captureAttempted':
        if ((here() === e.at) !== e.hit) return null;
        break;
      case 'scanned':
        if (crossOf(e.at).includes(here()) !== e.yes) return null;
        break;
      default:
        break;
    }
  }
  if (n !== path.length) return null;
  return { checks, held2 };
}

const TRIPLE_MASKS = ALL_TRIPLES.map((t) => t.reduce((m, f) => m | bit(f), 0));

/** The checks as bit masks over FEATURES (bit i = FEATURES[i]), for speed. */
type MaskCheck = { not: number } | { has: number } | { sum: number[]; count: number };

function toMasks(checks: readonly TripleCheck[]): MaskCheck[] {
  return checks.map((c) => {
    if (c.kind === 'not') return { not: bit(c.f) };
    if (c.kind === 'has') return { has: bit(c.f) };
    // the features of each arrival location that still recruit (not exposed before arrival)
    const sum = c.arrivals.map((a) =>
      FEATURES.filter((f) => hasFeature(a.loc, f) && !a.dead.has(f)).reduce((m, f) => m | bit(f), 0),
    );
    return { sum, count: c.count };
  });
}

function ones(x: number): number {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}

function tripleOk(checks: readonly MaskCheck[], cards: number): boolean {
  for (const c of checks) {
    if ('not' in c) {
      if (cards & c.not) return false;
    } else if ('has' in c) {
      if (!(cards & c.has)) return false;
    } else {
      let s = 0;
      for (const m of c.sum) s += ones(m & cards);
      if (s !== c.count) return false;
    }
  }
  return true;
}

/**
 * Every path with the given move kinds (step / slip of a card), all locations distinct, that
 * the log does not contradict. Each prefix is walked against the log and dropped as soon as an
 * event it reaches contradicts it, so long games cost the consistent prefixes, not every walk.
 */
function paths(
  events: readonly { readonly pub: PublicEvent }[],
  boxChecks: ReadonlyMap<number, BoxOutcome>,
  card: Card,
): { found: { path: Loc[]; walked: { checks: TripleCheck[]; held2: boolean } }[]; walked: number } {
  const mayhem: Edge[] = [];
  const kinds: ('step' | 'slip')[] = [];
  let start: Loc | null | undefined;
  for (const { pub: e } of events) {
    if (e.kind === 'mayhemPlaced') mayhem.push(e.between);
    if (e.kind === 'startChosen') start = e.at;
    if (e.kind === 'recruiterStepped') kinds.push('step');
    if (e.kind === 'mindSlipUsed') kinds.push('slip');
  }
  if (start === undefined) return { found: [], walked: 0 };
  const found: { path: Loc[]; walked: { checks: TripleCheck[]; held2: boolean } }[] = [];
  const cur: Loc[] = [];
  let walked = 0;
  const rec = (): void => {
    const w = walk(events, boxChecks, card, cur, true);
    walked++;
    if (w === null) return;
    const k = cur.length - 1;
    if (w !== OPEN) {
      if (k === kinds.length) found.push({ path: cur.slice(), walked: w });
      return;
    }
    if (k >= kinds.length) return;
    const here = cur[cur.length - 1]!;
    const next = kinds[k] === 'step' ? stepNeighbours(here, mayhem) : (card === 'carl' ? ORTHO_TWO : DIAG_TWO)[here]!;
    for (const n of next) {
      if (cur.includes(n)) continue;
      cur.push(n);
      rec();
      cur.pop();
    }
  };
  for (let l = 0; l < LOCATION_COUNT; l++) {
    if (start !== null && l !== start) continue;
    cur.push(l);
    rec();
    cur.pop();
  }
  return { found, walked };
}

/** The outcome of every boxed-in check in the log, by event index (public: the same for every world). */
function boxCheckOutcomes(events: readonly { readonly pub: PublicEvent }[]): Map<number, BoxOutcome> {
  const training = events.some((e) => e.pub.kind === 'startChosen' && e.pub.at !== null); // R31
  const board = new PublicBoard(training ? 'training' : 'full');
  const out = new Map<number, BoxOutcome>();
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!.pub;
    board.see(e);
    if (board.checksAfter(e)) out.set(i, board.outcome(events, i));
  }
  return out;
}

/** The exact belief by enumeration (for tests; exponential). */
export function bruteForce(events: readonly { readonly pub: PublicEvent }[]): BruteBelief {
  const weights = new Array<number>(LOCATION_COUNT).fill(0);
  const shares = Object.fromEntries(FEATURES.map((f) => [f, 0])) as Record<FeatureId, number>;
  const cardW = { carl: 0, girl: 0 };
  let held = 0;
  let checked = 0;
  const boxChecks = boxCheckOutcomes(events);
  for (const card of ['carl', 'girl'] as const) {
    const { found, walked } = paths(events, boxChecks, card);
    checked += walked;
    for (const { path, walked: w } of found) {
      const masks = toMasks(w.checks);
      for (let k = 0; k < ALL_TRIPLES.length; k++) {
        const cards = ALL_TRIPLES[k]!;
        if (!tripleOk(masks, TRIPLE_MASKS[k]!)) continue;
        weights[path[path.length - 1]!]! += 1;
        cardW[card] += 1;
        if (w.held2) held += 1;
        for (const f of cards) shares[f] += 1;
      }
    }
  }
  const histories = weights.reduce((a, b) => a + b, 0);
  const div = histories || 1;
  for (const f of FEATURES) shares[f] /= div;
  return {
    histories,
    weights,
    cardShares: shares,
    recruiterCardShares: { carl: cardW.carl / div, girl: cardW.girl / div },
    secondMindSlipHeldShare: held / div,
    worldsChecked: checked,
  };
}
