// Test helper: games whose every decision goes through a real BotPool (the cli's pool-game.ts), and
// positions to ask bots about.
import { type Action, legalActions, type View, view } from '@mindmgmt/engine';
import { INFORMATIVE_BIAS, randomGame } from '@mindmgmt/ai';
import type { BotPool } from '../src/bots/pool.js';
import { type PoolDecision, playThroughPool as play } from '../../cli/src/pool-game.js';
import type { BotLevel } from '@mindmgmt/table';

export type Played = PoolDecision;

export interface PoolGame {
  readonly id: string;
  readonly mode: 'full' | 'training';
  readonly seed: number;
  readonly recruiter: BotLevel;
  readonly agents: BotLevel;
}

export function playThroughPool(
  pool: BotPool,
  g: PoolGame,
  budgetMs: number,
  maxDecisions: number,
  onDecision: (p: Played) => void,
) {
  return play(pool, {
    gameId: g.id,
    mode: g.mode,
    seed: g.seed,
    recruiter: g.recruiter,
    agents: g.agents,
    budgetMs,
    maxDecisions,
    onDecision,
  });
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
