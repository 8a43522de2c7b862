// Bots only return legal actions, never see hidden state, are deterministic with a seed,
// and respect their time budget.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  apply,
  legalActions,
  newGame,
  type GameState,
  type Seat,
  view,
  expectedSeats,
  type Action,
} from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import { type PlayerLevel, makeBot, seatRng } from '../src/bots/index.js';
import { playGame } from '../src/reference/index.js';
import { tickingClock } from './ticking-clock.js';

const LEVELS: PlayerLevel[] = ['random', 'easy', 'hard'];
const BOTS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../src/bots');

describe('bots play only legal actions', () => {
  for (const mode of ['full', 'training'] as const)
    for (const r of LEVELS)
      for (const a of LEVELS)
        it(`${mode}: recruiter ${r} vs agents ${a}`, () => {
          // playGame throws on any illegal action and on a game that does not finish
          for (let i = 0; i < 3; i++) {
            const res = playGame({ mode, seed: 100 + i, recruiter: r, agents: a, budgetMs: 15 });
            expect(['capture', 'boxedIn', 'recruits', 'time']).toContain(res.result.reason);
          }
        });
  for (const agentSeats of [2, 3, 4])
    it(`full game with ${agentSeats} agent seats`, () => {
      for (const [r, a] of [
        ['easy', 'hard'],
        ['hard', 'easy'],
        ['random', 'easy'],
      ] as const) {
        const res = playGame({ mode: 'full', seed: 7 + agentSeats, recruiter: r, agents: a, budgetMs: 15, agentSeats });
        expect(res.result).toBeTruthy();
      }
    });
});

describe('bots never see hidden state', () => {
  it('agent seats only ever get views without recruiter secrets', () => {
    for (const mode of ['full', 'training'] as const) {
      let checked = 0;
      playGame({
        mode,
        seed: 5,
        recruiter: 'hard',
        agents: 'hard',
        budgetMs: 15,
        onDecision(seat, v) {
          expect(v.viewer).toBe(seat);
          if (seat !== 0) {
            expect(v.recruiter).toBeNull();
            expect(v.log.every((e) => e.secret === undefined)).toBe(true);
            checked++;
          }
        },
      });
      expect(checked).toBeGreaterThan(10);
    }
  });

  it('bot modules do not import state-reading engine functions', () => {
    const banned =
      /\b(GameState|legalActions|newGame|apply|check|askCandidates|current|boxedIn|legalSteps|slipLandings|heldMindSlips|revealedRecruits|expectedSeats|replay|exportRecord)\b/;
    const files = readdirSync(BOTS_DIR).filter((f) => f.endsWith('.ts') && f !== 'runner.ts' && f !== 'index.ts');
    expect(files.length).toBeGreaterThan(4);
    for (const f of files) {
      const src = readFileSync(join(BOTS_DIR, f), 'utf8');
      const imports = [...src.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'@mindmgmt\/engine'/g)].map(
        (m) => m[1]!,
      );
      for (const list of imports) expect(list, `${f} imports ${list}`).not.toMatch(banned);
      expect(src, f).not.toMatch(/from '\.\/runner\.js'/);
    }
    // the agent bot never reads view.recruiter
    const agents =
      readFileSync(join(BOTS_DIR, 'agents.ts'), 'utf8') + readFileSync(join(BOTS_DIR, 'belief.ts'), 'utf8');
    expect(agents).not.toMatch(/\.recruiter\b/);
  });

  it('agent decisions are identical for two games whose hidden info differs but whose agent view is the same', () => {
    for (const level of ['easy', 'hard'] as const) {
      // play into the agents' turn, then swap the recruiter's hidden path/cards for another
      let s = newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'choose' }, 42);
      const rec = makeBot('easy', 'recruiter');
      const ag = makeBot('easy', 'agents');
      const r0 = seatRng(42, 0);
      const r1 = seatRng(42, 1);
      let steps = 0;
      while (!s.result && steps < 400) {
        const seat: Seat = expectedSeats(s)[0]!;
        if (s.phase === 'agentsTurn' && s.time >= 8 && !s.activation) break;
        const legal = legalActions(s, seat);
        const a = (seat === 0 ? rec : ag).decide(view(s, seat), legal, seat === 0 ? r0 : r1, 200);
        const r = apply(s, a);
        if (!r.ok) throw new Error(r.message);
        s = r.state;
        steps++;
      }
      expect(s.phase).toBe('agentsTurn');
      const other: GameState = structuredClone(s);
      // a different hidden world: other secret cards and a mirrored card identity
      other.cards = other.cards.map((f, i) =>
        other.exposedAt[i] === null ? (['pool', 'idol', 'bus'] as const)[i]! : f,
      );
      other.recruiterCard = s.recruiterCard === 'carl' ? 'girl' : 'carl';
      other.path = [...s.path].reverse();
      other.history = s.history.map((e) => ({ pub: e.pub, ...(e.secret ? { secret: { to: 0 } } : {}) }));
      expect(JSON.stringify(view(other, 1))).toBe(JSON.stringify(view(s, 1)));
      const decide = (st: GameState, budget: number): { out: Action[]; cutoff: boolean } => {
        const bot = makeBot(level, 'agents');
        const rng = seatRng(9, 1);
        const out: Action[] = [];
        let cutoff = false;
        for (let k = 0; k < 3; k++) {
          out.push(bot.decide(view(st, 1), legalActions(st, 1), rng, budget));
          cutoff ||= bot.lastCutoff === true;
        }
        return { out, cutoff };
      };
      // A decision cut by the wall-clock safety cutoff (reported) depends on timing, not on the
      // view: on a loaded machine the pair is compared again at a larger budget.
      let compared = false;
      for (const budget of [300, 1200, 4000]) {
        const x = decide(other, budget);
        const y = decide(s, budget);
        if (x.cutoff || y.cutoff) continue;
        expect(x.out).toEqual(y.out);
        compared = true;
        break;
      }
      expect(compared).toBe(true);
    }
  });
});

