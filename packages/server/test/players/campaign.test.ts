// The campaign ledger over a scripted series of games (seed 001: "Open SHIFT package", "Choose
// Modules": the losing side opens its next package, 1-7; the winning side chooses 1/2/3 fewer
// modules after 1/2/3+ wins in a row).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_MODULES } from '@mindmgmt/table';
import {
  allowance,
  chooseModules,
  newCampaign,
  recordResult,
  rematch,
  swappedSeating,
  type Campaign,
  type CampaignResult,
  type Side,
} from '../../src/players/campaign.js';

const ok = (r: CampaignResult): Campaign => {
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r.campaign;
};
const start = () => ok(newCampaign({ recruiter: ['ann'], agents: ['bo', 'cy'] }));

// Each row: the loser of the previous game chooses `loserChooses` modules (null before the first
// game), then the winner may choose at most `winnerMax`; then the game is played and `winner` wins;
// after it, the ledger reads `after` as [wins, losses, streak, opened] for recruiter and agents.
type Row = {
  loserChooses: number | null;
  winnerMax: number;
  winner: Side;
  after: { recruiter: [number, number, number, number]; agents: [number, number, number, number] };
};
const SERIES: Row[] = [
  // Game 1: nobody has a package yet: both play with 0.
  { loserChooses: null, winnerMax: 0, winner: 'recruiter', after: { recruiter: [1, 0, 1, 0], agents: [0, 1, 0, 1] } },
  // The recruiter never lost: no package opened, so 0 whatever its streak.
  { loserChooses: 1, winnerMax: 0, winner: 'recruiter', after: { recruiter: [2, 0, 2, 0], agents: [0, 2, 0, 2] } },
  { loserChooses: 3, winnerMax: 0, winner: 'agents', after: { recruiter: [2, 1, 0, 1], agents: [1, 2, 1, 2] } },
  // Agents won once: they choose 1 fewer than the recruiter's 3.
  { loserChooses: 3, winnerMax: 2, winner: 'agents', after: { recruiter: [2, 2, 0, 2], agents: [2, 2, 2, 2] } },
  // Two wins in a row: 2 fewer.
  { loserChooses: 5, winnerMax: 3, winner: 'agents', after: { recruiter: [2, 3, 0, 3], agents: [3, 2, 3, 2] } },
  // Three in a row: 3 fewer.
  { loserChooses: 5, winnerMax: 2, winner: 'agents', after: { recruiter: [2, 4, 0, 4], agents: [4, 2, 4, 2] } },
  // Four in a row: still 3 fewer ("3+ wins").
  { loserChooses: 5, winnerMax: 2, winner: 'agents', after: { recruiter: [2, 5, 0, 5], agents: [5, 2, 5, 2] } },
  // Fewer than the reduction: 0, never negative.
  { loserChooses: 2, winnerMax: 0, winner: 'agents', after: { recruiter: [2, 6, 0, 6], agents: [6, 2, 6, 2] } },
  { loserChooses: 0, winnerMax: 0, winner: 'agents', after: { recruiter: [2, 7, 0, 7], agents: [7, 2, 7, 2] } },
  // An 8th loss opens nothing: 7 is the last package.
  { loserChooses: 6, winnerMax: 3, winner: 'agents', after: { recruiter: [2, 8, 0, 7], agents: [8, 2, 8, 2] } },
  // The streak ends: the recruiter wins once and chooses 1 fewer than the agents.
  { loserChooses: 4, winnerMax: 1, winner: 'recruiter', after: { recruiter: [3, 8, 1, 7], agents: [8, 3, 0, 3] } },
  { loserChooses: 4, winnerMax: 3, winner: 'recruiter', after: { recruiter: [4, 8, 2, 7], agents: [8, 4, 0, 4] } },
];

