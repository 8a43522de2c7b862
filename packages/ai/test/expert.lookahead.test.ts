// The expert recruiter looks one agents' half-turn ahead with the real hard agents
// (expert/lookahead.ts) and does not take a step after which they capture it. Measured (expert
// recruiter vs yardstick agents, 500 paired games): 43.0% with the lookahead against 41.2% without.
import { type Action, type GameState, legalActions, view, type View } from '@mindmgmt/engine';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentBot } from '../src/bots/agents.js';
import { ExpertBot, seatRng } from '../src/bots/index.js';
import { Lookahead } from '../src/bots/expert/lookahead.js';
import { actionStates } from './recruiter-action-states.js';

interface Vetoed {
  readonly s: GameState;
  readonly chosen: Action;
  readonly la: NonNullable<ExpertBot['lastLookahead']>;
}

/** The expert's decision at `s` (fresh session, 200 playouts), if its lookahead vetoed its prior's step. */
function vetoAt(s: GameState): Vetoed | null {
  if (legalActions(s, 0).filter((a) => a.type === 'step').length < 3) return null;
  const expert = new ExpertBot('recruiter', { iterations: 200 });
  const chosen = expert.decide(view(s, 0), legalActions(s, 0), seatRng(1, 0), 1000);
  const la = expert.lastLookahead;
  return la && la.vetoed.length > 0 && la.chosen !== la.prior ? { s, chosen, la } : null;
}

describe('expert recruiter: the one half-turn lookahead', () => {
  afterEach(() => vi.restoreAllMocks());

  it('R15, R22: a step the simulated agents capture after is vetoed for one they do not, and they see only the agents\u2019 view', () => {
    const seen: View[] = [];
    const decide = AgentBot.prototype.decide;
    vi.spyOn(AgentBot.prototype, 'decide').mockImplementation(function (this: AgentBot, ...args) {
      seen.push(args[0]);
      return decide.apply(this, args);
    });
    let hit: Vetoed | null = null;
    actionStates([126, 127], (states) => (hit = vetoAt(states[states.length - 1]!)) !== null);
    expect(hit).not.toBeNull();
    const { s, chosen, la } = hit!;
    // the prior's step is out, and the move played is not it
    expect(la.vetoed).toContainEqual(la.prior);
    expect(chosen).not.toEqual(la.prior);
    // on the real deck too, the agents capture after the prior's step and not after the new one
    const sim = new Lookahead(view(s, 0), s.deck, seatRng(1, 9));
    expect(sim.captured(la.prior)).toBe(true);
    expect(sim.captured(la.chosen)).toBe(false);
    // the simulated agents never got the recruiter's secrets
    expect(seen.length).toBeGreaterThan(0);
    for (const x of seen) {
      expect(x.viewer).not.toBe(0);
      expect(x.recruiter).toBeNull();
      expect(x.log.every((e) => e.secret === undefined)).toBe(true);
    }
  });
});
