// Random playouts with the READABLE engine, under the same definition as playout.ts: at each
// decision point, the legal actions of the expected side (union over the expected seats, seat
// stripped, duplicates removed), one picked uniformly. Used by the agreement test and by the
// benchmark's readable figures.
import type { Action } from '../model/actions.js';
import type { GameOptions, GameState } from '../model/state.js';
import { apply, legalActions } from '../game.js';
import { newGame } from '../rules/setup.js';
import { expectedSeats } from '../rules/seats.js';
import { Sfc32 } from './state.js';

/** An action's identity for its side: everything but the seat. */
export function sideKey(a: Action): string {
  const { seat: _seat, ...rest } = a;
  return JSON.stringify(rest);
}

/**
 * The expected side's legal actions: each distinct action (seat stripped) once, carrying the
 * first expected seat that may take it. Notes, resign and timeout are not included.
 */
export function sideActions(g: GameState): Action[] {
  const seats = expectedSeats(g);
  if (seats.length === 1) return legalActions(g, seats[0]!);
  const seen = new Set<string>();
  const out: Action[] = [];
  for (const seat of seats)
    for (const a of legalActions(g, seat)) {
      const k = sideKey(a);
      if (!seen.has(k)) {
        seen.add(k);
        out.push(a);
      }
    }
  return out;
}

/** Plays a readable game to the end with uniform random choices; returns the final state. */
export function readablePlayout(
  options: GameOptions,
  seed: number,
  choiceSeed: number,
): { state: GameState; decisions: number } {
  let g = newGame(options, seed);
  const rng = new Sfc32(choiceSeed);
  let decisions = 0;
  while (!g.result) {
    const list = sideActions(g);
    if (list.length === 0) break;
    const a = list[list.length === 1 ? 0 : Math.floor(rng.next() * list.length)]!;
    const r = apply(g, a);
    if (!r.ok) throw new Error(`readable engine refused its own legal action ${JSON.stringify(a)}: ${r.message}`);
    g = r.state;
    decisions++;
  }
  return { state: g, decisions };
}
