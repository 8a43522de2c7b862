// What each seat is offered: its legal actions, computed once per state and seat.
import { type Action, type GameState, legalActions, type Seat, type Viewer } from '@mindmgmt/engine';

/** `legalActions` once per state and seat: a viewer's frame, a bot's decision and the `state`
 * frames of later hellos share the list (states are never changed in place; a new action gives a
 * new state object). Spectators have none. */
const legalCache = new WeakMap<GameState, Map<Seat, Action[]>>();

/** What a player's frame offers: the legal actions and, when it may, `undo` (D12); bots are given
 * `legalFor` and never undo. */
export function offeredTo(s: GameState, v: Viewer): Action[] {
  const legal = legalFor(s, v);
  return v !== 'spectator' && s.undo?.seat === v ? legalActions(s, v, { undo: true }) : legal;
}

/** The seat's legal actions without `undo` (what a bot chooses from). */
export function legalFor(s: GameState, v: Viewer): Action[] {
  if (v === 'spectator') return [];
  let bySeat = legalCache.get(s);
  if (!bySeat) legalCache.set(s, (bySeat = new Map()));
  let legal = bySeat.get(v);
  if (!legal) bySeat.set(v, (legal = legalActions(s, v)));
  return legal;
}
