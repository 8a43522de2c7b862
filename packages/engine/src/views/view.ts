// Per-seat projections of state and events, each built up from what that seat may know
// (never by deleting fields from the full state). After the game ends everything is public.
import type { Edge, FeatureId, Loc } from '../board/board.js';
import type { GameEvent, PublicEvent, SecretDetail } from '../model/events.js';
import {
  AGENTS,
  type AgentId,
  type GameResult,
  type Mode,
  RECRUITER_CARDS,
  RECRUITER_SEAT,
  type RecruiterCardId,
  type Seat,
  type Viewer,
} from '../model/pieces.js';
import type { Confirmed, GameState, Phase, StepToken } from '../model/state.js';
import { askCandidates, current, finalTime, recruitsToWin, revealedRecruits } from '../rules/queries.js';
import { agentControllers, agentsOfSeat, expectedSeats } from '../rules/seats.js';
import { publicSeq, publicState } from '../rules/undo.js';

export interface SeenEvent {
  readonly pub: PublicEvent;
  /** Present only for the recruiter seat, or for everyone once the game is over. */
  readonly secret?: SecretDetail;
}

export interface RecruiterSecrets {
  readonly card: RecruiterCardId | null;
  readonly cards: readonly { readonly feature: FeatureId; readonly exposedAt: number | null }[];
  /** path[i] is the location at time i+1. */
  readonly path: readonly Loc[];
  readonly at: Loc | null;
  readonly secondMindSlipHeld: boolean;
  /** Recruits contacted by the recruiter at times not yet covered by a reveal. */
  readonly unrevealed: number;
  /** During an ask: where the step token may go. */
  readonly askOptions: readonly Loc[] | null;
}

export interface View {
  readonly viewer: Viewer;
  readonly mode: Mode;
  readonly agentSeats: number;
  readonly seq: number;
  readonly phase: Phase;
  readonly time: number;
  readonly finalTime: number;
  readonly recruitsToWin: number;
  readonly expected: readonly Seat[];
  /** Agents this viewer's seat controls (empty for the recruiter and spectators). */
  readonly myAgents: readonly AgentId[];
  readonly mayhem: readonly Edge[];
  readonly immortals: readonly Loc[];
  readonly agents: readonly {
    readonly id: AgentId;
    readonly at: Loc | null;
    readonly activated: boolean;
    readonly controlledBy: readonly Seat[];
  }[];
  readonly stepTokens: readonly StepToken[];
  readonly confirmed: readonly Confirmed[];
  readonly recruits: {
    readonly revealed: readonly { readonly time: number; readonly count: number }[];
    readonly immortal: readonly { readonly feature: FeatureId; readonly time: number }[];
    readonly total: number;
  };
  readonly mindSlips: {
    readonly firstUsedAt: number | null;
    /** The 2nd token's spot while it is on the board (it stays there once acquired, R18). */
    readonly secondOnBoard: Loc | null;
    readonly secondUsedAt: number | null;
  };
  readonly immortalCards: readonly FeatureId[];
  readonly immortalDiscards: readonly FeatureId[];
  readonly deckCount: number;
  readonly exposed: readonly { readonly feature: FeatureId; readonly time: number }[];
  readonly potentialRecruiterCards: readonly RecruiterCardId[];
  readonly allyAvailable: boolean;
  readonly recruiterCardChosen: boolean;
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
  readonly log: readonly SeenEvent[];
  /** Only for the recruiter seat, or everyone once the game is over. */
  readonly recruiter: RecruiterSecrets | null;
}

function seesSecrets(s: GameState, viewer: Viewer): boolean {
  return viewer === RECRUITER_SEAT || s.result !== null;
}

/** The seq a viewer is shown (and sends its actions at): D12 counts, for every seat but the
 * recruiter, only the actions that seat has seen. */
export function seenSeq(s: GameState, viewer: Viewer): number {
  return seesSecrets(s, viewer) ? s.seq : publicSeq(s);
}

export function eventFor(e: GameEvent, full: boolean): SeenEvent {
  return full && e.secret ? { pub: e.pub, secret: e.secret } : { pub: e.pub };
}

/** The events one viewer may see, from a list `apply` returned. */
export function eventsFor(s: GameState, events: readonly GameEvent[], viewer: Viewer): SeenEvent[] {
  const full = seesSecrets(s, viewer);
  return events.map((e) => eventFor(e, full));
}

