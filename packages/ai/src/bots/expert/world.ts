// A determinisation: the hidden facts of one possible world, and the fast-engine state for a view
// plus such a world. Search (search.ts) plays its playouts on that state. The public part comes
// from the View only; the hidden part (recruiter card, feature cards, path, 2nd token, deck order)
// from a HiddenWorld that sampling.ts draws from what the searching seat may know.
import {
  AGENTS,
  ALL_EDGES,
  edgesTouch,
  FastCodes,
  FastState,
  FEATURES,
  type FeatureId,
  LOCATION_COUNT,
  LOCATIONS_WITH,
  type Loc,
  type Phase,
  type View,
} from '@mindmgmt/engine';
import type { BotRng } from '../types.js';

/** The facts a View may hide (everything else of a FastState is public). */
export interface HiddenWorld {
  /** Index in RECRUITER_CARDS (0 carl, 1 girl). */
  readonly card: number;
  /** The 3 secret feature cards, with the time each was exposed (R24) or null; parallel arrays. */
  readonly cards: readonly FeatureId[];
  readonly exposedAt: readonly (number | null)[];
  /** path[i] = location at time i+1. */
  readonly path: readonly Loc[];
  readonly secondMindSlipHeld: boolean;
  /** The undrawn deck, top first (its order is in no view: always sampled). */
  readonly deck: readonly FeatureId[];
}

const N = LOCATION_COUNT;
const FEATURE_INDEX = new Map<FeatureId, number>(FEATURES.map((f, i) => [f, i]));
const fi = (f: FeatureId): number => FEATURE_INDEX.get(f)!;
/** Bitmask of the features (bit = index in FEATURES) shown at each location; 0 for temples. */
const LOC_FEAT_BITS: readonly number[] = Array.from({ length: N }, (_, l) => {
  let m = 0;
  FEATURES.forEach((f, i) => {
    if (LOCATIONS_WITH[f].includes(l)) m |= 1 << i;
  });
  return m;
});

const PHASES: readonly Phase[] = [
  'mayhem',
  'recruiterCard',
  'start',
  'setupSteps',
  'immortals',
  'agents',
  'mindSlipToken',
  'recruiterTurn',
  'agentsTurn',
  'answerAsk',
  'over',
];
const SOURCES = ['ask', 'dolphin', 'extraMove'] as const;

function edgeId(a: Loc, b: Loc): number {
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  return ALL_EDGES.findIndex((e) => Math.min(e[0], e[1]) === lo && Math.max(e[0], e[1]) === hi);
}

/** Features of location l as a bitmask (bit = index in FEATURES). */
export function locFeatureBits(l: Loc): number {
  return LOC_FEAT_BITS[l]!;
}

/** R12: recruits contacted on arriving at l with the live (unexposed) cards `liveMask`. */
export function contactsOn(l: Loc, liveMask: number): number {
  const m = LOC_FEAT_BITS[l]! & liveMask;
  return m === 0 ? 0 : (m & (m - 1)) === 0 ? 1 : 2;
}

/**
 * The public part of a fast state for a view, computed once per decision and stamped into a
 * FastState for every world (fill()).
 */
export class PublicFrame {
  private readonly mayhem: number[];
  private readonly forbidden: number[];
  constructor(readonly v: View) {
    this.mayhem = v.mayhem.map((e) => edgeId(e[0], e[1]));
    const f = new Set<number>();
    for (const e of v.mayhem)
      ALL_EDGES.forEach((x, j) => {
        if (edgesTouch(e, x) || edgeId(x[0], x[1]) === edgeId(e[0], e[1])) f.add(j);
      });
    this.forbidden = [...f];
  }

