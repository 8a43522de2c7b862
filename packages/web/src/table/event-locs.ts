// Where an event happened on the board (for the log's hover highlight and the last-turn marker),
// and which log entries make up the last turn. Only what the viewer's own log already says.
import type { Edge, Loc, SeenEvent } from '@mindmgmt/engine';
import { turnSideOf, turnStarts } from '@mindmgmt/table/client';

export interface EventPlace {
  locs: Loc[];
  edges: Edge[];
}

export function placesOf(e: SeenEvent): EventPlace {
  const p = e.pub;
  const locs: Loc[] = [];
  const edges: Edge[] = [];
  switch (p.kind) {
    case 'mayhemPlaced':
      edges.push(p.between);
      break;
    case 'startChosen':
      if (p.at !== null) locs.push(p.at);
      break;
    case 'mindSlipUsed':
      if (p.tokenAt !== null) locs.push(p.tokenAt);
      break;
    case 'immortalPlaced':
    case 'agentPlaced':
    case 'mindSlipTokenPlaced':
    case 'revealed':
    case 'captureAttempted':
    case 'scanned':
    case 'noteChanged':
      locs.push(p.at);
      break;
    case 'immortalMoved':
      locs.push(p.from, p.to);
      if (p.stepToken !== null) locs.push(p.stepToken);
      break;
    case 'agentMoved':
    case 'immortalPushed':
      locs.push(p.from, p.to);
      break;
    case 'immortalRecruited':
    case 'askAnswered':
      locs.push(...p.at);
      break;
    default:
      break;
  }
  // the recruiter's own log carries where it went (its secret map shows it anyway)
  if (e.secret?.to !== undefined) locs.push(e.secret.to);
  return { locs, edges };
}

/** How many of the setup's last log entries stand for it as the turn before the first one: the
 * setup is not a turn, and all its placements numbered at once (14 marks) said nothing. */
const SETUP_TAIL = 4;

/** Index of the first log entry of the previous turn: a turn starts when the side changes
 * (@mindmgmt/table `turnStarts`). The log's recent lines and the board's numbered marks
 * (`lastHalfTurns`) both start here. */
export function lastTurnFrom(log: readonly SeenEvent[]): number {
  const starts = turnStarts(log);
  if (starts.length >= 2) return starts[starts.length - 2]!;
  // the first turn, or still the setup: the setup's last few placements stand for the turn before
  return Math.max(0, (starts[0] ?? log.length) - SETUP_TAIL);
}

export function lastTurnPlaces(log: readonly SeenEvent[]): EventPlace {
  const out: EventPlace = { locs: [], edges: [] };
  for (const e of log.slice(lastTurnFrom(log))) {
    if (e.pub.kind === 'noteChanged') continue;
    const p = placesOf(e);
    out.locs.push(...p.locs);
    out.edges.push(...p.edges);
  }
  return out;
}

/** One numbered mark of a half-turn: a move (from -> to, drawn as an arrow) or places touched. */
export interface MarkStep {
  n: number;
  /** The log entry it comes from: the log writes the same number beside it. */
  at: number;
  from: Loc | null;
  to: Loc | null;
  locs: Loc[];
  edges: Edge[];
}

export type Side = 'recruiter' | 'agents' | 'setup';

export interface HalfTurn {
  side: Side;
  steps: MarkStep[];
}

/** The steps of an event in the order they happened: moves carry their direction. */
function stepsOf(e: SeenEvent): Omit<MarkStep, 'n' | 'at'>[] {
  const p = e.pub;
  if (p.kind === 'agentMoved' || p.kind === 'immortalPushed') return [{ from: p.from, to: p.to, locs: [], edges: [] }];
  if (p.kind === 'immortalMoved') {
    const move = { from: p.from, to: p.to, locs: [], edges: [] };
    return p.stepToken !== null ? [{ from: null, to: null, locs: [p.stepToken], edges: [] }, move] : [move];
  }
  // the recruiter's own step, from its own log (only its view carries `secret`)
  if (e.secret?.to !== undefined) return [{ from: null, to: e.secret.to, locs: [], edges: [] }];
  const place = placesOf(e);
  return place.locs.length || place.edges.length ? [{ from: null, to: null, ...place }] : [];
}

/** The log cut into half-turns (a side's turn: the recruiter's turn, or the agents' activations
 * up to the next recruiter turn; setup is one), each with its numbered steps; the last two are
 * returned, newest first. Only what this viewer's log says. */
export function lastHalfTurns(log: readonly SeenEvent[]): HalfTurn[] {
  const turns: HalfTurn[] = [];
  // the same entries as the log's recent lines
  const from = lastTurnFrom(log);
  for (let at = from; at < log.length; at++) {
    const e = log[at]!;
    const side = turnSideOf(e);
    const last = turns[turns.length - 1];
    if ((side && last?.side !== side) || !last) turns.push({ side: side ?? 'setup', steps: [] });
    if (e.pub.kind === 'noteChanged') continue;
    const cur = turns[turns.length - 1]!;
    for (const s of stepsOf(e)) cur.steps.push({ n: cur.steps.length + 1, at, ...s });
  }
  return turns.slice(-2).reverse();
}

/** The marks' numbers by log entry, for the log's recent lines (the board's numbers). */
export function markNumbers(turns: readonly HalfTurn[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const t of turns) for (const s of t.steps) out.set(s.at, [...(out.get(s.at) ?? []), s.n]);
  return out;
}
