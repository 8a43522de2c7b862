// Stand-ins (D13, docs/players.md): a bot that plays a person's seat while they are away. It takes
// the seat when the seat runs out of time or its player leaves, as long as another person at the
// table still plays; the player takes the seat back at its next turn. The seat stays the
// player's: the stand-in is recorded on the seat in the game's `start`, written by a
// compare-and-set on the seq and the seats read, so in a cluster it is seated once.
import { type Action, expectedSeats, RECRUITER_SEAT, type Seat } from '@mindmgmt/engine';
import { ApiError } from '../http/api-error.js';
import { playedSeats, timeControlOf, timingAfter } from './deadlines.js';
import type { LimitsConfig } from '../limits/config.js';
import type { GameStore, Proposal, SeatClock, StandIn, StartInfo, TableOptions } from '../store/types.js';
import type { Live } from './live.js';

/** What the stand-ins need of the game master (play/master.ts, which calls in here). */
export interface StandInHost {
  readonly store: GameStore;
  readonly limits: LimitsConfig;
  readonly log: { info(o: object, msg: string): void };
  now(): number;
  fresh(g: Live): Promise<void>;
  /** The one action path (a seat that leaves last resigns; one out of time, `timeout`). */
  submit(g: Live, action: Action, origin: { readonly by: 'timer'; readonly seq: number }): Promise<void>;
  pushLobby(g: Live): void;
  pushStates(g: Live): void;
  claimBots(g: Live): Promise<void>;
  kickBots(g: Live): void;
  onStandIn(g: Live, seat: Seat): void;
}
type GameMaster = StandInHost;

type Start = Omit<StartInfo, 'deadline'>;

/** A returning player's bank is at least this (D13): one who ran out of time would otherwise
 * be replaced again at once. */
export const RETURN_BANK_MIN_MS = 30_000;

/** The stand-in level of a table (default 'hard'). */
export const standInLevel = (o: TableOptions) => o.standInLevel ?? 'hard';

export function withoutStandIns(start: Start, seats: readonly Seat[]): Start {
  return {
    ...start,
    seats: start.seats.map((x) => {
      if (!seats.includes(x.seat)) return x;
      const { standIn: _gone, ...rest } = x;
      return rest;
    }),
  };
}

function withStandIn(start: Start, seat: Seat, s: StandIn | null): Start {
  if (!s) return withoutStandIns(start, [seat]);
  return { ...start, seats: start.seats.map((x) => (x.seat === seat ? { ...x, standIn: s } : x)) };
}

/** The banks of seats whose players come back (D13): at least RETURN_BANK_MIN_MS, or the increment. */
export function returnedBanks(o: TableOptions, clock: SeatClock, seats: readonly Seat[]): SeatClock {
  const tc = timeControlOf(o);
  const min = Math.max(RETURN_BANK_MIN_MS, tc?.kind === 'realtime' ? tc.incSec * 1000 : 0);
  return { ...clock, banks: clock.banks.map((b, seat) => (seats.includes(seat) ? Math.max(b, min) : b)) };
}

/** What became of a seat handed over: a stand-in took it, the game ended (no other person still
 * plays: R33, D7), or nothing (the seat is not a person's, or is already stood in for). */
export type HandOver = 'standIn' | 'ended' | 'none';

/** Under g.lock, after `m.fresh(g)`: hands `seat` to a stand-in (D13). When no other person at
 * the table still plays, the game ends instead: by `timeout` when the seat ran out of time, by
 * `resign` when its player left. Throws StaleError when the game moved on meanwhile. */
export async function seatStandIn(m: GameMaster, g: Live, seat: Seat, why: StandIn['why']): Promise<HandOver> {
  const state = g.state;
  const start = g.row.start;
  if (!state || state.result || !start) return 'none';
  const row = start.seats.find((x) => x.seat === seat);
  if (!row || row.bot !== null) return 'none';
  if (row.standIn) {
    // Leaving while away: the request to come back is withdrawn.
    if (why === 'left' && row.standIn.back)
      await change(m, g, withStandIn(start, seat, { ...row.standIn, back: false }));
    return 'none';
  }
  if (!playedSeats(start).some((x) => x !== seat)) {
    const type = why === 'time' ? 'timeout' : 'resign';
    if (type === 'timeout' && !expectedSeats(state).includes(seat)) return 'none';
    await m.submit(g, { type, seat }, { by: 'timer', seq: state.seq });
    return 'ended';
  }
  const level = standInLevel(g.row.options);
  // A resignation proposal of a player who is gone is void; so is one to abandon (D14): a
  // player who leaves gives no answer, and no answer cancels it.
  const next = withStandIn(start, seat, { level, why, seq: state.seq });
  const p = start.proposal;
  const void_ = p && (p.seat === seat || p.kind === 'abandon' || !deciders(next, p).length);
  if (!(await change(m, g, void_ ? withProposal(next, null) : next))) return 'none';
  m.log.info({ gameId: g.id, seat, why, botLevel: level }, 'stand-in seated');
  m.onStandIn(g, seat);
  return 'standIn';
}

