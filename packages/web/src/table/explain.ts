// Why a click cannot be played, said by the engine in this page: the client
// no longer sends an action it knows is illegal to learn the server's reason. The engine's
// `check` runs on the game as this seat knows it: public facts, and the recruiter's own secrets
// in the recruiter's view. A refusal of an agent's action depends on public facts only (the
// engine checks the seat and turn before anything hidden), so the empty secrets of an agent
// seat's copy never show in its answer.
import { check, type Action, type GameError, type GameState, type View } from '@mindmgmt/engine';

function knownState(v: View): GameState {
  const sec = v.recruiter;
  return {
    rulesVersion: 1,
    mode: v.mode,
    agentSeats: v.agentSeats,
    recruiterCardRule: v.recruiterCardChosen ? 'choose' : (sec?.card ?? 'random'),
    seed: 0,
    initialDeck: [],
    phase: v.phase,
    seq: v.seq,
    time: v.time,
    mayhem: v.mayhem.map((e) => [e[0], e[1]] as const) as GameState['mayhem'],
    recruiterCard: sec?.card ?? null,
    deck: [],
    cards: sec ? sec.cards.map((c) => c.feature) : [],
    exposedAt: sec ? sec.cards.map((c) => c.exposedAt) : [],
    path: sec ? [...sec.path] : [],
    contacts: [],
    revealed: v.recruits.revealed.map((r) => ({ time: r.time, count: r.count })),
    immortalRecruits: v.recruits.immortal.map((r) => ({ feature: r.feature, time: r.time })),
    firstMindSlipUsedAt: v.mindSlips.firstUsedAt,
    secondMindSlipAt: v.mindSlips.secondOnBoard,
    secondMindSlipHeld: sec?.secondMindSlipHeld ?? false,
    secondMindSlipUsedAt: v.mindSlips.secondUsedAt,
    immortals: [...v.immortals],
    agents: v.agents.map((a) => a.at),
    activated: v.agents.map((a) => a.activated),
    immortalCards: [...v.immortalCards],
    immortalDiscards: [...v.immortalDiscards],
    stepTokens: v.stepTokens.map((t) => ({ ...t })),
    confirmed: v.confirmed.map((c) => ({ ...c })),
    allyUsed: v.mode === 'full' && !v.allyAvailable,
    turn: v.turn && { ...v.turn },
    activation: v.activation && { ...v.activation },
    activationsThisHalf: v.activationsThisHalf,
    pendingAsk: v.pendingAsk && { ...v.pendingAsk },
    history: [],
    result: v.result,
  };
}

/** The engine's refusal of `a` in the position `v` shows, or null if it would be accepted. */
export function explainRefusal(v: View, a: Action): GameError | null {
  return check(knownState(v), a);
}
