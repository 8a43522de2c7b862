// Whether the recruiter may step to a location (R1, R2, R15), with the reason when not; shared
// by the hidden setup steps (R5) and the turn's step action.
import { label } from '../board/board.js';
import { err, type GameError } from '../model/errors.js';
import type { GameState } from '../model/state.js';
import { current, legalSteps, visited } from './queries.js';

export function checkStepTo(s: GameState, to: number): GameError | null {
  const here = current(s)!;
  if (visited(s, to)) return err('already_visited', `You have already visited ${label(to)}.`, { loc: label(to) });
  if (legalSteps(s).includes(to)) return null;
  return legalSteps({ ...s, mayhem: [] }).includes(to)
    ? err('blocked_by_mayhem', 'R1', `Mayhem blocks the way from ${label(here)} to ${label(to)}.`, {
        v: 'step',
        from: label(here),
        to: label(to),
      })
    : err(
        'not_adjacent',
        'R2',
        `${label(to)} is not one step from ${label(here)}: orthogonal, or diagonal to or from a temple.`,
        { v: 'step', from: label(here), to: label(to) },
      );
}

/** Steps to try for legalActions: every unvisited neighbour, mayhem or not (`checkStepTo` filters). */
export function stepCandidates(s: GameState): number[] {
  return legalSteps({ ...s, mayhem: [] });
}
