// The expert recruiter plans its steps and slips against simulated agents (expert/plan.ts): each
// candidate is played on its own rebuilt game (own-state.ts), then the hard agents, of two styles,
// play their coming half-turn on the readable engine seeing only the agents' view.
import {
  type Action,
  apply,
  type GameState,
  heldMindSlips,
  legalActions,
  legalSteps,
  type Loc,
  slipLandings,
  view,
  type View,
} from '@mindmgmt/engine';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentBot } from '../src/bots/agents.js';
import { ExpertBot, seatRng } from '../src/bots/index.js';
import { Lookahead } from '../src/bots/expert/lookahead.js';
import { exactShares, type Move, PLAN } from '../src/bots/expert/plan.js';
import { deduce } from '../src/deduction/index.js';
import { actionStates } from './recruiter-action-states.js';

type Plan = NonNullable<ExpertBot['lastPlan']>;

/** The expert's planned step at `s` (fresh session, work-limited). */
function planAt(s: GameState): { plan: Plan; chosen: ReturnType<ExpertBot['decide']> } | null {
  const expert = new ExpertBot('recruiter', { iterations: 50 });
  const chosen = expert.decide(view(s, 0), legalActions(s, 0), seatRng(1, 0), 1000);
  return expert.lastPlan ? { plan: expert.lastPlan, chosen } : null;
}

describe('expert recruiter: the step planner', () => {
  afterEach(() => vi.restoreAllMocks());

  it('R15, R22: passes over the hard bot\u2019s step when the simulated agents capture after it, for one they do not; they see only the agents\u2019 view', () => {
    const seen: View[] = [];
    const decide = AgentBot.prototype.decide;
    vi.spyOn(AgentBot.prototype, 'decide').mockImplementation(function (this: AgentBot, ...args) {
      seen.push(args[0]);
      return decide.apply(this, args);
    });
    let hit: { s: GameState; plan: Plan; chosen: ReturnType<ExpertBot['decide']> } | null = null;
    actionStates([126, 127, 128, 129], (states) => {
      const s = states[states.length - 1]!;
      const p = planAt(s);
      const top = p?.plan.rows[0];
      if (p && top && top.risk === 1 && p.chosen !== top.move) hit = { s, ...p };
      return hit !== null;
    });
    expect(hit).not.toBeNull();
    const { s, plan, chosen } = hit!;
    const prior = plan.rows[0]!;
    const row = plan.rows.find((r) => r.move === chosen)!;
    // the hard bot's step scored best, and the simulated agents of every style captured after it
    expect(prior.score).toBe(Math.max(...plan.rows.map((r) => r.score)));
    expect(row.risk).toBeLessThan(prior.risk);
    // on the real deck too, the agents capture after the prior's step and not after the new one
    const sim = new Lookahead(view(s, 0), s.deck, seatRng(1, 9), undefined, PLAN.firstMs);
    expect(sim.captured(prior.move)).toBe(true);
    expect(sim.captured(chosen)).toBe(false);
    // the simulated agents never got the recruiter's secrets
    expect(seen.length).toBeGreaterThan(0);
    for (const x of seen) {
      expect(x.viewer).not.toBe(0);
      expect(x.recruiter).toBeNull();
      expect(x.log.every((e) => e.secret === undefined)).toBe(true);
    }
  });

  it('reads the agents\u2019 exact belief at each move\u2019s end as the deduction of their view of the real game after it', () => {
    let checked = 0;
    let differ = 0;
    actionStates([132, 133], (states) => {
      const s = states[states.length - 1]!;
      const v = view(s, 0);
      const moves = legalActions(s, 0).filter((a): a is Move => a.type === 'step' || a.type === 'mindSlip');
      if (moves.length < 2) return false;
      const shares = exactShares(new Lookahead(v, s.deck, seatRng(1, 9)), moves);
      const seen = new Set<number>();
      moves.forEach((m, i) => {
        // the real game: the move, the end of the turn, the agents' first view
        let r = apply(s, m);
        expect(r.ok).toBe(true);
        let st = r.ok ? r.state : s;
        while (!st.result && st.phase !== 'agentsTurn') {
          const end = legalActions(st, 0).find((a) => a.type === 'endTurn');
          expect(end).toBeDefined();
          r = apply(st, end!);
          expect(r.ok).toBe(true);
          st = r.ok ? r.state : st;
        }
        const b = deduce(view(st, 1));
        expect(shares[i]).toBeCloseTo(b.weights[m.to]! / b.histories, 12);
        seen.add(shares[i]!);
        checked++;
      });
      if (seen.size > 1) differ++;
      return checked >= 30 && differ >= 2;
    });
    expect(checked).toBeGreaterThanOrEqual(30);
    // the destinations differ in what the agents can know of them: a real choice
    expect(differ).toBeGreaterThanOrEqual(2);
  });

  it('R17: plays only steps and slips after which a walk to the final hour exists, and counts the ways on and the walks after each as the engine does', () => {
    let plans = 0;
    const walked: number[] = [];
    actionStates([130, 131], (states) => {
      const s = states[states.length - 1]!;
      const p = planAt(s);
      if (!p) return false;
      plans++;
      const row = p.plan.rows.find((r) => r.move === p.chosen)!;
      // a survivable candidate is played whenever the hard bot scored one (R17: below -40 otherwise)
      if (p.plan.rows.some((r) => r.score > -40)) expect(row.score).toBeGreaterThan(-40);
      // the ways on: the engine's steps and slips from the move's end, each followed by a walk
      // to the final hour (checked by exhaustive search here)
      const v = view(s, 0);
      for (const r of p.plan.rows) expect(r.ways, JSON.stringify(r.move)).toBe(bruteWays(s, v, r.move));
      // the walks of the next turns, each move of them followed by a walk to the final hour
      for (const r of p.plan.rows)
        expect(r.walks, JSON.stringify(r.move)).toBe(bruteWalks(s, v, r.move, PLAN.freedomDepth, PLAN.freedomFull));
      walked.push(...p.plan.rows.map((r) => r.walks));
      return plans >= 4;
    });
    expect(plans).toBeGreaterThanOrEqual(4);
    // both kinds of candidates came up: hemmed in (fewer walks than full) and free
    expect(walked.some((w) => w < PLAN.freedomFull)).toBe(true);
    expect(walked.some((w) => w === PLAN.freedomFull)).toBe(true);
  });
});

