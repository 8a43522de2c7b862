// The games table's columns as both SQL backends return them, and their mapping to GameRow.
import { tableOptionsFromStored, type GameRow, type PlaceRow } from './types.js';

export interface RawGame {
  id: string;
  title: string;
  created_at: number;
  status: GameRow['status'];
  options: string;
  host_place: number | null;
  start: string | null;
  seq: number;
  deadline_at: number | null;
  deadline_seat: number | null;
  result: string | null;
  updated_at: number;
  /** SQLite stores booleans as 0/1. */
  listed: boolean | number;
  /** Migration 106; SQLite stores booleans as 0/1. */
  vouched: boolean | number;
  /** Migration 111. */
  creator_net: string | null;
  net_share: boolean | number;
  /** Migration 113 (D13): a real-time table's banks, JSON. */
  clock?: string | null;
}

export interface RawPlace {
  place: number;
  name: string;
  token_hash: string | null;
  bot: PlaceRow['bot'];
  /** SQLite stores booleans as 0/1. */
  volunteer: boolean | number;
  joined_at: number | string;
}

export function placeRow(p: RawPlace): PlaceRow {
  return {
    place: p.place,
    name: p.name,
    tokenHash: p.token_hash,
    bot: p.bot,
    volunteer: p.volunteer === true || p.volunteer === 1,
    joinedAt: Number(p.joined_at),
  };
}

export function gameRow(g: RawGame, places: readonly RawPlace[]): GameRow {
  return {
    id: g.id,
    title: g.title,
    createdAt: g.created_at,
    status: g.status,
    options: tableOptionsFromStored(JSON.parse(g.options) as Parameters<typeof tableOptionsFromStored>[0]),
    hostPlace: g.host_place,
    places: places.map(placeRow),
    start: g.start ? (JSON.parse(g.start) as GameRow['start']) : null,
    seq: g.seq,
    deadline: g.deadline_at === null || g.deadline_seat === null ? null : { at: g.deadline_at, seat: g.deadline_seat },
    clock: g.clock ? (JSON.parse(g.clock) as GameRow['clock']) : null,
    result: g.result ? (JSON.parse(g.result) as GameRow['result']) : null,
    updatedAt: g.updated_at,
    listed: g.listed === true || g.listed === 1,
    vouched: g.vouched === true || g.vouched === 1,
    creatorNet: g.creator_net,
    netShare: g.net_share === true || g.net_share === 1,
  };
}
