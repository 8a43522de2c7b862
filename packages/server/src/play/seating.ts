// Who sits where when a game starts: table places -> engine seats (R32), by the table's rule
// for choosing the recruiter (random, host, volunteer-first), or the solo arrangement.
import { randomInt } from 'node:crypto';
import type { Seat } from '@mindmgmt/engine';
import type { BotLevel } from '@mindmgmt/table';
import type { GameRow, PlaceRow, SeatRow } from '../store/types.js';

export const botName = (level: BotLevel) => `Bot (${level})`;

/** R32: places -> engine seats. `chosen`: the recruiter's place when it was drawn beforehand
 * ('random-experienced', drawn from the players' histories by the caller). */
export function assignSeats(r: GameRow, chosen: number | null = null): SeatRow[] {
  const o = r.options;
  const byPlace = (place: number) => r.places.find((p) => p.place === place)!;
  if (o.solo) {
    const me = byPlace(1);
    const human: Omit<SeatRow, 'seat'> = { place: 1, name: me.name, tokenHash: me.tokenHash, bot: null };
    const bot: Omit<SeatRow, 'seat'> = { place: null, name: botName(o.solo.level), tokenHash: null, bot: o.solo.level };
    return o.solo.role === 'recruiter'
      ? [
          { seat: 0, ...human },
          { seat: 1, ...bot },
        ]
      : [
          { seat: 0, ...bot },
          { seat: 1, ...human },
        ];
  }
  const places = [...r.places].sort((a, b) => a.place - b.place);
  let recruiter: PlaceRow;
  const volunteers = places
    .filter((p) => p.volunteer && p.bot === null)
    .sort((a, b) => a.joinedAt - b.joinedAt || a.place - b.place);
  if (chosen !== null && r.places.some((p) => p.place === chosen)) recruiter = byPlace(chosen);
  else if (o.recruiterChoice === 'host' && r.hostPlace !== null) recruiter = byPlace(r.hostPlace);
  else if (o.recruiterChoice === 'volunteer' && volunteers.length) recruiter = volunteers[0]!;
  else recruiter = places[randomInt(places.length)]!;
  const seat = (p: PlaceRow, s: Seat): SeatRow => ({
    seat: s,
    place: p.place,
    name: p.name,
    tokenHash: p.tokenHash,
    bot: p.bot,
  });
  return [seat(recruiter, 0), ...places.filter((p) => p !== recruiter).map((p, i) => seat(p, i + 1))];
}
