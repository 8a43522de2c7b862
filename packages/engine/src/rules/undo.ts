// D12: taking back actions that revealed nothing, as on Board Game Arena. Each undoable action
// pushes an undo point (the state before it); any other action clears them, so `undo` takes back
// one action at a time, at most to the last thing revealed to someone, the start of the
// activation or the start of the recruiter's turn. The points are part of the state: replaying
// a log that holds `undo` rebuilds the same states.
import { err, type GameError } from '../model/errors.js';
import type { GameEvent, PublicEventKind } from '../model/events.js';
import type { Action, ActionType } from '../model/actions.js';
import { RECRUITER_SEAT } from '../model/pieces.js';
import type { GameState, UndoPoint } from '../model/state.js';
import type { Rule } from './rule.js';

/**
 * D12: the actions that can be taken back: they move pieces every seat already sees, or (the
 * recruiter's step and mind slip in the Full Game) a secret only the recruiter knows, which the
 * agents are not shown until the recruiter's turn is settled (views/view.ts). Asks, reveals,
 * shakedowns, scans, captures and answers reveal something; ending an activation or a turn hands
 * the table to someone else; setup placements are final as on the physical table.
 */
export const UNDOABLE: ReadonlySet<ActionType> = new Set<ActionType>([
  'activate',
  'move',
  'push',
  'nudge',
  'dustyMove',
  'step',
  'mindSlip',
  'moveImmortal',
]);

/**
 * What an undoable action may have caused and still be undoable. Anything else it set off
 * (an immortal recruit, the end of the activation or turn, time advancing, the end of the game)
 * is revealed or hands over the table, so the action stands.
 */
const QUIET: ReadonlySet<PublicEventKind> = new Set<PublicEventKind>([
  'agentActivated',
  'agentMoved',
  'immortalPushed',
  'immortalMoved',
  'recruiterStepped',
  'mindSlipUsed',
]);

function withoutLog(s: GameState): UndoPoint['state'] {
  const { history: _h, undo: _u, ...rest } = s;
  return rest;
}

/** The undo point after `action` took `before` to `after` with `events` (D12). */
export function undoPointAfter(
  before: GameState,
  after: GameState,
  action: Action,
  events: readonly GameEvent[],
): UndoPoint | null {
  if (after.result || !UNDOABLE.has(action.type)) return null;
  if (before.phase !== 'recruiterTurn' && before.phase !== 'agentsTurn') return null;
  if (!events.every((e) => QUIET.has(e.pub.kind))) return null;
  const prev = before.undo && before.undo.seat === action.seat ? before.undo : null;
  return { seat: action.seat, logLength: before.history.length, state: withoutLog(before), prev };
}

function bottom(p: UndoPoint): UndoPoint {
  let q = p;
  while (q.prev) q = q.prev;
  return q;
}

/**
 * D12: the recruiter's undo point while its turn is not settled. Until then the other seats see
 * the game as it was at that point (views/view.ts), so a step taken back leaves them nothing.
 */
export function hiddenTurn(s: GameState): UndoPoint | null {
  return !s.result && s.undo && s.undo.seat === RECRUITER_SEAT ? bottom(s.undo) : null;
}

/** The game as the seats other than the recruiter know it (D12). */
export function publicState(s: GameState): GameState {
  const p = hiddenTurn(s);
  if (!p) return s;
  return { ...p.state, history: s.history.slice(0, p.logLength), undo: null };
}

/** The seq the seats other than the recruiter are shown: the actions they saw (D12). */
export function publicSeq(s: GameState): number {
  // publicState's seq and hiddenSeqs, without copying its history: every action's fan-out and
  // the master's listed time ask this
  const p = hiddenTurn(s)?.state ?? s;
  return p.seq - (p.hiddenSeqs ?? 0);
}

/** The length of the log the seats other than the recruiter hold: publicState's, without
 * copying it (D12). */
export function publicLogLength(s: GameState): number {
  return hiddenTurn(s)?.logLength ?? s.history.length;
}

function startedSomething(s: GameState): boolean {
  if (s.phase === 'recruiterTurn') return !!s.turn && (s.turn.actionDone || s.turn.immortalMoves > 0);
  return s.phase === 'agentsTurn' && s.activation !== null;
}

// D12
export const undo: Rule<'undo'> = {
  check(s, a): GameError | null {
    if (s.undo && s.undo.seat === a.seat) return null;
    return startedSomething(s)
      ? err(
          'undo_after_reveal',
          'What you did since cannot be taken back: something was revealed or your turn moved on.',
        )
      : err('undo_nothing', 'There is nothing of yours to undo.');
  },
  run(s, _a) {
    const p = s.undo!;
    // The recruiter's undone action and this undo are never shown to the other seats.
    const hidden = (s.hiddenSeqs ?? 0) + (p.seat === RECRUITER_SEAT ? 2 : 0);
    const log = s.history.slice(0, p.logLength);
    Object.assign(s, p.state);
    s.history = log;
    s.undo = p.prev;
    if (hidden) s.hiddenSeqs = hidden;
  },
  candidates(_s, seat) {
    return [{ type: 'undo', seat }];
  },
};