function secrets(s: GameState): RecruiterSecrets {
  const coveredTo = s.revealed.length ? Math.max(...s.revealed.map((r) => r.time)) : 0;
  let unrevealed = 0;
  for (let t = coveredTo + 1; t <= s.time + 1 && t < s.contacts.length; t++) unrevealed += s.contacts[t] ?? 0;
  return {
    card: s.recruiterCard,
    cards: s.cards.map((feature, i) => ({ feature, exposedAt: s.exposedAt[i] ?? null })),
    path: [...s.path],
    at: current(s),
    secondMindSlipHeld: s.secondMindSlipHeld,
    unrevealed,
    askOptions: s.pendingAsk ? askCandidates(s, s.pendingAsk.feature) : null,
  };
}

export function view(state: GameState, viewer: Viewer): View {
  const full = seesSecrets(state, viewer);
  // D12: the other seats see the recruiter's turn only once it is settled, and count seq
  // without what the recruiter took back.
  const s = full ? state : publicState(state);
  const seat = viewer === 'spectator' ? null : viewer;
  return {
    viewer,
    mode: s.mode,
    agentSeats: s.agentSeats,
    seq: seenSeq(state, viewer),
    phase: s.phase,
    time: s.time,
    finalTime: finalTime(s),
    recruitsToWin: recruitsToWin(s),
    expected: expectedSeats(s),
    myAgents: seat === null || seat === RECRUITER_SEAT ? [] : agentsOfSeat(s.agentSeats, seat),
    mayhem: s.mayhem.map((e) => [e[0], e[1]] as const),
    immortals: [...s.immortals],
    agents: AGENTS.map((id, i) => ({
      id,
      at: s.agents[i] ?? null,
      activated: s.activated[i] ?? false,
      controlledBy: agentControllers(s.agentSeats, id),
    })),
    stepTokens: s.stepTokens.map((t) => ({ at: t.at, time: t.time, source: t.source })),
    confirmed: s.confirmed.map((c) => ({ at: c.at, visitTime: c.visitTime })),
    recruits: {
      revealed: s.revealed.map((r) => ({ time: r.time, count: r.count })),
      immortal: s.immortalRecruits.map((r) => ({ feature: r.feature, time: r.time })),
      total: revealedRecruits(s),
    },
    mindSlips: {
      firstUsedAt: s.firstMindSlipUsedAt,
      secondOnBoard: s.secondMindSlipAt,
      secondUsedAt: s.secondMindSlipUsedAt,
    },
    immortalCards: [...s.immortalCards],
    immortalDiscards: [...s.immortalDiscards],
    deckCount: s.deck.length,
    exposed: s.cards.flatMap((feature, i) => {
      const time = s.exposedAt[i];
      return time === null || time === undefined ? [] : [{ feature, time }];
    }),
    potentialRecruiterCards: [...RECRUITER_CARDS],
    allyAvailable: s.mode === 'full' && !s.allyUsed,
    recruiterCardChosen: s.recruiterCard !== null && s.recruiterCardRule === 'choose',
    turn: s.turn && { actionDone: s.turn.actionDone, immortalMoves: s.turn.immortalMoves, extraDone: s.turn.extraDone },
    activation: s.activation && {
      agent: s.activation.agent,
      moved: s.activation.moved,
      actionDone: s.activation.actionDone,
      freeUsed: s.activation.freeUsed,
      pushFrom: s.activation.pushFrom,
    },
    activationsThisHalf: s.activationsThisHalf,
    pendingAsk: s.pendingAsk && { agent: s.pendingAsk.agent, feature: s.pendingAsk.feature },
    result: s.result,
    log: s.history.map((e) => eventFor(e, full)),
    recruiter: full ? secrets(s) : null,
  };
}

/**
 * `view(state, viewer)` for many viewers of one state, with the public part built once: every
 * viewer who sees no secrets (all but the recruiter, until the game ends) is shown the
 * spectator's view under its own `viewer` and `myAgents`, the only fields that differ between
 * them. For the server's fan-out, which builds every viewer's view of each action (test: the
 * property suites check it equals `view` for every viewer of every state).
 */
export function viewsOf(state: GameState): (viewer: Viewer) => View {
  let pub: View | null = null;
  return (viewer) => {
    if (seesSecrets(state, viewer)) return view(state, viewer);
    pub ??= view(state, 'spectator');
    if (viewer === 'spectator') return pub;
    // the recruiter always sees secrets, so `viewer` is an agent seat here
    return { ...pub, viewer, myAgents: agentsOfSeat(pub.agentSeats, viewer) };
  };
}