/** The recruiter's walk extended to `to` (the engine reads its location from the path). */
const at = (st: GameState, to: Loc): GameState => ({ ...st, path: [...st.path, to] });

/** Whether steps, and `slips` of the slips, walk `left` more locations from `st` (exhaustive). */
const walk = (st: GameState, left: number, slips: number): boolean =>
  left === 0 ||
  legalSteps(st).some((to) => walk(at(st, to), left - 1, slips)) ||
  (slips > 0 && slipLandings(st).some((to) => walk(at(st, to), left - 1, slips - 1)));

/** Survivable next moves after `a`, by the engine's own step and slip rules and an exhaustive walk search. */
function bruteWays(s: GameState, v: View, a: Action): number {
  if (a.type !== 'step' && a.type !== 'mindSlip') return 0;
  const need = v.finalTime - (v.time + 2);
  if (need < 0) return 3;
  const held = heldMindSlips(s).length - (a.type === 'mindSlip' ? 1 : 0);
  const there = at(s, a.to);
  return (
    legalSteps(there).filter((to) => walk(at(there, to), need, held)).length +
    (held > 0 ? slipLandings(there).filter((to) => walk(at(there, to), need, held - 1)).length : 0)
  );
}

/**
 * Walks of the next `depth` turns after `a` (up to `cap`), by the engine's step and slip rules: each
 * move of them followed by a walk to the final hour (exhaustive search).
 */
function bruteWalks(s: GameState, v: View, a: Action, depth: number, cap: number): number {
  if (a.type !== 'step' && a.type !== 'mindSlip') return 0;
  const left0 = v.finalTime - (v.time + 1);
  const turns = Math.min(depth, left0);
  if (turns <= 0) return cap;
  const count = (st: GameState, k: number, left: number, slips: number): number => {
    if (k === 0) return 1;
    let n = 0;
    for (const to of legalSteps(st))
      if (walk(at(st, to), left - 1, slips)) n += count(at(st, to), k - 1, left - 1, slips);
    if (slips > 0)
      for (const to of slipLandings(st))
        if (walk(at(st, to), left - 1, slips - 1)) n += count(at(st, to), k - 1, left - 1, slips - 1);
    return n;
  };
  const held = heldMindSlips(s).length - (a.type === 'mindSlip' ? 1 : 0);
  return Math.min(cap, count(at(s, a.to), turns, left0, held));
}
