// Actions that are not part of a turn: legacy logged mental notes (R30, D8), resigning,
// timeouts (R33, D7) and abandoning by agreement (R33, D14).
import { err, type GameError } from '../model/errors.js';
import { RECRUITER_SEAT, type Seat, type Side } from '../model/pieces.js';
import type { GameState } from '../model/state.js';
import { finish, type Rule } from './rule.js';
import { checkNoteBody, checkNoteWriter } from './notes.js';
import { expectedSeats, isSeat } from './seats.js';

function notOver(s: GameState): GameError | null {
  return s.result ? err('game_over', 'The game is over.', {}) : null;
}

// R30, D8. A `note` action as logged before notes became table state (rules/notes.ts): `apply`
// refuses it; only `applyLogged` (replaying a stored log or record) accepts it, where it keeps its
// seq and its log entry so old games replay exactly as they were played. The notes such actions
// wrote are read from the actions (`notesFromActions`), not from the state.
export const note: Rule<'note'> = {
  check(s, a) {
    return checkNoteWriter(s, a.seat, a.at) ?? checkNoteBody(a.note);
  },
  run(_s, a, out) {
    const body = a.note && { from: a.note.from, to: a.note.to, crossed: [...a.note.crossed], text: a.note.text };
    out.emit({ kind: 'noteChanged', seat: a.seat, at: a.at, note: body });
  },
  candidates() {
    return [];
  },
};

function sideOf(seat: Seat): Side {
  return seat === RECRUITER_SEAT ? 'recruiter' : 'agents';
}

// R33, D7
export const resign: Rule<'resign'> = {
  check(s, a) {
    const e = notOver(s);
    if (e) return e;
    return isSeat(s, a.seat) ? null : err('not_allowed', null, 'Only a seated player can resign.');
  },
  run(s, a, out) {
    finish(s, sideOf(a.seat) === 'recruiter' ? 'agents' : 'recruiter', 'resign', out);
  },
  candidates() {
    return [];
  },
};

// R33, D7: applied by the server when a turn timer runs out.
export const timeout: Rule<'timeout'> = {
  check(s, a) {
    const e = notOver(s);
    if (e) return e;
    return expectedSeats(s).includes(a.seat)
      ? null
      : err('not_allowed', null, 'Only the seat the game waits on can run out of time.');
  },
  run(s, a, out) {
    finish(s, sideOf(a.seat) === 'recruiter' ? 'agents' : 'recruiter', 'timeout', out);
  },
  candidates() {
    return [];
  },
};

// R33, D14: applied by the server when every person at the table agreed to abandon the game. No
// side wins; the server rates nobody.
export const abandon: Rule<'abandon'> = {
  check(s, a) {
    const e = notOver(s);
    if (e) return e;
    return isSeat(s, a.seat) ? null : err('not_allowed', null, 'Only a seated player can propose to abandon.');
  },
  run(s, _a, out) {
    finish(s, null, 'abandoned', out);
  },
  candidates() {
    return [];
  },
};
