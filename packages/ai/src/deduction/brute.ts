// Brute-force reference for the deduction engine: enumerates every hidden world (recruiter
// card x 3 secret feature cards x full path) and checks it against the public event log by
// simulating the game's hidden side event by event. Simple and slow; used by the tests to
// check that the fast engine (engine.ts) is exact. Shares no code with engine.ts / facts.ts.
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

/**
 * Walks the public log for one recruiter card and one full path. Returns null if the path
 * contradicts a card-independent fact, else the checks the 3 secret cards must pass, and
 * whether the 2nd mind slip token is held at the end.
 */
function walk(
  events: readonly { readonly pub: PublicEvent }[],
  card: Card,
  path: readonly Loc[],
): { checks: TripleCheck[]; held2: boolean } | null {
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
    switch (e.kind) {
      case 'mayhemPlaced':
        mayhem.push(e.between);
        break;
      case 'startChosen':
        if (path.length < 1) return null;
        if (e.at !== null) {
          if (path[0] !== e.at) return null;
          confirmed.add(e.at);
        }
        arrive(path[0]!);
        break;
      case 'recruiterStepped': {
        if (e.time !== n + 1 || path.length <= n) return null;
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
        if (e.time !== n + 1 || path.length <= n) return null;
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
      case 'recruiterTurnStarted': {
        let j = i + 1;
        while (events[j]?.pub.kind === 'immortalRecruited') j++;
        const next = events[j]?.pub;
        if (next?.kind === 'gameOver' && next.result.reason === 'recruits') break;
        const over = next?.kind === 'gameOver' && next.result.reason === 'boxedIn';
        if (boxedNow(true) !== over) return null;
        break;
      }
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
        } else checks.push({ kind: 'not', f: e.feature });
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

/** Every path with the given move kinds (step / slip of a card), all locations distinct. */
function paths(events: readonly { readonly pub: PublicEvent }[], card: Card): Loc[][] {
  const mayhem: Edge[] = [];
  const kinds: ('step' | 'slip')[] = [];
  let start: Loc | null | undefined;
  for (const { pub: e } of events) {
    if (e.kind === 'mayhemPlaced') mayhem.push(e.between);
    if (e.kind === 'startChosen') start = e.at;
    if (e.kind === 'recruiterStepped') kinds.push('step');
    if (e.kind === 'mindSlipUsed') kinds.push('slip');
  }
  if (start === undefined) return [];
  const out: Loc[][] = [];
  const cur: Loc[] = [];
  const rec = (): void => {
    const k = cur.length - 1;
    if (k === kinds.length) {
      out.push(cur.slice());
      return;
    }
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
  return out;
}

/** The exact belief by enumeration (for tests; exponential). */
export function bruteForce(events: readonly { readonly pub: PublicEvent }[]): BruteBelief {
  const weights = new Array<number>(LOCATION_COUNT).fill(0);
  const shares = Object.fromEntries(FEATURES.map((f) => [f, 0])) as Record<FeatureId, number>;
  const cardW = { carl: 0, girl: 0 };
  let held = 0;
  let checked = 0;
  for (const card of ['carl', 'girl'] as const) {
    for (const path of paths(events, card)) {
      const w = walk(events, card, path);
      checked++;
      if (!w) continue;
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
