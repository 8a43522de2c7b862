// The bridge between the fast path and the readable engine: packed actions <-> readable
// Actions, and a projection of either state onto the rule-relevant parts of GameState (what
// the agreement test compares). History, notes, seq and the seed are not rule state.
import { FEATURES, type FeatureId, type Loc } from '../board/board.js';
import type { Action } from '../model/actions.js';
import {
  AGENTS,
  type AgentId,
  type GameResult,
  RECRUITER_CARDS,
  type RecruiterCardId,
  type Seat,
} from '../model/pieces.js';
import type { Confirmed, GameState, Phase, StepToken } from '../model/state.js';
import { agentControllers } from '../rules/seats.js';
import {
  A_ACTIVATE,
  A_ANSWER,
  A_ASK,
  A_CAPTURE,
  A_CARD,
  A_DUSTY,
  A_END_ACTIVATION,
  A_END_TURN,
  A_EXTRA_IMMORTAL,
  A_MAYHEM,
  A_MIND_SLIP,
  A_MOVE,
  A_MOVE_IMMORTAL,
  A_NUDGE,
  A_PLACE_AGENT,
  A_PLACE_IMMORTAL,
  A_PLACE_SLIP,
  A_PUSH,
  A_REVEAL,
  A_SCAN,
  A_SHAKEDOWN,
  A_START,
  A_STEP,
  enc,
  NONE,
  p1Of,
  p2Of,
  p3Of,
  typeOf,
  W_NONE,
  W_RECRUITER,
} from './codes.js';
import type { FastState } from './state.js';
import { EDGE_A, EDGE_B, EDGE_ID, FEATURE_INDEX, NLOC } from './tables.js';

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
/** Indexed by R_* and SRC_* of codes.ts. */
const REASONS = ['capture', 'boxedIn', 'recruits', 'time'] as const;
const SOURCES = ['ask', 'dolphin', 'extraMove'] as const;

function feature(i: number): FeatureId {
  return FEATURES[i]!;
}
function agentId(i: number): AgentId {
  return AGENTS[i]!;
}

/** The first seat controlling an agent (D9); any controller may act for it. */
function seatFor(s: FastState, agent: number): Seat {
  return agentControllers(s.agentSeats, agentId(agent))[0]!;
}

/**
 * The readable Action for a packed action legal in `s`, with a seat that may take it now
 * (the recruiter; the seat whose turn it is to place mayhem; a controller of the agent).
 */
