// The campaign ledger (seed 001, "Open SHIFT package", "Choose Modules", "Track campaigns"), as pure
// functions over plain JSON. The server stores the ledger; nothing of it reaches the engine.
//
// Seed 001: "Losing side opens their next numbered SHIFT package (1-7)"; "Before next game, losing
// side chooses any number of their opened Modules; winning side chooses fewer based on win streak
// (1 fewer for 1 win, 2 fewer for 2 wins, 3 fewer for 3+ wins)"; "Record wins/losses ... for
// multiple game groups".
//
// Where the seed is silent (docs/players.md, "Campaigns"):
// - The ledger is kept per SIDE (recruiter, agents), not per person: "their next numbered SHIFT
//   package" numbers each side's packages 1-7 on their own, and a side's modules are abilities of
//   that side. When the group swaps sides on a rematch, the people move; the ledgers stay.
// - The contents of the packages are not in our sources, so the ledger counts packages and module
//   numbers and lets each side write down the modules it chose as free text.
// - "Any number": the losing side may choose 0..MAX_MODULES modules when it has opened at least one
//   package (we cannot know how many modules its packages hold); a side with no package opened
//   chooses 0. The winning side may choose at most (the losing side's count - its reduction), not
//   below 0, and also 0 with no package opened. The losing side chooses first.
// - Before the first game nobody has lost, so nobody has a package and both sides play with 0.
// - After the 7th package a loss opens nothing more; wins and losses keep counting.

import { MAX_MODULE_TEXT, MAX_MODULES } from '@mindmgmt/table';
import type { Campaign, CampaignGame, ModuleChoice, Side, SideLedger } from '../store/players/campaign-ledger.js';

// The ledger's shape is declared with the store that keeps it; its rules are here.
export type { Campaign, CampaignGame, ModuleChoice, Side, SideLedger };

export const SIDES: readonly Side[] = ['recruiter', 'agents'];
export const MAX_SHIFT = 7;

export const other = (s: Side): Side => (s === 'recruiter' ? 'agents' : 'recruiter');

export type CampaignResult =
  | { readonly ok: true; readonly campaign: Campaign }
  | { readonly ok: false; readonly code: CampaignErrorCode; readonly message: string };

export type CampaignErrorCode =
  'bad_count' | 'too_many_modules' | 'loser_first' | 'text_too_long' | 'already_recorded' | 'bad_seating';

const fail = (code: CampaignErrorCode, message: string): CampaignResult => ({ ok: false, code, message });

const EMPTY: SideLedger = { wins: 0, losses: 0, streak: 0, opened: 0 };

export function newCampaign(seating: Campaign['seating']): CampaignResult {
  const bad = checkSeating(seating);
  if (bad) return bad;
  return {
    ok: true,
    campaign: {
      sides: { recruiter: EMPTY, agents: EMPTY },
      lastLoser: null,
      seating: { recruiter: [...seating.recruiter], agents: [...seating.agents] },
      next: { recruiter: null, agents: null },
      games: [],
    },
  };
}

function checkSeating(s: Campaign['seating']): CampaignResult | null {
  if (s.recruiter.length !== 1) return fail('bad_seating', 'The recruiter side is one player.');
  if (s.agents.length < 1 || s.agents.length > 4) return fail('bad_seating', 'The agents side is 1 to 4 players.');
  const all = [...s.recruiter, ...s.agents];
  if (new Set(all).size !== all.length) return fail('bad_seating', 'A player sits on one side only.');
  return null;
}

/** Seed 001: 1 fewer after 1 win in a row, 2 after 2, 3 after 3 or more. */
export const streakReduction = (streak: number): number => Math.min(Math.max(streak, 0), 3);

/**
 * How many modules a side may choose for the next game. For the losing side: the range it may
 * pick from. For the winning side: the most it may pick, which depends on what the loser chose
 * (null until the loser has chosen).
 */
