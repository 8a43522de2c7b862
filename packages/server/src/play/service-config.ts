// The game parts' tunables (defaults; app/server.ts and main.ts override them).
import { LIVE_BOT_BUDGET_MS, LIVE_BOT_TIME_LIMIT_MS } from '@mindmgmt/ai';
import type { BotClock } from '../bots/clock.js';

export interface ServiceConfig {
  /** Snapshot the state every N actions (and at game end). */
  snapshotEvery: number;
  /** Pause before a bot's move is applied, so people can follow. */
  botPauseMs: number;
  /** Hard limit for one bot decision (the worker is killed after it). */
  botTimeLimitMs: number;
  /** Thinking budget handed to the bot (< botTimeLimitMs). */
  botBudgetMs: number;
  /** A bot recruiter's answer to an ask always arrives this long after the ask (plus the pause),
   * whatever the number of options, so timing tells the agents nothing (D2). */
  botAskAnswerMs: number;
  /** Every other move of a bot recruiter is released this long after it was asked for (plus
   * the pause), however long the bot thought (the expert's thinking time showed
   * through the pause). At least botBudgetMs and the worker's overshoot, or slow moves show. */
  botRecruiterMoveMs: number;
  botWorkers: number;
  /** Nice value of the bot worker threads (Linux; 0 = as the main thread). Bot thinking takes
   * the cores only when the main thread, which reads frames and acknowledges moves, leaves them
   * idle (on 2 cores the hard and expert bots held the round trip up). */
  botNice: number;
  /** Turn-timer sweep period. */
  sweepMs: number;
  /** Drop idle games from memory after this long without subscribers. */
  idleEvictMs: number;
  publicUrl: string | null;
  /** Cluster mode (shared store): how long an instance's claim on a game's bot work lasts
   * without renewal; another instance takes the work over after it (renewed every leaseMs/3). */
  leaseMs: number;
  /** Tests and development only: push endpoints on http://127.0.0.1 are accepted
   * (in production every endpoint is https to a named host). */
  pushLoopback: boolean;
  /** The time deadlines and seat clocks are reckoned on (ms since epoch; D13): tests hand in a
   * clock they advance. Absent: Date.now. */
  wallClock?: () => number;
  /** What bots' release times are reckoned and waited on (BotDriver). Absent: the process's
   * monotonic clock and timers; tests hand in a clock they advance. */
  botReleaseClock?: BotClock;
  /** VAPID contact (an https URL or mailto:); null: publicUrl when it is https, else a mailto. */
  vapidSubject: string | null;
}

export const DEFAULT_SERVICE_CONFIG: ServiceConfig = {
  snapshotEvery: 25,
  botPauseMs: 400,
  // the live bots' budget, shared with the offline game in the browser
  botTimeLimitMs: LIVE_BOT_TIME_LIMIT_MS,
  botBudgetMs: LIVE_BOT_BUDGET_MS,
  botAskAnswerMs: 3000,
  botRecruiterMoveMs: 1500,
  botWorkers: 2,
  botNice: 10,
  sweepMs: 1000,
  idleEvictMs: 10 * 60_000,
  publicUrl: null,
  leaseMs: 10_000,
  pushLoopback: false,
  vapidSubject: null,
};
