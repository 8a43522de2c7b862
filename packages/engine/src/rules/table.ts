// Actions that are not part of a turn: mental notes (R30, D8), resigning and timeouts (R33, D7).
import { FEATURES, isLoc, label } from '../board/board.js';
import { err, type GameError } from '../model/errors.js';
import { RECRUITER_SEAT, type Seat, type Side } from '../model/pieces.js';
import type { GameState } from '../model/state.js';
import { finish, type Rule } from './rule.js';
import { expectedSeats, isAgentSeat, isSeat } from './seats.js';

export const NOTE_TEXT_MAX = 200;

function notOver(s: GameState): GameError | null {
  return s.result ? err('game_over', 'The game is over.', {}) : null;
}

function checkNoteBody(n: unknown): GameError | null {
  if (n === null) return null;
  if (typeof n !== 'object') return err('malformed', 'A note is an object or null.');
  const b = n as Record<string, unknown>;
  const time = (t: unknown) => t === null || (typeof t === 'number' && Number.isInteger(t) && t >= 1 && t <= 16);
  if (!time(b.from) || !time(b.to)) return err('malformed', 'Note times are whole hours from 1 to 16, or null.');
  if (typeof b.from === 'number' && typeof b.to === 'number' && b.from > b.to)
    return err('malformed', "A note's time range must run forwards.");
  if (
    !Array.isArray(b.crossed) ||
    b.crossed.some((f) => !(FEATURES as readonly unknown[]).includes(f)) ||
    new Set(b.crossed).size !== b.crossed.length
  )
    return err('malformed', 'Crossed-out features must be distinct feature names.');
  if (typeof b.text !== 'string' || b.text.length > NOTE_TEXT_MAX)
    return err('malformed', `Note text is at most ${NOTE_TEXT_MAX} characters.`);
  return null;
}

// R30, D8
export const note: Rule<'note'> = {
  check(s, a) {
    const e = notOver(s);
    if (e) return e;
    if (!isAgentSeat(s, a.seat)) return err('not_allowed', 'Mental notes are written by the agents (R30).');
    if (!isLoc(a.at)) return err('bad_location', `There is no location ${String(a.at)}.`);
    const ne = checkNoteBody(a.note);
    if (ne) return ne;
    if (a.note === null && !s.notes.some((n) => n.at === a.at))
      return err('not_here', `There is no mental note on ${label(a.at)}.`);
    return null;
  },
  run(s, a, out) {
    s.notes = s.notes.filter((n) => n.at !== a.at);
    const body = a.note && { from: a.note.from, to: a.note.to, crossed: [...a.note.crossed], text: a.note.text };
    if (body) s.notes.push({ at: a.at, note: body });
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
    return isSeat(s, a.seat) ? null : err('not_allowed', 'Only a seated player can resign.');
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
      : err('not_allowed', 'Only the seat the game waits on can run out of time.');
  },
  run(s, a, out) {
    finish(s, sideOf(a.seat) === 'recruiter' ? 'agents' : 'recruiter', 'timeout', out);
  },
  candidates() {
    return [];
  },
};
