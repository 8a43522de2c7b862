// The expert recruiter's start and last hidden setup step are chosen by where the simulated hard
// agents then place their pawns (expert/setup.ts): the agents place by what they can know, so the
// recruiter can end its setup where they are not.
import {
  type Action,
  apply,
  expectedSeats,
  type GameState,
  info,
  legalActions,
  newGame,
  view,
  type View,
} from '@mindmgmt/engine';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentBot } from '../src/bots/agents.js';
import { ExpertBot, makeBot, seatRng } from '../src/bots/index.js';
import { SETUP_LOOKAHEAD, setupChoice } from '../src/bots/expert/setup.js';

/** A Full game played by the hard bots up to the recruiter's decision `until` picks (work-limited). */
function setupPosition(seed: number, until: (s: GameState) => boolean): GameState {
  let s = newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'choose' }, seed);
  const bots = [makeBot('hard', 'recruiter'), makeBot('hard', 'agents')];
  while (!until(s)) {
    const seat = expectedSeats(s).find((x) => legalActions(s, x).length > 0)!;
    const r = apply(
      s,
      bots[seat === 0 ? 0 : 1]!.decide(view(s, seat), legalActions(s, seat), seatRng(seed, seat), 600_000),
    );
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  return s;
}

const lastSetupStep = (s: GameState) => s.phase === 'setupSteps' && s.path.length === 4;
const live = (s: GameState) => new Set(s.cards);
const contacts = (s: GameState, l: number) => info(l).features.filter((f) => live(s).has(f)).length;

describe('expert recruiter: start and last setup step against the agents\u2019 placement', () => {
  afterEach(() => vi.restoreAllMocks());

  it('the last setup step keeps the prior\u2019s contacts, is decided the same twice, and the simulated agents see only their view', () => {
    const seen: View[] = [];
    const decide = AgentBot.prototype.decide;
    vi.spyOn(AgentBot.prototype, 'decide').mockImplementation(function (this: AgentBot, ...args) {
      seen.push(args[0]);
      return decide.apply(this, args);
    });
    // the first of these games whose last setup step has two candidates or more
    let found: { s: GameState; legal: Action[]; prior: Action; a: Action } | null = null;
    for (const seed of [3, 4, 5, 6, 7, 8]) {
      const s = setupPosition(seed, lastSetupStep);
      const legal = legalActions(s, 0);
      const prior = makeBot('hard', 'recruiter').decide(view(s, 0), legal, seatRng(seed, 0), 600_000);
      const a = setupChoice(view(s, 0), legal, seatRng(5, 0), prior);
      if (a) {
        found = { s, legal, prior, a };
        break;
      }
    }
    expect(found).not.toBeNull();
    const { s, legal, prior, a } = found!;
    expect(legal).toContainEqual(a);
    const to = (x: Action) => (x.type === 'step' ? x.to : -1);
    expect(contacts(s, to(a))).toBeGreaterThanOrEqual(contacts(s, to(prior)));
    expect(setupChoice(view(s, 0), legal, seatRng(5, 0), prior)).toEqual(a);
    expect(seen.length).toBeGreaterThan(0);
    for (const x of seen) {
      expect(x.viewer).not.toBe(0);
      expect(x.recruiter).toBeNull();
      expect(x.log.every((e) => e.secret === undefined)).toBe(true);
    }
  });

  it('the expert plays the setup choice, and its prior\u2019s move when the choice is off', () => {
    const s = setupPosition(3, lastSetupStep);
    const legal = legalActions(s, 0);
    const play = () => new ExpertBot('recruiter', { iterations: 50 }).decide(view(s, 0), legal, seatRng(5, 0), 1000);
    const on = play();
    SETUP_LOOKAHEAD.on = false;
    try {
      const off = play();
      expect(off).toEqual(makeBot('hard', 'recruiter').decide(view(s, 0), legal, seatRng(5, 0), 600_000));
    } finally {
      SETUP_LOOKAHEAD.on = true;
    }
    expect(legal).toContainEqual(on);
  });
});
