// The fast path's game state: one mutable object of numbers and preallocated typed arrays,
// reset in place for each new game so a playout loop allocates nothing. Field names follow
// the readable GameState (model/state.ts); -1 stands for null.
import { FEATURES } from '../board/board.js';
import type { GameOptions } from '../model/state.js';
import { PH_CARD, PH_MAYHEM, PH_START, W_NONE } from './codes.js';
import { FEATURE_INDEX, NEDGE, NLOC } from './tables.js';

/**
 * sfc32, the same generator and the same warm-up as rules/random.ts (rngFrom), so a fast game
 * created from a seed draws the same deck and recruiter card as newGame. Reseedable in place.
 */
export class Sfc32 {
  a = 0;
  b = 0;
  c = 0;
  d = 0;
  constructor(seed = 0) {
    this.seed(seed);
  }
  seed(seed: number): void {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let i = 0; i < 15; i++) this.next();
  }
  /** A float in [0, 1), exactly as rngFrom's generator. */
  next(): number {
    const a = this.a >>> 0;
    const b = this.b >>> 0;
    let c = this.c >>> 0;
    const d = this.d >>> 0;
    const t = (((a + b) | 0) + d) | 0;
    this.d = (d + 1) | 0;
    this.a = b ^ (b >>> 9);
    this.b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    this.c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  }
  /** randomInt(rng, n) of rules/random.ts. */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
}

export class FastState {
  full = true;
  agentSeats = 1;
  phase = PH_MAYHEM;
  time = 0;

  /** Mayhem edge ids in placement order (R4, R5). */
  readonly mayhem = new Int8Array(5);
  mayhemCount = 0;
  /** blocked[e] = 1 when a mayhem token lies on edge e (R1). */
  readonly blocked = new Uint8Array(NEDGE);
  /** forbidden[e] = 1 when edge e is taken or touches a token (R4). */
  readonly forbidden = new Uint8Array(NEDGE);

  /** 0 Carl Box, 1 the Girl with the Pipe, -1 not chosen yet (D10). */
  card = -1;
  /** Feature indices, top first; the live deck is deck[deckPos..16). */
  readonly deck = new Int8Array(16);
  deckPos = 0;
  readonly cards = new Int8Array(3);
  cardCount = 0;
  /** R24: time each card was exposed, -1 while hidden; parallel to cards. */
  readonly exposedAt = new Int8Array(3);
  exposedCount = 0;
  /** R12: bitmask of the features of cards not exposed (they still recruit). */
  liveMask = 0;
  /** Bitmask of features of exposed cards (shakedown may not name them again). */
  exposedMask = 0;

  /** path[i] is the recruiter's location at time i+1. */
  readonly path = new Int8Array(17);
  pathLen = 0;
  /** Visit time of each location (the number on the secret map), 0 if not visited. */
  readonly visitAt = new Int8Array(NLOC);
  /** Recruits contacted by the recruiter at each time (index = time). */
  readonly contacts = new Int8Array(17);
  /** The 01:00-05:00 number and the alert numbers (R11), as (time, count). */
  readonly revealedTime = new Int8Array(16);
  readonly revealedCount = new Int8Array(16);
  revealedLen = 0;
  readonly immRecFeature = new Int8Array(16);
  readonly immRecTime = new Int8Array(16);
  immRecLen = 0;
  /** R13: revealed recruits (revealed numbers + immortal recruits). */
  recruits = 0;

  slip1UsedAt = -1;
  /** R18: the 2nd token's location while on the board, -1 otherwise. */
  slip2At = -1;
  slip2Held = false;
  slip2UsedAt = -1;

  /** Immortal locations in placement order (order kept like the readable engine's array). */
  readonly immortals = new Int8Array(4);
  immortalCount = 0;
  /** immAt[l] = 1 when an immortal stands on l (R3: never two on one location). */
  readonly immAt = new Uint8Array(NLOC);
  /** R22: bitmask of the features shown on locations holding an immortal. */
  immFeatMask = 0;

  /** Agent locations in AGENTS order, -1 before placement. */
  readonly agents = new Int8Array(4);
  agentsPlaced = 0;
  /** Bit i set when agent i was activated this round (R20). */
  activatedMask = 0;

  /** Face-up immortal recruiting cards, in the readable engine's order. */
  readonly immCards = new Int8Array(2);
  immCardCount = 0;
  readonly discards = new Int8Array(16);
  discardCount = 0;