export function allowance(c: Campaign, side: Side): { readonly min: 0; readonly max: number | null } {
  if (c.sides[side].opened === 0) return { min: 0, max: 0 };
  if (c.lastLoser === side) return { min: 0, max: MAX_MODULES };
  const loser = c.lastLoser === null ? null : c.next[c.lastLoser];
  if (!loser) return { min: 0, max: null };
  return { min: 0, max: Math.max(0, loser.count - streakReduction(c.sides[side].streak)) };
}

/** A side writes down its modules for the next game (the losing side first). */
export function chooseModules(c: Campaign, side: Side, count: number, text: string): CampaignResult {
  if (!Number.isInteger(count) || count < 0)
    return fail('bad_count', 'The number of modules is a whole number, 0 or more.');
  if (text.length > MAX_MODULE_TEXT)
    return fail('text_too_long', `Module notes are at most ${MAX_MODULE_TEXT} characters.`);
  const a = allowance(c, side);
  if (a.max === null) return fail('loser_first', 'The side that lost the last game chooses its modules first.');
  if (count > a.max) {
    const why =
      c.sides[side].opened === 0
        ? 'This side has not opened a SHIFT package yet.'
        : c.lastLoser === side
          ? `At most ${MAX_MODULES}.`
          : `After ${c.sides[side].streak} win(s) in a row this side chooses ${streakReduction(c.sides[side].streak)} fewer than the losing side: at most ${a.max}.`;
    return fail('too_many_modules', `Too many modules. ${why}`);
  }
  let next = { ...c.next, [side]: { count, text } };
  // A loser changing its mind can leave the winner above its new allowance: the winner chooses again.
  const w = other(side);
  if (c.lastLoser === side && next[w] && next[w]!.count > Math.max(0, count - streakReduction(c.sides[w].streak)))
    next = { ...next, [w]: null };
  return { ok: true, campaign: { ...c, next } };
}

/**
 * The game is over: the winner's streak grows, the loser's resets and it opens its next SHIFT
 * package (up to 7). Modules not written down were none.
 */
export function recordResult(c: Campaign, gameId: string, winner: Side): CampaignResult {
  if (c.games.some((g) => g.gameId === gameId))
    return fail('already_recorded', 'This game is already in the campaign.');
  const loser = other(winner);
  const w = c.sides[winner];
  const l = c.sides[loser];
  const none: ModuleChoice = { count: 0, text: '' };
  return {
    ok: true,
    campaign: {
      sides: {
        [winner]: { ...w, wins: w.wins + 1, streak: w.streak + 1 },
        [loser]: { ...l, losses: l.losses + 1, streak: 0, opened: Math.min(MAX_SHIFT, l.opened + 1) },
      } as Campaign['sides'],
      lastLoser: loser,
      seating: c.seating,
      next: { recruiter: null, agents: null },
      games: [
        ...c.games,
        {
          gameId,
          winner,
          modules: { recruiter: c.next.recruiter ?? none, agents: c.next.agents ?? none },
          seating: c.seating,
        },
      ],
    },
  };
}

/** "Rematch": the same group, sides kept or swapped. The ledgers stay with the sides. Swapping
 * needs exactly one player on the agents side to take the recruiter's place, or a new seating. */
export function rematch(c: Campaign, seating: Campaign['seating']): CampaignResult {
  const bad = checkSeating(seating);
  if (bad) return bad;
  const before = new Set([...c.seating.recruiter, ...c.seating.agents]);
  const after = [...seating.recruiter, ...seating.agents];
  if (after.length !== before.size || after.some((p) => !before.has(p)))
    return fail('bad_seating', 'A campaign continues with the same group.');
  return { ok: true, campaign: { ...c, seating: { recruiter: [...seating.recruiter], agents: [...seating.agents] } } };
}

/** The next recruiter when sides swap: the first agent takes the recruiter's seat, and the old
 * recruiter joins the agents in their place. */
export function swappedSeating(c: Campaign): Campaign['seating'] {
  const [first, ...rest] = c.seating.agents;
  return { recruiter: [first!], agents: [...c.seating.recruiter, ...rest] };
}
