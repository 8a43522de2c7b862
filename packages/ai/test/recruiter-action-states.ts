// States where the recruiter is about to take its turn's action, from hard-recruiter vs
// hard-agents games (bots.ask-exposure, expert.lookahead). Both decide at NO_CUTOFF_MS, so the
// states depend on the seed alone (issue 26 §6; the yardstick's agents decided on the clock).
import { apply, expectedSeats, type GameState, legalActions, newGame, view } from '@mindmgmt/engine';
import { makeBot, seatRng } from '../src/bots/index.js';
import { NO_CUTOFF_MS } from './work-limited.js';

/** Every such state of the games of `seeds`, in order; stops early once `enough` says so. */
export function actionStates(
  seeds: readonly number[],
  enough: (found: readonly GameState[]) => boolean = () => false,
): GameState[] {
  const out: GameState[] = [];
  for (const seed of seeds) {
    let s = newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'choose' }, seed);
    const bots = [makeBot('hard', 'recruiter'), makeBot('hard', 'agents')];
    const rngs = [seatRng(seed, 0), seatRng(seed, 1)];
    while (!s.result) {
      const who = expectedSeats(s).find((x) => legalActions(s, x).length > 0)!;
      if (who === 0 && s.phase === 'recruiterTurn' && !s.turn?.actionDone) {
        out.push(s);
        if (enough(out)) return out;
      }
      const r = apply(s, bots[who]!.decide(view(s, who), legalActions(s, who), rngs[who]!, NO_CUTOFF_MS));
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
  }
  return out;
}