  /** Step token on each location: the time placed, -1 for none; and its source (SRC_*). */
  readonly tokTime = new Int8Array(NLOC);
  readonly tokSrc = new Int8Array(NLOC);
  /** Confirmed note on each location: the visit time, 0 for none (R23, R31). */
  readonly confTime = new Int8Array(NLOC);
  allyUsed = false;

  // ---- the recruiter's turn (R15) ----
  turnActive = false;
  actionDone = false;
  immMoves = 0;
  extraDone = false;

  // ---- the current activation (R20); actAgent -1 = none ----
  actAgent = -1;
  actMoved = false;
  actDone = false;
  actFree = false;
  /** D5: the location of the immortal that may be pushed, -1 when none. */
  pushFrom = -1;
  activationsThisHalf = 0;

  /** A pending ask (R22): the feature and the asking agent, -1 when none. */
  askFeature = -1;
  askAgent = -1;

  winner = W_NONE;
  reason = -1;
  resultTime = 0;

  /** Setup randomness (deck, random recruiter card), as newGame draws it. */
  readonly setupRng = new Sfc32();
}

const DEFAULT_DECK = Int8Array.from(FEATURES.map((f) => FEATURE_INDEX[f]));

/**
 * Resets `s` to a new game exactly as newGame(options, seed) would create it (same deck, same
 * recruiter card). Allocates nothing unless options.deck is given.
 */
export function resetGame(s: FastState, options: GameOptions, seed: number): FastState {
  if (options.mode !== 'full' && options.mode !== 'training') throw new Error('mode must be "full" or "training"');
  if (!Number.isInteger(options.agentSeats) || options.agentSeats < 1 || options.agentSeats > 4)
    throw new Error('there must be 1 to 4 agent seats (R32)');
  s.full = options.mode === 'full';
  s.agentSeats = options.agentSeats;
  const rng = s.setupRng;
  rng.seed(seed);
  if (options.deck) {
    if (options.deck.length !== 16) throw new Error('an explicit deck lists all 16 features');
    for (let i = 0; i < 16; i++) s.deck[i] = FEATURE_INDEX[options.deck[i]!];
  } else {
    // shuffled(rng, FEATURES) of rules/random.ts
    s.deck.set(DEFAULT_DECK);
    for (let i = 15; i > 0; i--) {
      const j = rng.int(i + 1);
      const t = s.deck[i]!;
      s.deck[i] = s.deck[j]!;
      s.deck[j] = t;
    }
  }
  const rule = options.recruiterCard ?? 'random';
  s.card = rule === 'random' ? rng.int(2) : rule === 'carl' ? 0 : rule === 'girl' ? 1 : -1;
  s.deckPos = 0;
  s.time = 0;
  s.mayhemCount = 0;
  s.blocked.fill(0);
  s.forbidden.fill(0);
  s.cardCount = 0;
  s.exposedAt.fill(-1);
  s.exposedCount = 0;
  s.liveMask = 0;
  s.exposedMask = 0;
  s.pathLen = 0;
  s.visitAt.fill(0);
  s.contacts.fill(0);
  s.revealedLen = 0;
  s.immRecLen = 0;
  s.recruits = 0;
  s.slip1UsedAt = -1;
  s.slip2At = -1;
  s.slip2Held = false;
  s.slip2UsedAt = -1;
  s.immortalCount = 0;
  s.immAt.fill(0);
  s.immFeatMask = 0;
  s.agents.fill(-1);
  s.agentsPlaced = 0;
  s.activatedMask = 0;
  s.immCardCount = 0;
  s.discardCount = 0;
  s.tokTime.fill(-1);
  s.tokSrc.fill(0);
  s.confTime.fill(0);
  s.allyUsed = false;
  s.turnActive = false;
  s.actionDone = false;
  s.immMoves = 0;
  s.extraDone = false;
  s.actAgent = -1;
  s.actMoved = false;
  s.actDone = false;
  s.actFree = false;
  s.pushFrom = -1;
  s.activationsThisHalf = 0;
  s.askFeature = -1;
  s.askAgent = -1;
  s.winner = W_NONE;
  s.reason = -1;
  s.resultTime = 0;
  s.phase = s.full ? PH_MAYHEM : s.card < 0 ? PH_CARD : PH_START;
  return s;
}

/** A new fast game (allocates the state once; reuse it with resetGame in loops). */
export function fastNewGame(options: GameOptions, seed: number): FastState {
  return resetGame(new FastState(), options, seed);
}

export function isOver(s: FastState): boolean {
  return s.winner !== W_NONE;
}