export function fastToAction(s: FastState, code: number): Action {
  const p1 = p1Of(code);
  const p2 = p2Of(code);
  const p3 = p3Of(code);
  const inAct = (): Seat => seatFor(s, s.actAgent);
  switch (typeOf(code)) {
    case A_MAYHEM:
      return { type: 'placeMayhem', seat: s.mayhemCount % (s.agentSeats + 1), between: [EDGE_A[p1]!, EDGE_B[p1]!] };
    case A_CARD:
      return { type: 'chooseRecruiterCard', seat: 0, card: RECRUITER_CARDS[p1]! };
    case A_START:
      return { type: 'chooseStart', seat: 0, at: p1 };
    case A_PLACE_IMMORTAL:
      return { type: 'placeImmortal', seat: 0, at: p1 };
    case A_PLACE_AGENT:
      return { type: 'placeAgent', seat: seatFor(s, p1), agent: agentId(p1), at: p2 };
    case A_PLACE_SLIP:
      return { type: 'placeMindSlip', seat: 1, at: p1 };
    case A_STEP:
      return { type: 'step', seat: 0, to: p1 };
    case A_MIND_SLIP:
      return { type: 'mindSlip', seat: 0, to: p1, token: p2 === 2 ? 2 : 1 };
    case A_MOVE_IMMORTAL:
      return { type: 'moveImmortal', seat: 0, from: p1, to: p2 };
    case A_EXTRA_IMMORTAL:
      return { type: 'extraImmortalMove', seat: 0, stepToken: p3, from: p1, to: p2 };
    case A_END_TURN:
      return { type: 'endTurn', seat: 0 };
    case A_ANSWER:
      return { type: 'answerAsk', seat: 0, at: p1 === NONE ? null : p1 };
    case A_ACTIVATE:
      return { type: 'activate', seat: seatFor(s, p1), agent: agentId(p1) };
    case A_MOVE:
      return { type: 'move', seat: inAct(), to: p1 };
    case A_ASK:
      return { type: 'ask', seat: inAct(), feature: feature(p1), dolphin: p2 === 1 };
    case A_REVEAL:
      return { type: 'reveal', seat: inAct() };
    case A_SHAKEDOWN:
      return { type: 'shakedown', seat: inAct(), feature: feature(p1) };
    case A_PUSH:
      return { type: 'push', seat: inAct(), to: p1 };
    case A_CAPTURE:
      return { type: 'capture', seat: inAct() };
    case A_SCAN:
      return { type: 'scan', seat: inAct() };
    case A_NUDGE:
      return { type: 'nudge', seat: inAct(), from: p1, to: p2 };
    case A_DUSTY:
      return { type: 'dustyMove', seat: inAct(), agent: agentId(p1), to: p2 };
    case A_END_ACTIVATION:
      return { type: 'endActivation', seat: inAct() };
    default:
      throw new RangeError(`unknown fast action ${code}`);
  }
}

/**
 * The packed action for a readable Action (the seat is dropped), or -1 for actions the fast
 * path does not play (note, resign, timeout) and for a mayhem pair that is not an edge.
 */
export function fastFromAction(a: Action): number {
  switch (a.type) {
    case 'placeMayhem': {
      const e = EDGE_ID[a.between[0] * NLOC + a.between[1]]!;
      return e < 0 ? -1 : enc(A_MAYHEM, e, 0, 0);
    }
    case 'chooseRecruiterCard':
      return enc(A_CARD, RECRUITER_CARDS.indexOf(a.card), 0, 0);
    case 'chooseStart':
      return enc(A_START, a.at, 0, 0);
    case 'placeImmortal':
      return enc(A_PLACE_IMMORTAL, a.at, 0, 0);
    case 'placeAgent':
      return enc(A_PLACE_AGENT, AGENTS.indexOf(a.agent), a.at, 0);
    case 'placeMindSlip':
      return enc(A_PLACE_SLIP, a.at, 0, 0);
    case 'step':
      return enc(A_STEP, a.to, 0, 0);
    case 'mindSlip':
      return enc(A_MIND_SLIP, a.to, a.token, 0);
    case 'moveImmortal':
      return enc(A_MOVE_IMMORTAL, a.from, a.to, 0);
    case 'extraImmortalMove':
      return enc(A_EXTRA_IMMORTAL, a.from, a.to, a.stepToken);
    case 'endTurn':
      return enc(A_END_TURN, 0, 0, 0);
    case 'answerAsk':
      return enc(A_ANSWER, a.at === null ? NONE : a.at, 0, 0);
    case 'activate':
      return enc(A_ACTIVATE, AGENTS.indexOf(a.agent), 0, 0);
    case 'move':
      return enc(A_MOVE, a.to, 0, 0);
    case 'ask':
      return enc(A_ASK, FEATURE_INDEX[a.feature], a.dolphin ? 1 : 0, 0);
    case 'reveal':
      return enc(A_REVEAL, 0, 0, 0);
    case 'shakedown':
      return enc(A_SHAKEDOWN, FEATURE_INDEX[a.feature], 0, 0);
    case 'push':
      return enc(A_PUSH, a.to, 0, 0);
    case 'capture':
      return enc(A_CAPTURE, 0, 0, 0);
    case 'scan':
      return enc(A_SCAN, 0, 0, 0);
    case 'nudge':
      return enc(A_NUDGE, a.from, a.to, 0);
    case 'dustyMove':
      return enc(A_DUSTY, AGENTS.indexOf(a.agent), a.to, 0);
    case 'endActivation':
      return enc(A_END_ACTIVATION, 0, 0, 0);
    default:
      return -1;
  }
}

