// Issue 11: the hard agents valued a bit of information about the recruiter's location at 0.04 of
// a capture, so a second activation with no follower to capture often moved for position instead
// of asking (R22) or revealing (R23). Valued higher, the agents learn more each half-turn and win
// more: against the yardstick recruiter, 91.4% -> 96.8% (500 paired games, docs/bots.md "Hard
// agents: the value of a bit").
import { apply, expectedSeats, type GameState, legalActions, newGame, view } from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import { AGENT_WEIGHTS, AgentBot } from '../src/bots/agents.js';
import { makeBot, seatRng } from '../src/bots/index.js';
import { deduce } from '../src/deduction/index.js';

/** States where the agents start a half-turn, from yardstick-recruiter vs hard-agents games. */
function halfTurnStarts(seeds: number[]): GameState[] {
  const out: GameState[] = [];
  for (const seed of seeds) {
    let s = newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'choose' }, seed);
    const bots = [makeBot('yardstick', 'recruiter'), makeBot('hard', 'agents')];
    const rngs = [seatRng(seed, 0), seatRng(seed, 1)];
    let last = -1;
    while (!s.result) {
      const who = expectedSeats(s).find((x) => legalActions(s, x).length > 0)!;
      if (who === 1 && s.phase === 'agentsTurn' && s.activationsThisHalf === 0 && !s.activation && last !== s.time) {
        last = s.time;
        out.push(s);
      }
      const r = apply(s, bots[who]!.decide(view(s, who), legalActions(s, who), rngs[who]!, 1000));
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
  }
  return out;
}

/**
 * Plays the agents' half-turn from `s` with the hard agents valuing a bit at `perBit` (the
 * yardstick recruiter answers the asks). Returns what the agents did and how many places the
 * exact deduction of the public view leaves for the recruiter afterwards (0 after a capture).
 */
function playHalf(s: GameState, perBit: number): { actions: string; places: number } {
  const saved = AGENT_WEIGHTS.infoPerBit;
  AGENT_WEIGHTS.infoPerBit = perBit;
  try {
    const agents = new AgentBot('hard');
    const recruiter = makeBot('yardstick', 'recruiter');
    const done: string[] = [];
    while (!s.result && (s.phase === 'agentsTurn' || s.phase === 'answerAsk')) {
      const who = expectedSeats(s).find((x) => legalActions(s, x).length > 0)!;
      const bot = who === 0 ? recruiter : agents;
      const a = bot.decide(view(s, who), legalActions(s, who), seatRng(s.time, who), 1000);
      if (who !== 0) done.push(a.type);
      const r = apply(s, a);
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
    if (s.result) return { actions: done.join(), places: s.result.winner === 'agents' ? 0 : 42 };
    return { actions: done.join(), places: deduce(view(s, 1)).candidates };
  } finally {
    AGENT_WEIGHTS.infoPerBit = saved;
  }
}

describe('hard agents: the value of a bit (issue 11)', () => {
  it('R22/R23: where valuing information higher changes a half-turn, the agents leave the recruiter fewer places to be', () => {
    let changed = 0;
    let before = 0;
    let after = 0;
    for (const s of halfTurnStarts([60, 61, 62, 63])) {
      const lo = playHalf(s, 0.04);
      const hi = playHalf(s, AGENT_WEIGHTS.infoPerBit);
      if (lo.actions === hi.actions) continue;
      changed++;
      before += Math.log2(1 + lo.places);
      after += Math.log2(1 + hi.places);
    }
    expect(changed).toBeGreaterThan(2);
    expect(after).toBeLessThan(before);
  });
});