  /** Writes view + world into `s` (every field of FastState). */
  fill(s: FastState, w: HiddenWorld): FastState {
    const v = this.v;
    s.full = v.mode === 'full';
    s.agentSeats = v.agentSeats;
    s.phase = PHASES.indexOf(v.phase);
    s.time = v.time;
    s.mayhemCount = this.mayhem.length;
    s.blocked.fill(0);
    s.forbidden.fill(0);
    this.mayhem.forEach((e, i) => {
      s.mayhem[i] = e;
      s.blocked[e] = 1;
    });
    for (const e of this.forbidden) s.forbidden[e] = 1;
    s.card = v.phase === 'mayhem' || v.phase === 'recruiterCard' ? -1 : w.card;

    // deck: drawn cards first (their order does not matter once drawn), then the live deck
    s.deckPos = 16 - w.deck.length;
    w.deck.forEach((f, i) => (s.deck[s.deckPos + i] = fi(f)));
    s.cardCount = w.cards.length;
    s.liveMask = 0;
    s.exposedMask = 0;
    s.exposedCount = 0;
    s.exposedAt.fill(-1);
    w.cards.forEach((f, i) => {
      s.cards[i] = fi(f);
      const e = w.exposedAt[i];
      if (e === null || e === undefined) s.liveMask |= 1 << fi(f);
      else {
        s.exposedAt[i] = e;
        s.exposedCount++;
        s.exposedMask |= 1 << fi(f);
      }
    });
    s.pathLen = w.path.length;
    s.visitAt.fill(0);
    s.contacts.fill(0);
    w.path.forEach((l, i) => {
      const t = i + 1;
      s.path[i] = l;
      s.visitAt[l] = t;
      let live = 0;
      w.cards.forEach((f, k) => {
        const e = w.exposedAt[k];
        if (e === null || e === undefined || t <= e) live |= 1 << fi(f);
      });
      s.contacts[t] = contactsOn(l, live);
    });
    const rev = v.recruits.revealed;
    s.revealedLen = rev.length;
    rev.forEach((r, i) => {
      s.revealedTime[i] = r.time;
      s.revealedCount[i] = r.count;
    });
    const imr = v.recruits.immortal;
    s.immRecLen = imr.length;
    imr.forEach((r, i) => {
      s.immRecFeature[i] = fi(r.feature);
      s.immRecTime[i] = r.time;
    });
    s.recruits = v.recruits.total;
    s.slip1UsedAt = v.mindSlips.firstUsedAt ?? -1;
    s.slip2UsedAt = v.mindSlips.secondUsedAt ?? -1;
    s.slip2At = s.slip2UsedAt >= 0 ? -1 : (v.mindSlips.secondOnBoard ?? -1);
    s.slip2Held = w.secondMindSlipHeld;

    s.immortalCount = v.immortals.length;
    s.immAt.fill(0);
    s.immFeatMask = 0;
    v.immortals.forEach((l, i) => {
      s.immortals[i] = l;
      s.immAt[l] = 1;
      s.immFeatMask |= LOC_FEAT_BITS[l]!;
    });
    s.agentsPlaced = 0;
    s.activatedMask = 0;
    v.agents.forEach((a, i) => {
      s.agents[i] = a.at ?? -1;
      if (a.at !== null) s.agentsPlaced++;
      if (a.activated) s.activatedMask |= 1 << i;
    });
    s.immCardCount = v.immortalCards.length;
    v.immortalCards.forEach((f, i) => (s.immCards[i] = fi(f)));
    s.discardCount = v.immortalDiscards.length;
    v.immortalDiscards.forEach((f, i) => (s.discards[i] = fi(f)));
    s.tokTime.fill(-1);
    s.tokSrc.fill(0);
    for (const t of v.stepTokens) {
      s.tokTime[t.at] = t.time;
      s.tokSrc[t.at] = SOURCES.indexOf(t.source);
    }
    s.confTime.fill(0);
    for (const c of v.confirmed) s.confTime[c.at] = c.visitTime;
    s.allyUsed = v.mode === 'full' && !v.allyAvailable;

    s.turnActive = v.turn !== null;
    s.actionDone = v.turn?.actionDone ?? false;
    s.immMoves = v.turn?.immortalMoves ?? 0;
    s.extraDone = v.turn?.extraDone ?? false;
    const act = v.activation;
    s.actAgent = act ? AGENTS.indexOf(act.agent) : -1;
    s.actMoved = act?.moved ?? false;
    s.actDone = act?.actionDone ?? false;
    s.actFree = act?.freeUsed ?? false;
    s.pushFrom = act?.pushFrom ?? -1;
    s.activationsThisHalf = v.activationsThisHalf;
    s.askFeature = v.pendingAsk ? fi(v.pendingAsk.feature) : -1;
    s.askAgent = v.pendingAsk ? AGENTS.indexOf(v.pendingAsk.agent) : -1;
    s.winner = FastCodes.W_NONE;
    s.reason = -1;
    s.resultTime = 0;
    return s;
  }
}

/** Fisher-Yates in place with the bot's seeded random source. */
export function shuffle<T>(xs: T[], rng: BotRng): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const t = xs[i]!;
    xs[i] = xs[j]!;
    xs[j] = t;
  }
  return xs;
}

/** Features that may still be in the deck: not an immortal card (face up or discarded), not in `cards`. */
export function deckPool(v: View, cards: readonly FeatureId[]): FeatureId[] {
  const out = new Set<FeatureId>(FEATURES);
  for (const f of v.immortalCards) out.delete(f);
  for (const f of v.immortalDiscards) out.delete(f);
  for (const f of cards) out.delete(f);
  return [...out];
}

/** A new FastState (allocation: once per search, then refilled per iteration). */
export function newFastState(): FastState {
  return new FastState();
}
