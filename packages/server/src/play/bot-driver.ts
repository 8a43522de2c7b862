// Plays the bot seats of a game: one decision at a time per game, on the bot pool's workers,
// applied through the same `submit` as every other action after the pause people need to follow
// (and, for a bot recruiter, after a fixed time whatever it thought: D2 for ask answers, and its
// other moves too, so how long it thought never tells how hard the choice was).
import { randomInt } from 'node:crypto';
import { type Action, expectedSeats, RECRUITER_SEAT, type Seat, view } from '@mindmgmt/engine';
import type { Logger } from 'pino';
import { ApiError } from '../http/api-error.js';
import { legalFor } from '@mindmgmt/table';
import { type Live, seatRow } from './live.js';
import type { SeatRow } from '../store/types.js';
import { type BotClock, systemBotClock } from '../bots/clock.js';
import type { BotPool } from '../bots/pool.js';

/** Where the driver's decisions go: the master (app/games.ts wires it). */
export interface BotDriverHost {
  /** False once the service closes, or (cluster) while another instance holds the game's bots. */
  mayMove(g: Live): boolean;
  /** Under g.lock: the one action path, as decided at `seq`. */
  submit(g: Live, action: Action, seq: number): Promise<void>;
  /** Each decision as it comes back from the pool: how long after it was asked for (queue and
   * thinking), and how long past its release time (0: in time, its thinking did not show). The
   * storm bench reads it. */
  released?(g: Live, seat: Seat, lateMs: number, tookMs: number): void;
}

export interface BotDriverConfig {
  readonly botPauseMs: number;
  readonly botAskAnswerMs: number;
  readonly botRecruiterMoveMs: number;
  readonly botBudgetMs: number;
  /** What a bot's release time is reckoned and waited on (tests hand in a clock they advance). */
  readonly botReleaseClock?: BotClock;
}

/** Seats the game waits on that a bot plays: a bot seat, or a stand-in for an absent player (D13). */
export function botSeatsExpected(g: Live): SeatRow[] {
  if (!g.state || g.state.result) return [];
  return expectedSeats(g.state)
    .map((s) => seatRow(g, s))
    .filter((s): s is SeatRow => !!s && (s.bot !== null || !!s.standIn));
}

export class BotDriver {
  /** Bot decisions in flight (tests and shutdown wait for 0). */
  inflight = 0;

  constructor(
    private readonly pool: BotPool,
    private readonly cfg: BotDriverConfig,
    private readonly log: Logger,
    private readonly host: BotDriverHost,
  ) {}

  /** Starts a bot decision if the game waits on a bot seat (one at a time per game). */
  kick(g: Live): void {
    const h = this.host;
    if (g.botBusy || !g.state || g.state.result || !h.mayMove(g)) return;
    const bot = botSeatsExpected(g)[0];
    if (!bot) return;
    const s = g.state;
    const seq = s.seq;
    const legal = legalFor(s, bot.seat);
    if (!legal.length) {
      this.log.error({ gameId: g.id, seq, seat: bot.seat }, 'bot seat expected but has no legal action');
      return;
    }
    g.botBusy = true;
    this.inflight++;
    const cfg = this.cfg;
    const clock = cfg.botReleaseClock ?? systemBotClock;
    const t0 = clock.now();
    const answeringAsk = bot.seat === RECRUITER_SEAT && s.phase === 'answerAsk';
    void this.pool
      .decide({
        gameId: g.id,
        seat: bot.seat,
        level: bot.bot ?? bot.standIn!.level,
        // Built when the pool reads it (as it hands the decision to a worker), not now: a decision
        // can wait in the queue for seconds, and a bot's view holds the whole log
        // (the queued views outlived the main thread's young collections).
        get view() {
          return view(s, bot.seat);
        },
        legal,
        seed: randomInt(2 ** 32 - 1),
        budgetMs: cfg.botBudgetMs,
        // served in turn with other starters' games, however many games this starter runs
        ...(g.botHold ? { owner: g.botHold.owner } : {}),
      })
      .then(async (action) => {
        // A bot recruiter's moves are released at a fixed time after they were asked for, so how
        // long it thought (which tells how hard the choice was) never shows (D2).
        const fixed = bot.seat !== RECRUITER_SEAT ? 0 : answeringAsk ? cfg.botAskAnswerMs : cfg.botRecruiterMoveMs;
        const due = t0 + cfg.botPauseMs + fixed;
        const back = clock.now();
        const wait = due - back;
        h.released?.(g, bot.seat, Math.max(0, -wait), back - t0);
        if (wait > 0) await new Promise<void>((r) => clock.after(wait, r));
        await g.lock.run(async () => {
          g.botBusy = false;
          if (!g.state || g.state.seq !== seq || !action || !h.mayMove(g)) return;
          try {
            await h.submit(g, { ...action, seat: bot.seat } as Action, seq);
          } catch (e) {
            const code = e instanceof ApiError ? e.code : String(e);
            this.log.warn({ gameId: g.id, seq, seat: bot.seat, code }, 'bot action refused');
          }
        });
      })
      .catch((e) => this.log.error({ gameId: g.id, err: String(e) }, 'bot failed'))
      .finally(() => {
        g.botBusy = false;
        this.inflight--;
        this.kick(g);
      });
  }
}
