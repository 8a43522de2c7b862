// Random playouts on the fast path: setup to the end, in place, allocating nothing.
//
// Definition of a random playout (shared with reference.ts for the readable engine): at each
// decision point, list the legal actions of the side the game waits on (the union over the
// expected seats, seat stripped, duplicates removed: the agents are one side), and pick one
// uniformly at random. Notes, resign and timeout are never chosen.
import { W_NONE } from './codes.js';
import { applyFast } from './apply.js';
import { generate, MAX_MOVES } from './movegen.js';
import { FastState, resetGame, Sfc32 } from './state.js';
import type { GameOptions } from '../model/state.js';

/** Reusable buffers for playouts: one state, one move buffer, one choice generator. */
export class FastPlayer {
  readonly state = new FastState();
  readonly moves = new Int32Array(MAX_MOVES);
  readonly rng = new Sfc32();
  /** Decisions taken by the last playout. */
  decisions = 0;
}

/**
 * Plays `s` to the end with uniformly random choices from `rng`. Returns the number of
 * decisions taken, or -1 if a state had no legal action (never expected: R17/D6 end the game
 * instead).
 */
export function fastPlayout(s: FastState, rng: Sfc32, moves: Int32Array): number {
  let decisions = 0;
  while (s.winner === W_NONE) {
    const n = generate(s, moves);
    if (n === 0) return -1;
    applyFast(s, moves[n === 1 ? 0 : Math.floor(rng.next() * n)]!);
    decisions++;
  }
  return decisions;
}

/** A whole random game: a new game from (options, seed), choices from choiceSeed. */
export function fastRandomGame(p: FastPlayer, options: GameOptions, seed: number, choiceSeed: number): FastState {
  resetGame(p.state, options, seed);
  p.rng.seed(choiceSeed);
  p.decisions = fastPlayout(p.state, p.rng, p.moves);
  return p.state;
}
