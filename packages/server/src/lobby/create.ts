// A new lobby table from a validated create body: option rules and defaults (a fixed recruiter
// card only for a host who is the recruiter; the assistant defaults).
import { ApiError } from '../http/api-error.js';
import type { CreateGameBody } from '@mindmgmt/table';
import { botName } from '../play/seating.js';
import type { GameRow, PlaceRow, TableOptions } from '../store/types.js';

/** The row of a new table whose host (place 1) holds the token hashed to `hostTokenHash`.
 * Throws ApiError 400 for option combinations that are not allowed. */
export function newTableRow(b: CreateGameBody, id: string, hostTokenHash: string, now: number): GameRow {
  const solo = b.players === 1 ? (b.solo ?? { role: 'agents' as const, level: 'easy' as const }) : null;
  if (b.players > 1 && b.solo) throw new ApiError(400, 'bad_options', 'A solo setting needs players = 1.');
  // A fixed card is known to whoever chose it: only the recruiter may, or an agent would know it (D10).
  const fixedCard = b.recruiterCard !== 'random' && b.recruiterCard !== 'choose';
  const hostRecruits = solo ? solo.role === 'recruiter' : b.recruiterChoice === 'host';
  if (fixedCard && !hostRecruits)
    throw new ApiError(
      400,
      'fixed_card_needs_host_recruiter',
      'A fixed recruiter card can be chosen only when the host is the recruiter (recruiterChoice "host", or a solo game as recruiter); otherwise use "random" or "choose".',
    );
  const places: PlaceRow[] = [];
  places.push({
    place: 1,
    name: b.name,
    tokenHash: hostTokenHash,
    bot: null,
    volunteer: b.volunteer ?? false,
    joinedAt: now,
  });
  if (!solo) {
    for (const [k, level] of Object.entries(b.bots)) {
      const place = Number(k);
      if (place === 1) throw new ApiError(400, 'bad_options', 'Place 1 is the host, not a bot.');
      if (place > b.players)
        throw new ApiError(400, 'bad_options', `There is no place ${place} at a ${b.players}-player table.`);
      places.push({ place, name: botName(level), tokenHash: null, bot: level, volunteer: false, joinedAt: now });
    }
  }
  const options: TableOptions = {
    mode: b.mode,
    recruiterCard: b.recruiterCard,
    recruiterChoice: b.recruiterChoice,
    players: b.players,
    solo,
    turnTimerSec: b.timeControl ? null : b.turnTimerSec,
    ...(b.timeControl ? { timeControl: b.timeControl } : {}),
    ...(b.standInLevel ? { standInLevel: b.standInLevel } : {}),
    ...(b.minFinishRate ? { minFinishRate: b.minFinishRate } : {}),
    assistant:
      b.assistant ??
      (b.deduction === undefined
        ? b.players === 1 || b.mode === 'training'
          ? 'full'
          : 'off'
        : b.deduction
          ? 'full'
          : 'off'),
    rated: b.rated ?? true,
  };
  // Between people a table is listed unless the host says no; alone with bots it is not
  // for others to watch: a person's practice is not a show unless they ask.
  const people = solo ? 1 : b.players - Object.keys(b.bots).length;
  const row: GameRow = {
    id,
    listed: b.listed ?? people > 1,
    title: b.title?.trim() || `${b.name}'s ${b.mode === 'full' ? 'Full Game' : 'Training Mission'}`,
    createdAt: now,
    status: 'lobby',
    options,
    hostPlace: 1,
    places: places.sort((a, c) => a.place - c.place),
    start: null,
    seq: 0,
    deadline: null,
    result: null,
    updatedAt: now,
  };
  return row;
}