/** Under g.lock, after `m.fresh(g)`: the player of `seat` comes back (D13). A seat the game does
 * not wait on is theirs at once; otherwise the stand-in finishes the turn and the seat is theirs
 * at its next one (master.ts `submit`). */
export async function takeSeatBack(m: GameMaster, g: Live, seat: Seat): Promise<void> {
  const state = g.state;
  const start = g.row.start;
  if (!state || state.result || !start) throw new ApiError(409, 'not_started', 'The game is not running.');
  const row = start.seats.find((x) => x.seat === seat);
  if (!row?.standIn) return;
  if (expectedSeats(state).includes(seat)) {
    if (!row.standIn.back) await change(m, g, withStandIn(start, seat, { ...row.standIn, back: true }));
    return;
  }
  await change(m, g, withStandIn(start, seat, null), [seat]);
  m.log.info({ gameId: g.id, seat }, 'seat taken back');
}

/** What a seated connection may ask about its seat (WebSocket `leave`, `back`, `accept`,
 * `refuse`, `abandon`). */
export type SeatRequest = 'leave' | 'back' | 'accept' | 'refuse' | 'abandon';

/** How long a proposal (to resign, D13, or to abandon, D14) waits for its answers. */
export const PROPOSAL_MS = 60_000;

/** The agent seats, besides `seat`, whose players play them: they decide on its resignation. */
function teammates(start: Start, seat: Seat): Seat[] {
  return playedSeats(start).filter((x) => x !== RECRUITER_SEAT && x !== seat);
}

/** The seats whose players must all accept `p`: the proposer's teammates for a resignation
 * (D13); for abandoning (D14), every other seat a person plays (not one a stand-in holds). */
function deciders(start: Start, p: Pick<Proposal, 'kind' | 'seat'>): Seat[] {
  return p.kind === 'abandon' ? playedSeats(start).filter((x) => x !== p.seat) : teammates(start, p.seat);
}

function pendingError(p: Proposal): ApiError {
  return new ApiError(
    409,
    'proposal_pending',
    p.kind === 'abandon'
      ? 'A proposal to abandon the game is waiting for an answer first.'
      : 'A teammate’s resignation is waiting for an answer first.',
  );
}

function withProposal(start: Start, p: Proposal | null): Start {
  const { proposal: _old, ...rest } = start;
  return p ? { ...rest, proposal: p } : rest;
}

/** Under g.lock, after `m.fresh(g)`: `seat` resigns (D7). An agent seat with teammates who play
 * proposes it instead (D13); false when it was only proposed. */
export async function resignOrPropose(m: GameMaster, g: Live, seat: Seat): Promise<boolean> {
  const start = g.row.start;
  if (!start || !g.state || g.state.result || seat === RECRUITER_SEAT || !teammates(start, seat).length) return true;
  if (start.proposal) {
    if (start.proposal.seat === seat && start.proposal.kind === 'resign') return false;
    throw pendingError(start.proposal);
  }
  // An agent player who left, too, only proposes: the team plays on if it wants to.
  await change(m, g, withProposal(start, { kind: 'resign', seat, at: m.now(), accepted: [] }));
  return false;
}

/** Under g.lock, after `m.fresh(g)`: a player at a running table proposes to abandon it (D14).
 * Only a person who plays their seat proposes (not one a stand-in holds), and only with another
 * person at the table to agree: alone against bots, resigning is the way out. */
export async function proposeAbandon(m: GameMaster, g: Live, seat: Seat): Promise<void> {
  const start = g.row.start;
  if (!start || !g.state || g.state.result) throw new ApiError(409, 'not_running', 'The game is not running.');
  if (!playedSeats(start).includes(seat))
    throw new ApiError(409, 'stood_in', 'A stand-in plays your seat: take it back first.');
  if (start.proposal) {
    if (start.proposal.seat === seat && start.proposal.kind === 'abandon') return;
    throw pendingError(start.proposal);
  }
  if (!deciders(start, { kind: 'abandon', seat }).length)
    throw new ApiError(409, 'no_one_to_ask', 'No other person plays at this table: resign instead.');
  await change(m, g, withProposal(start, { kind: 'abandon', seat, at: m.now(), accepted: [] }));
}