describe('determinism and budget', () => {
  it('same seed, same game', () => {
    for (const [r, a] of [
      ['easy', 'easy'],
      ['hard', 'hard'],
      ['random', 'hard'],
    ] as const) {
      const moves: string[][] = [[], []];
      // Decisions are compared up to the first one either game made under the wall-clock safety
      // cutoff (reported; a loaded machine can cause it), after which the games may differ.
      let upTo = Infinity;
      for (const k of [0, 1]) {
        const res = playGame({
          mode: 'full',
          seed: 31,
          recruiter: r,
          agents: a,
          budgetMs: 2000,
          onDecision: (_s, _v, _l, c) => moves[k]!.push(JSON.stringify(c)),
        });
        const cut = res.timings.findIndex((t) => t.cutoff);
        if (cut >= 0) upTo = Math.min(upTo, cut + 1);
      }
      expect(Math.min(upTo, moves[0]!.length)).toBeGreaterThanOrEqual(20);
      expect(moves[0]!.slice(0, upTo)).toEqual(moves[1]!.slice(0, upTo));
    }
  });

  it('decisions stop when their clock says the budget is spent', () => {
    // The bots' clock ticks per read (ticking-clock.ts): a decision's time is the reads it made,
    // so the check is the same on any machine (it was CPU time, which a loaded machine inflates).
    // Every read past the safety cutoff (80% of the budget) is the bot noticing late.
    for (const budgetMs of [10, 40]) {
      const clock = tickingClock(0.5);
      const ms: number[] = [];
      let cutoffs = 0;
      try {
        const bots = [makeBot('hard', 'recruiter'), makeBot('hard', 'agents')];
        const rngs = [seatRng(77, 0), seatRng(77, 1)];
        let s = newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'choose' }, 77);
        for (let n = 0; n < 5000 && !s.result; n++) {
          const seat: Seat = expectedSeats(s).find((x) => legalActions(s, x).length > 0)!;
          const side = seat === 0 ? 0 : 1;
          const t0 = clock.now();
          const a = bots[side]!.decide(view(s, seat), legalActions(s, seat), rngs[side]!, budgetMs);
          ms.push(clock.now() - t0);
          if (bots[side]!.lastCutoff) cutoffs++;
          const r = apply(s, a);
          if (!r.ok) throw new Error(r.message);
          s = r.state;
        }
      } finally {
        clock.restore();
      }
      expect(cutoffs).toBeGreaterThan(0); // the budget was binding: the cutoff was tested
      // the last reads after the cutoff (the bot finishing its move) within a quarter of the budget
      expect(Math.max(...ms)).toBeLessThanOrEqual(budgetMs * 1.25);
    }
  });
});