/** The rule-relevant parts of a GameState, in a canonical form (token lists sorted by location). */
export interface Projection {
  readonly mode: 'full' | 'training';
  readonly phase: Phase;
  readonly time: number;
  readonly mayhem: readonly (readonly [Loc, Loc])[];
  readonly recruiterCard: RecruiterCardId | null;
  readonly deck: readonly FeatureId[];
  readonly cards: readonly FeatureId[];
  readonly exposedAt: readonly (number | null)[];
  readonly path: readonly Loc[];
  readonly contacts: readonly number[];
  readonly revealed: readonly { readonly time: number; readonly count: number }[];
  readonly immortalRecruits: readonly { readonly feature: FeatureId; readonly time: number }[];
  readonly firstMindSlipUsedAt: number | null;
  readonly secondMindSlipAt: Loc | null;
  readonly secondMindSlipHeld: boolean;
  readonly secondMindSlipUsedAt: number | null;
  readonly immortals: readonly Loc[];
  readonly agents: readonly (Loc | null)[];
  readonly activated: readonly boolean[];
  readonly immortalCards: readonly FeatureId[];
  readonly immortalDiscards: readonly FeatureId[];
  readonly stepTokens: readonly StepToken[];
  readonly confirmed: readonly Confirmed[];
  readonly allyUsed: boolean;
  readonly turn: { readonly actionDone: boolean; readonly immortalMoves: number; readonly extraDone: boolean } | null;
  readonly activation: {
    readonly agent: AgentId;
    readonly moved: boolean;
    readonly actionDone: boolean;
    readonly freeUsed: boolean;
    readonly pushFrom: Loc | null;
  } | null;
  readonly activationsThisHalf: number;
  readonly pendingAsk: { readonly agent: AgentId; readonly feature: FeatureId } | null;
  readonly result: GameResult | null;
}

const nul = (x: number): number | null => (x < 0 ? null : x);

export function projectFast(s: FastState): Projection {
  const stepTokens: StepToken[] = [];
  const confirmed: Confirmed[] = [];
  for (let l = 0; l < NLOC; l++) {
    if (s.tokTime[l]! >= 0) stepTokens.push({ at: l, time: s.tokTime[l]!, source: SOURCES[s.tokSrc[l]!]! });
    if (s.confTime[l]! > 0) confirmed.push({ at: l, visitTime: s.confTime[l]! });
  }
  return {
    mode: s.full ? 'full' : 'training',
    phase: PHASES[s.phase]!,
    time: s.time,
    mayhem: Array.from(s.mayhem.subarray(0, s.mayhemCount), (e) => [EDGE_A[e]!, EDGE_B[e]!] as const),
    recruiterCard: s.card < 0 ? null : RECRUITER_CARDS[s.card]!,
    deck: Array.from(s.deck.subarray(s.deckPos), feature),
    cards: Array.from(s.cards.subarray(0, s.cardCount), feature),
    exposedAt: Array.from(s.exposedAt.subarray(0, s.cardCount), nul),
    path: Array.from(s.path.subarray(0, s.pathLen)),
    contacts: Array.from(s.contacts),
    revealed: Array.from({ length: s.revealedLen }, (_, i) => ({
      time: s.revealedTime[i]!,
      count: s.revealedCount[i]!,
    })),
    immortalRecruits: Array.from({ length: s.immRecLen }, (_, i) => ({
      feature: feature(s.immRecFeature[i]!),
      time: s.immRecTime[i]!,
    })),
    firstMindSlipUsedAt: nul(s.slip1UsedAt),
    secondMindSlipAt: nul(s.slip2At),
    secondMindSlipHeld: s.slip2Held,
    secondMindSlipUsedAt: nul(s.slip2UsedAt),
    immortals: Array.from(s.immortals.subarray(0, s.immortalCount)),
    agents: Array.from(s.agents, nul),
    activated: AGENTS.map((_, i) => (s.activatedMask & (1 << i)) !== 0),
    immortalCards: Array.from(s.immCards.subarray(0, s.immCardCount), feature),
    immortalDiscards: Array.from(s.discards.subarray(0, s.discardCount), feature),
    stepTokens,
    confirmed,
    allyUsed: s.allyUsed,
    turn: s.turnActive ? { actionDone: s.actionDone, immortalMoves: s.immMoves, extraDone: s.extraDone } : null,
    activation:
      s.actAgent < 0
        ? null
        : {
            agent: agentId(s.actAgent),
            moved: s.actMoved,
            actionDone: s.actDone,
            freeUsed: s.actFree,
            pushFrom: nul(s.pushFrom),
          },
    activationsThisHalf: s.activationsThisHalf,
    pendingAsk: s.askFeature < 0 ? null : { agent: agentId(s.askAgent), feature: feature(s.askFeature) },
    result:
      s.winner === W_NONE
        ? null
        : { winner: s.winner === W_RECRUITER ? 'recruiter' : 'agents', reason: REASONS[s.reason]!, time: s.resultTime },
  };
}