/** Under g.lock, after `m.fresh(g)`: a player answers a proposal. A resignation (D13): all
 * accept, the agents resign; one refuses, the proposer leaves (a stand-in plays on for them). To
 * abandon (D14): all accept, the game ends abandoned; one refuses, the game goes on. */
export async function answerProposal(m: GameMaster, g: Live, seat: Seat, accept: boolean): Promise<void> {
  const start = g.row.start;
  const p = start?.proposal;
  if (!start || !p || !g.state || g.state.result)
    throw new ApiError(409, 'no_proposal', 'Nothing waits for an answer.');
  if (!deciders(start, p).includes(seat))
    throw new ApiError(
      403,
      'forbidden',
      p.kind === 'abandon' ? 'Only the other players at the table answer.' : 'Only the other agent players answer.',
    );
  if (!accept) return settleProposal(m, g, 'refused');
  const accepted = [...new Set([...p.accepted, seat])];
  if (deciders(start, p).every((x) => accepted.includes(x))) return settleProposal(m, g, 'accepted');
  await change(m, g, withProposal(start, { ...p, accepted }));
}

/** Under g.lock: a proposal accepted (the agents resign; or the game ends abandoned), or refused
 * or unanswered (a resignation's proposer leaves the table: a stand-in plays the seat; a
 * proposal to abandon is dropped and the game goes on). */
export async function settleProposal(
  m: GameMaster,
  g: Live,
  how: 'accepted' | 'refused' | 'unanswered',
): Promise<void> {
  const start = g.row.start;
  const p = start?.proposal;
  if (!start || !p || !g.state || g.state.result) return;
  m.log.info({ gameId: g.id, seat: p.seat, kind: p.kind, why: how }, 'proposal settled');
  if (how === 'accepted') {
    const type = p.kind === 'abandon' ? 'abandon' : 'resign';
    await m.submit(g, { type, seat: p.seat }, { by: 'timer', seq: g.state.seq });
    return;
  }
  if (p.kind === 'abandon') {
    await change(m, g, withProposal(start, null));
    return;
  }
  const level = standInLevel(g.row.options);
  const next = withProposal(withStandIn(start, p.seat, { level, why: 'left', seq: g.state.seq }), null);
  if (await change(m, g, next)) m.onStandIn(g, p.seat);
}

/** The proposals of the games in memory that waited PROPOSAL_MS unanswered: each proposer of a
 * resignation leaves; each proposal to abandon is dropped. */
export async function sweepProposals(m: GameMaster & { all(): Iterable<Live> }, now: number): Promise<void> {
  for (const g of [...m.all()]) {
    const p = g.row.start?.proposal;
    if (!p || g.state?.result || now - p.at < PROPOSAL_MS) continue;
    await g.lock.run(async () => {
      await m.fresh(g);
      const q = g.row.start?.proposal;
      if (q && now - q.at >= PROPOSAL_MS) await settleProposal(m, g, 'unanswered');
    });
  }
}

/** Writes the new seats (compare-and-set), with the banks and deadline they give, and shows them. */
async function change(m: GameMaster, g: Live, start: Start, returning: readonly Seat[] = []): Promise<boolean> {
  const state = g.state!;
  const now = m.now();
  const before = { start: g.row.start!, state };
  let { deadline, clock } = timingAfter(m.limits.gameInactiveMs, g.row, before, { start, state }, now);
  if (returning.length && clock) {
    clock = returnedBanks(g.row.options, clock, returning);
    deadline = timingAfter(m.limits.gameInactiveMs, { ...g.row, clock }, null, { start, state }, now).deadline;
  }
  // The banks are reckoned anew only when the seats that run change: a request to come back
  // moves no clock.
  const same = JSON.stringify(playedSeats(start)) === JSON.stringify(playedSeats(before.start));
  if (same) ({ deadline, clock } = { deadline: g.row.deadline, clock: g.row.clock ?? null });
  const ok = await m.store.seatChange({
    gameId: g.id,
    expectedSeq: state.seq,
    expectedStart: before.start,
    start,
    deadline,
    clock,
  });
  if (!ok) {
    await m.fresh(g);
    return false;
  }
  g.row = { ...g.row, start, deadline, clock };
  m.pushLobby(g);
  m.pushStates(g);
  await m.claimBots(g);
  m.kickBots(g);
  return true;
}