describe('campaign ledger (seed 001)', () => {
  it('follows a scripted series: packages opened, wins/losses/streaks, module counts by the streak rule', () => {
    let c = start();
    SERIES.forEach((row, i) => {
      const loser = c.lastLoser;
      if (loser === null) {
        expect(allowance(c, 'recruiter')).toEqual({ min: 0, max: 0 });
        expect(allowance(c, 'agents')).toEqual({ min: 0, max: 0 });
      } else {
        const winner = loser === 'recruiter' ? 'agents' : 'recruiter';
        expect(allowance(c, loser).max).toBe(MAX_MODULES);
        // The loser chooses first (a winner without a package has nothing to wait for: 0).
        expect(allowance(c, winner).max).toBe(c.sides[winner].opened ? null : 0);
        c = ok(chooseModules(c, loser, row.loserChooses!, `loser ${i}`));
        expect(allowance(c, winner).max, `game ${i + 1}`).toBe(row.winnerMax);
        const over = chooseModules(c, winner, row.winnerMax + 1, '');
        expect(over.ok).toBe(false);
        if (!over.ok) expect(over.code).toBe('too_many_modules');
        c = ok(chooseModules(c, winner, row.winnerMax, `winner ${i}`));
      }
      c = ok(recordResult(c, `g${i + 1}`, row.winner));
      const flat = (s: Side) => {
        const l = c.sides[s];
        return [l.wins, l.losses, l.streak, l.opened];
      };
      expect({ recruiter: flat('recruiter'), agents: flat('agents') }, `after game ${i + 1}`).toEqual(row.after);
      expect(c.lastLoser).toBe(row.winner === 'recruiter' ? 'agents' : 'recruiter');
      expect(c.next).toEqual({ recruiter: null, agents: null });
    });
    expect(c.games.map((g) => g.gameId)).toEqual(SERIES.map((_, i) => `g${i + 1}`));
    // Each game keeps the modules written down for it.
    expect(c.games[4]!.modules).toEqual({
      recruiter: { count: 5, text: 'loser 4' },
      agents: { count: 3, text: 'winner 4' },
    });
    expect(c.games[0]!.modules).toEqual({ recruiter: { count: 0, text: '' }, agents: { count: 0, text: '' } });
  });

  it('the losing side chooses first; a side without a package chooses 0', () => {
    let c = ok(recordResult(ok(recordResult(start(), 'g1', 'recruiter')), 'g2', 'agents'));
    const early = chooseModules(c, 'agents', 0, '');
    expect(!early.ok && early.code).toBe('loser_first');
    c = ok(chooseModules(c, 'recruiter', 2, 'Module A, Module B'));
    expect(chooseModules(c, 'agents', 1, '').ok).toBe(true);
    const fresh = ok(recordResult(start(), 'g1', 'agents'));
    expect(allowance(fresh, 'agents').max).toBe(0);
    const none = chooseModules(fresh, 'agents', 1, '');
    expect(!none.ok && none.message).toMatch(/not opened a SHIFT package/);
  });

  it('a loser lowering its count sends the winner back to choose again', () => {
    let c = ok(recordResult(ok(recordResult(start(), 'g1', 'recruiter')), 'g2', 'agents'));
    c = ok(recordResult(c, 'g3', 'recruiter')); // recruiter: 1 package, streak 1; agents: 2 packages, lost last
    c = ok(chooseModules(c, 'agents', 4, ''));
    c = ok(chooseModules(c, 'recruiter', 3, ''));
    c = ok(chooseModules(c, 'agents', 2, ''));
    expect(c.next.recruiter).toBeNull();
    expect(allowance(c, 'recruiter').max).toBe(1);
  });

  it('refuses bad counts, over-long notes, a game recorded twice', () => {
    const c = ok(recordResult(start(), 'g1', 'recruiter'));
    for (const n of [-1, 1.5, NaN, MAX_MODULES + 1]) expect(chooseModules(c, 'agents', n, '').ok).toBe(false);
    const long = chooseModules(c, 'agents', 1, 'x'.repeat(501));
    expect(!long.ok && long.code).toBe('text_too_long');
    const twice = recordResult(c, 'g1', 'agents');
    expect(!twice.ok && twice.code).toBe('already_recorded');
  });

  it('rematch: sides kept or swapped, the same group only; the ledgers stay with the sides', () => {
    let c = ok(recordResult(start(), 'g1', 'recruiter'));
    const swapped = swappedSeating(c);
    expect(swapped).toEqual({ recruiter: ['bo'], agents: ['ann', 'cy'] });
    c = ok(rematch(c, swapped));
    expect(c.seating).toEqual(swapped);
    expect(c.sides.agents.opened).toBe(1);
    c = ok(recordResult(c, 'g2', 'agents'));
    expect(c.games.map((g) => g.seating.recruiter)).toEqual([['ann'], ['bo']]);
    const stranger = rematch(c, { recruiter: ['zed'], agents: ['ann', 'cy'] });
    expect(!stranger.ok && stranger.code).toBe('bad_seating');
    expect(newCampaign({ recruiter: ['a'], agents: [] }).ok).toBe(false);
    expect(newCampaign({ recruiter: ['a'], agents: ['a'] }).ok).toBe(false);
    expect(newCampaign({ recruiter: ['a'], agents: ['b', 'c', 'd', 'e', 'f'] }).ok).toBe(false);
  });

  it('property: counts add up, streaks and packages stay in range, the winner never exceeds its allowance', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.nat(MAX_MODULES), fc.nat(MAX_MODULES)), { maxLength: 30 }),
        (games) => {
          let c = start();
          games.forEach(([recruiterWins, lc, wc], i) => {
            if (c.lastLoser) {
              const winner = c.lastLoser === 'recruiter' ? 'agents' : 'recruiter';
              if (c.sides[c.lastLoser].opened > 0) c = ok(chooseModules(c, c.lastLoser, lc, ''));
              const r = chooseModules(c, winner, wc, '');
              const max = allowance(c, winner).max;
              expect(r.ok).toBe(max !== null && wc <= max);
              if (r.ok) c = r.campaign;
            }
            c = ok(recordResult(c, `g${i}`, recruiterWins ? 'recruiter' : 'agents'));
          });
          const { recruiter: r, agents: a } = c.sides;
          expect(r.wins + a.wins).toBe(games.length);
          expect(r.wins).toBe(a.losses);
          expect(r.opened).toBe(Math.min(7, r.losses));
          expect(a.opened).toBe(Math.min(7, a.losses));
          expect(r.streak * a.streak).toBe(0);
        },
      ),
    );
  });
});
