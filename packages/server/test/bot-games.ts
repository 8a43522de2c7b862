// Test helper: plays engine games whose every decision goes through a real BotPool, the way the
// server asks for them (one seat's view, its legal actions, a seed, the budget).
import {
  type Action,
  apply,
  expectedSeats,
  type GameState,
  legalActions,
  type Mode,
  newGame,
  type Seat,
  type View,
  view,
} from '@mindmgmt/engine';
import { INFORMATIVE_BIAS, randomGame } from '@mindmgmt/ai';
import type { BotPool, Decision } from '../src/bots/pool.js';
import type { BotLevel } from '../src/schemas.js';

export interface PoolGame {
  readonly id: string;
  readonly mode: Mode;
  readonly seed: number;
  readonly recruiter: BotLevel;
  readonly agents: BotLevel;
  readonly agentSeats?: number;
}

export interface Played {
  readonly gameId: string;
  readonly seat: Seat;
  readonly level: BotLevel;
  readonly view: View;
  readonly legal: readonly Action[];
  readonly seed: number;
  readonly decision: Decision;
}

/** The seat to move and its legal actions (several agent seats: the lowest with moves). */
export function nextSeat(s: GameState): { seat: Seat; legal: Action[] } | null {
  for (const seat of expectedSeats(s)) {
    const legal = legalActions(s, seat);
    if (legal.length) return { seat, legal };
  }
  return null;
}

/** Plays `g` for up to `maxDecisions` decisions through `pool`; every decision is reported. */
export async function playThroughPool(
  pool: BotPool,
  g: PoolGame,
  budgetMs: number,
  maxDecisions: number,
  onDecision: (p: Played) => void = () => {},
): Promise<GameState> {
  let s = newGame({ mode: g.mode, agentSeats: g.agentSeats ?? 1, recruiterCard: 'choose' }, g.seed);
  for (let n = 0; n < maxDecisions && !s.result; n++) {
    const next = nextSeat(s);
    if (!next) throw new Error(`no legal action in game ${g.id}`);
    const level = next.seat === 0 ? g.recruiter : g.agents;
    const v = view(s, next.seat);
    const seed = (g.seed * 1_000_003 + n * 7919) >>> 0;
    const decision = await pool.decideDetailed({
      gameId: g.id,
      seat: next.seat,
      level,
      view: v,
      legal: next.legal,
      seed,
      budgetMs,
    });
    onDecision({ gameId: g.id, seat: next.seat, level, view: v, legal: next.legal, seed, decision });
    const r = apply(s, decision.action!);
    if (!r.ok) throw new Error(`illegal bot action in game ${g.id}: ${r.message}`);
    s = r.state;
  }
  return s;
}

/** Positions where the agents (seat 1) start a turn, from a random informative Full game. */
export function agentTurnPositions(seed: number, minTime: number): { view: View; legal: Action[] }[] {
  const out: { view: View; legal: Action[] }[] = [];
  randomGame({
    mode: 'full',
    seed,
    bias: INFORMATIVE_BIAS,
    maxTime: minTime + 3,
    onState: (s) => {
      if (s.result || s.phase !== 'agentsTurn' || s.time < minTime || s.activation !== null) return;
      const legal = legalActions(s, 1);
      if (legal.length > 1) out.push({ view: view(s, 1), legal });
    },
  });
  return out;
}
