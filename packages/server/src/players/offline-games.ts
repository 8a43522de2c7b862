// Offline solo games uploaded to a profile's history (issue 28 §1, docs/offline.md). The game was
// played in the player's browser, which held every secret, so it is never rated: it is stored as
// a finished, unlisted, unrated table flagged `local`, with the record's actions as its log, and
// recorded in the history like any finished game (with its replay). Nothing is trusted: the record
// must replay with the engine to exactly the result it states, as one solo seat against one bot.
import { ENGINE_VERSION, type GameRecord, type GameState, replay, type Seat, apply } from '@mindmgmt/engine';
import { ApiError } from '../api-error.js';
import { botName } from '../seating.js';
import type { GameRow, ImportedAction, SeatRow } from '../store/types.js';
import type { PlayerRow } from '../store/players/types.js';
import type { OfflineUploadBody } from '@mindmgmt/table';
import { actionFromRecord, gameFromRecord } from '@mindmgmt/engine';

const bad = (why: string) => new ApiError(422, 'bad_record', `The record does not replay: ${why}`);

/** The side and bot level claimed must be the record's own (`seats`: one person, one bot): a
 * game is filed under the seat its person played, never the other. */
function checkSeats(b: OfflineUploadBody): void {
  const seats = b.record.seats;
  if (!seats) throw new ApiError(422, 'bad_record', 'The record does not say who played which seat (seats).');
  const person = seats.filter((s) => s.bot === null);
  const bots = seats.filter((s) => s.bot !== null);
  const at = new Set(seats.map((s) => s.seat));
  if (seats.length !== 2 || at.size !== 2 || !at.has(0) || !at.has(1) || person.length !== 1)
    throw new ApiError(422, 'bad_record', 'An offline game has two seats, 0 and 1: one person and one bot.');
  const side = person[0]!.seat === 0 ? 'recruiter' : 'agents';
  if (side !== b.role || bots[0]!.bot !== b.level)
    throw new ApiError(
      422,
      'wrong_seat',
      'The side and bot level sent are not those of the record (its seats): a game is filed as played.',
    );
}

/** The record's log as stored actions (the seq after each), with the state it ends in. */
function logOf(record: GameRecord): { actions: ImportedAction[]; state: GameState } {
  let s = gameFromRecord(record);
  const actions: ImportedAction[] = [];
  for (const r of record.actions) {
    const a = actionFromRecord(r);
    if ('ok' in a) throw bad(a.message);
    // `apply`, not `applyLogged`: a new upload holds no legacy `note` action
    const next = apply(s, a);
    if (!next.ok) throw bad(next.message);
    s = next.state;
    actions.push({ seq: s.seq, action: a });
  }
  return { actions, state: s };
}

/** The finished game a valid upload becomes, with its log; throws 422 `bad_record` otherwise. */
export function offlineGameRow(
  b: OfflineUploadBody,
  player: PlayerRow,
  id: string,
  now: number,
): { row: GameRow; actions: ImportedAction[] } {
  checkSeats(b);
  const record = b.record as unknown as GameRecord;
  const checked = replay(record);
  if (!checked.ok) throw bad(checked.message);
  if (record.options.agentSeats !== 1) throw bad('an offline game has one agent seat');
  if (!checked.state.result) throw bad('the game is not over');
  if (JSON.stringify(checked.state.result) !== JSON.stringify(record.result))
    throw bad('it ends with another result than the one it states');
  const { actions, state } = logOf(record);
  const rc = record.options.recruiterCard;
  const human: Seat = b.role === 'recruiter' ? 0 : 1;
  const seats: SeatRow[] = [
    { seat: human, place: 1, name: player.name, tokenHash: null, bot: null },
    { seat: human === 0 ? 1 : 0, place: null, name: botName(b.level), tokenHash: null, bot: b.level },
  ].sort((x, y) => x.seat - y.seat);
  const row: GameRow = {
    id,
    title: `${player.name} (offline)`,
    createdAt: now,
    status: 'over',
    options: {
      mode: record.options.mode,
      recruiterCard: rc,
      recruiterChoice: 'host',
      players: 1,
      solo: { role: b.role, level: b.level },
      turnTimerSec: null,
      assistant: 'off',
      rated: false,
      local: true,
    },
    hostPlace: null,
    places: [{ place: 1, name: player.name, tokenHash: null, bot: null, volunteer: false, joinedAt: now }],
    start: {
      seed: record.seed ?? 0,
      engineVersion: ENGINE_VERSION,
      engineOptions: {
        mode: record.options.mode,
        agentSeats: 1,
        recruiterCard: rc,
        deck: record.deck,
        ...(rc === 'random' && record.recruiterCard ? { card: record.recruiterCard } : {}),
      },
      seats,
      startedAt: now,
    },
    seq: state.seq,
    deadline: null,
    result: state.result,
    updatedAt: now,
    listed: false,
  };
  return { row, actions };
}
