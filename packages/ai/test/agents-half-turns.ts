// The hard agents' half-turns, for tests that change one of their weights and compare what the
// agents leave behind (bots.agents-info, bots.agents-threat). Every bot here decides at
// NO_CUTOFF_MS, its work fixed by counts: the states and half-turns depend on the seed alone, not
// on the machine's load (issue 26 §6; the yardstick recruiter decided on the clock).
import { type Action, apply, expectedSeats, type GameState, legalActions, newGame, view } from '@mindmgmt/engine';
import { AGENT_WEIGHTS, AgentBot } from '../src/bots/agents.js';
import { makeBot, seatRng } from '../src/bots/index.js';
import { NO_CUTOFF_MS } from './work-limited.js';

/** States where the agents start a half-turn, from hard-recruiter vs hard-agents games. */
export function halfTurnStarts(seeds: number[]): GameState[] {
  const out: GameState[] = [];
  for (const seed of seeds) {
    let s = newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'choose' }, seed);
    const bots = [makeBot('hard', 'recruiter'), makeBot('hard', 'agents')];
    const rngs = [seatRng(seed, 0), seatRng(seed, 1)];
    let last = -1;
    while (!s.result) {
      const who = expectedSeats(s).find((x) => legalActions(s, x).length > 0)!;
      if (who === 1 && s.phase === 'agentsTurn' && s.activationsThisHalf === 0 && !s.activation && last !== s.time) {
        last = s.time;
        out.push(s);
      }
      const r = apply(s, bots[who]!.decide(view(s, who), legalActions(s, who), rngs[who]!, NO_CUTOFF_MS));
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
  }
  return out;
}

/**
 * Plays the agents' half-turn from `s` with the hard agents' `weight` set to `value` (the
 * hard recruiter answers the asks). Returns the agents' actions and the state after it.
 */
export function playAgentsHalf(
  s: GameState,
  weight: keyof typeof AGENT_WEIGHTS,
  value: number,
): { actions: Action[]; after: GameState } {
  const saved = AGENT_WEIGHTS[weight];
  AGENT_WEIGHTS[weight] = value;
  try {
    const agents = new AgentBot('hard');
    const recruiter = makeBot('hard', 'recruiter');
    const actions: Action[] = [];
    while (!s.result && (s.phase === 'agentsTurn' || s.phase === 'answerAsk')) {
      const who = expectedSeats(s).find((x) => legalActions(s, x).length > 0)!;
      const bot = who === 0 ? recruiter : agents;
      const a = bot.decide(view(s, who), legalActions(s, who), seatRng(s.time, who), NO_CUTOFF_MS);
      if (who !== 0) actions.push(a);
      const r = apply(s, a);
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
    return { actions, after: s };
  } finally {
    AGENT_WEIGHTS[weight] = saved;
  }
}
