// Plays an engine game with every bot decision made through a BotPool, exactly as the server asks
// for them (one seat's view and legal actions, a seed, the budget, the game's id and the seat).
// Measurement, not serving: the server never plays a game by itself, so this lives with its users,
// `simulate --pool` and the bot benchmark; the pool's tests (server, web) import it from here.
// Figures and win rates then measure the bots players get, not an in-process shortcut.
import {
  type Action,
  apply,
  expectedSeats,
  type GameState,
  legalActions,
  type Mode,
  newGame,
  type Seat,
  view,
} from '@mindmgmt/engine';
import { decisionSeed, type Level } from '@mindmgmt/ai';
import type { BotPool, BotTask, Decision } from '@mindmgmt/server';

export interface PoolGameOptions {
  readonly gameId: string;
  readonly mode: Mode;
  /** Engine seed (deck, cards) and the base of the decision seeds. */
  readonly seed: number;
  readonly recruiter: Level;
  readonly agents: Level;
  readonly agentSeats?: number;
  readonly budgetMs: number;
  /** Stop after this many decisions (the game may then be unfinished). */
  readonly maxDecisions?: number;
  readonly onDecision?: (d: PoolDecision) => void;
}

/** One decision: what the pool was asked, and its answer. */
export interface PoolDecision extends Omit<BotTask, 'budgetMs'> {
  readonly decision: Decision;
}

/** The seat to move and its legal actions (several agent seats: the lowest with moves). */
export function nextBotSeat(s: GameState): { seat: Seat; legal: Action[] } | null {
  for (const seat of expectedSeats(s)) {
    const legal = legalActions(s, seat);
    if (legal.length) return { seat, legal };
  }
  return null;
}

/** Plays one game through `pool` and forgets its sessions at the end. */
export async function playThroughPool(pool: BotPool, o: PoolGameOptions): Promise<GameState> {
  let s = newGame({ mode: o.mode, agentSeats: o.agentSeats ?? 1, recruiterCard: 'choose' }, o.seed);
  const max = o.maxDecisions ?? 5000;
  try {
    for (let n = 0; n < max && !s.result; n++) {
      const next = nextBotSeat(s);
      if (!next) throw new Error(`no legal action in game ${o.gameId} (phase ${s.phase})`);
      const level = next.seat === 0 ? o.recruiter : o.agents;
      const v = view(s, next.seat);
      // Reproducible runs (the server draws its seeds at random).
      const seed = decisionSeed(o.seed, n);
      const decision = await pool.decideDetailed({
        gameId: o.gameId,
        seat: next.seat,
        level,
        view: v,
        legal: next.legal,
        seed,
        budgetMs: o.budgetMs,
      });
      o.onDecision?.({ gameId: o.gameId, seat: next.seat, level, view: v, legal: next.legal, seed, decision });
      if (!decision.action) throw new Error(`no bot action in game ${o.gameId}`);
      const r = apply(s, decision.action);
      if (!r.ok) throw new Error(`illegal bot action in game ${o.gameId}: ${r.message}`);
      s = r.state;
    }
  } finally {
    pool.forget(o.gameId);
  }
  return s;
}
