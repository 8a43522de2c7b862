// The hard agents' half-turns, for tests that change one of their weights and compare what the
// agents leave behind (bots.agents-info, bots.agents-threat). Every bot here decides at
// NO_CUTOFF_MS, its work fixed by counts: the states and half-turns depend on the seed alone, not
// on the machine's load (the yardstick recruiter decides on the clock).
import { type Action, apply, expectedSeats, type GameState, legalActions, view } from '@mindmgmt/engine';
import { AGENT_WEIGHTS, AgentBot } from '../src/bots/agents.js';
import { makeBot, seatRng } from '../src/bots/index.js';
import { decidingSeat, hardGame } from './hard-games.js';
import { NO_CUTOFF_MS } from './work-limited.js';
import { yieldToRunner } from './yield-to-runner.js';

/** States where the agents start a half-turn, from hard-recruiter vs hard-agents games (replayed
 * from their record, hard-games.ts). */
export function halfTurnStarts(seeds: number[]): GameState[] {
  const out: GameState[] = [];
  for (const seed of seeds) {
    let last = -1;
    for (const s of hardGame(seed)) {
      if (s.result) break;
      if (
        decidingSeat(s) === 1 &&
        s.phase === 'agentsTurn' &&
        s.activationsThisHalf === 0 &&
        !s.activation &&
        last !== s.time
      ) {
        last = s.time;
        out.push(s);
      }
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

/** One half-turn as a test compares it: what the agents did, and a score of what they left behind
 * (lower is better for the agents). */
export interface Half {
  readonly actions: string;
  readonly score: number;
}

/**
 * Over the half-turn starts of `seeds`, the half-turns that `lo` and `hi` play differently: how
 * many, and the sums of their scores under each. Each seed's half-turns are a long synchronous
 * run: it yields to the runner between seeds.
 */
export async function compareHalves(
  seeds: number[],
  lo: (s: GameState) => Half,
  hi: (s: GameState) => Half,
): Promise<{ changed: number; before: number; after: number }> {
  let changed = 0;
  let before = 0;
  let after = 0;
  for (const seed of seeds) {
    await yieldToRunner();
    for (const s of halfTurnStarts([seed])) {
      const a = lo(s);
      const b = hi(s);
      if (a.actions === b.actions) continue;
      changed++;
      before += a.score;
      after += b.score;
    }
  }
  return { changed, before, after };
}
