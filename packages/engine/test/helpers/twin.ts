// The same game in the fast path: replays a readable game's actions on a fast state, so a
// scenario test can check that both engines apply a ruling the same way.
import {
  type Action,
  type FastState,
  FAST_MAX_MOVES,
  fastApply,
  fastFromAction,
  fastGenerate,
  fastNewGame,
  fastToAction,
  type GameState,
  projectFast,
  projectReadable,
  sideActions,
  sideKey,
} from '../../src/index.js';

export function fastTwin(g: GameState, actions: readonly Action[]): FastState {
  const f = fastNewGame(
    {
      mode: g.mode,
      agentSeats: g.agentSeats,
      // a card drawn at random is replayed as the one drawn (D10)
      recruiterCard: g.recruiterCardRule === 'random' ? (g.recruiterCard ?? 'random') : g.recruiterCardRule,
      deck: g.initialDeck,
    },
    g.seed,
  );
  for (const a of actions) if (a.type !== 'note') fastApply(f, fastFromAction(a));
  return f;
}

/** Both engines' legal actions for the expected side (seat stripped), and whether the states agree. */
export function compareTwin(g: GameState, f: FastState): { readable: string[]; fast: string[]; same: boolean } {
  const moves = new Int32Array(FAST_MAX_MOVES);
  const n = fastGenerate(f, moves);
  const fast = Array.from(moves.subarray(0, n), (c) => sideKey(fastToAction(f, c))).sort();
  const readable = (g.result ? [] : sideActions(g)).map(sideKey).sort();
  const same = JSON.stringify(projectFast(f)) === JSON.stringify(projectReadable(g));
  return { readable, fast, same };
}
