// States where the recruiter is about to take its turn's action, from hard-recruiter vs
// hard-agents games (bots.ask-exposure, expert.lookahead), replayed from their record
// (hard-games.ts): the states depend on the seed alone, never on
// how busy the machine is.
import type { GameState } from '@mindmgmt/engine';
import { decidingSeat, hardGame } from './hard-games.js';

/** Every such state of the games of `seeds`, in order; stops early once `enough` says so. */
export function actionStates(
  seeds: readonly number[],
  enough: (found: readonly GameState[]) => boolean = () => false,
): GameState[] {
  const out: GameState[] = [];
  for (const seed of seeds) {
    for (const s of hardGame(seed)) {
      if (s.result) break;
      if (decidingSeat(s) === 0 && s.phase === 'recruiterTurn' && !s.turn?.actionDone) {
        out.push(s);
        if (enough(out)) return out;
      }
    }
  }
  return out;
}