export function projectReadable(g: GameState): Projection {
  const byAt = <T extends { readonly at: Loc }>(xs: readonly T[]): T[] => [...xs].sort((a, b) => a.at - b.at);
  return {
    mode: g.mode,
    phase: g.phase,
    time: g.time,
    mayhem: g.mayhem.map((e) => [e[0], e[1]] as const),
    recruiterCard: g.recruiterCard,
    deck: [...g.deck],
    cards: [...g.cards],
    exposedAt: [...g.exposedAt],
    path: [...g.path],
    contacts: Array.from({ length: 17 }, (_, i) => g.contacts[i] ?? 0),
    revealed: g.revealed.map((r) => ({ time: r.time, count: r.count })),
    immortalRecruits: g.immortalRecruits.map((r) => ({ feature: r.feature, time: r.time })),
    firstMindSlipUsedAt: g.firstMindSlipUsedAt,
    secondMindSlipAt: g.secondMindSlipAt,
    secondMindSlipHeld: g.secondMindSlipHeld,
    secondMindSlipUsedAt: g.secondMindSlipUsedAt,
    immortals: [...g.immortals],
    agents: [...g.agents],
    activated: [...g.activated],
    immortalCards: [...g.immortalCards],
    immortalDiscards: [...g.immortalDiscards],
    stepTokens: byAt(g.stepTokens).map((t) => ({ at: t.at, time: t.time, source: t.source })),
    confirmed: byAt(g.confirmed).map((c) => ({ at: c.at, visitTime: c.visitTime })),
    allyUsed: g.allyUsed,
    turn: g.turn
      ? { actionDone: g.turn.actionDone, immortalMoves: g.turn.immortalMoves, extraDone: g.turn.extraDone }
      : null,
    activation: g.activation
      ? {
          agent: g.activation.agent,
          moved: g.activation.moved,
          actionDone: g.activation.actionDone,
          freeUsed: g.activation.freeUsed,
          pushFrom: g.activation.pushFrom,
        }
      : null,
    activationsThisHalf: g.activationsThisHalf,
    pendingAsk: g.pendingAsk ? { agent: g.pendingAsk.agent, feature: g.pendingAsk.feature } : null,
    result: g.result ? { winner: g.result.winner, reason: g.result.reason, time: g.result.time } : null,
  };
}

/** Result reason names, indexed by the fast R_* codes (codes.ts). */
export const FAST_REASONS = REASONS;
