// The recruiter's own game: a full GameState rebuilt from the recruiter seat's View and a deck
// order (the only thing the recruiter does not know). The readable engine can then play the
// agents' coming half-turn from it with a real agents' bot (lookahead.ts), which sees only the
// agents' view of it. Seed and the initial deck are not rule state (they only feed game records).
import { type FeatureId, type GameEvent, type GameState, hasFeature, type View } from '@mindmgmt/engine';

export function ownState(v: View, deck: readonly FeatureId[]): GameState | null {
  const sec = v.recruiter;
  if (!sec || v.viewer !== 0) return null;
  // R12: what the recruiter contacted at each time is in its secret step details
  const contacts: number[] = Array.from({ length: Math.max(17, sec.path.length + 1) }, () => 0);
  for (const e of v.log) {
    const n = e.secret?.contacts;
    if (n === undefined) continue;
    const p = e.pub;
    if (p.kind === 'recruiterStepped' || p.kind === 'mindSlipUsed') contacts[p.time] = n;
  }
  // the start's contacts are not in the log; no card is exposed before the first turn
  const start = sec.path[0];
  if (start !== undefined) contacts[1] = sec.cards.filter((c) => hasFeature(start, c.feature)).length;
  return {
    rulesVersion: 1,
    mode: v.mode,
    agentSeats: v.agentSeats,
    recruiterCardRule: v.recruiterCardChosen ? 'choose' : (sec.card ?? 'random'),
    seed: 0,
    initialDeck: [],
    phase: v.phase,
    seq: v.seq,
    time: v.time,
    mayhem: v.mayhem.map((e) => [e[0], e[1]] as const) as GameState['mayhem'],
    recruiterCard: sec.card,
    deck: [...deck],
    cards: sec.cards.map((c) => c.feature),
    exposedAt: sec.cards.map((c) => c.exposedAt),
    path: [...sec.path],
    contacts,
    revealed: v.recruits.revealed.map((r) => ({ time: r.time, count: r.count })),
    immortalRecruits: v.recruits.immortal.map((r) => ({ feature: r.feature, time: r.time })),
    firstMindSlipUsedAt: v.mindSlips.firstUsedAt,
    secondMindSlipAt: v.mindSlips.secondOnBoard,
    secondMindSlipHeld: sec.secondMindSlipHeld,
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
    history: v.log.map((e): GameEvent => (e.secret ? { pub: e.pub, secret: e.secret } : { pub: e.pub })),
    result: v.result,
  };
}
