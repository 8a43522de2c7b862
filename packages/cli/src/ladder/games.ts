// The ladder's games on worker threads from one queue, one game at a time, the slowest pairings
// first: both threads stay busy to the end of the round robin (split per pairing, the thread with
// the quicker half of each pairing waited for the other). A game is a function of its levels and
// seed, so the order and the thread change nothing in the table.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { RatedLevel } from '@mindmgmt/ai';
import { playGame } from '@mindmgmt/ai/yardstick';
import type { Mode } from '@mindmgmt/engine';
import { WORK_LIMITED_BUDGET_MS } from '../simulate.js';

export interface LadderGame {
  readonly mode: Mode;
  readonly recruiter: RatedLevel;
  readonly agents: RatedLevel;
  readonly seed: number;
  /** The expert's playouts per decision (work-limited: no bot reads the clock to decide). */
  readonly iterations: number;
}

function recruiterWins(g: LadderGame): boolean {
  const r = playGame({ ...g, budgetMs: WORK_LIMITED_BUDGET_MS });
  return r.result.winner === 'recruiter';
}

/** How slow a pairing's games are, roughly (searching agents decide most often): the order only. */
const cost = (g: LadderGame) =>
  ({ easy: 0, hard: 1, expert: 4 })[g.agents] + { easy: 0, hard: 1, expert: 2 }[g.recruiter];

/** Plays every game, `threads` at a time (in this thread when 1 or when running from sources). */
export async function playLadder(
  games: readonly LadderGame[],
  threads: number,
  onGame: (g: LadderGame, recruiterWon: boolean) => void,
): Promise<void> {
  const queue = [...games].sort((a, b) => cost(b) - cost(a));
  const self = new URL(import.meta.url);
  if (threads <= 1 || !self.pathname.endsWith('.js')) {
    for (const g of queue) onGame(g, recruiterWins(g));
    return;
  }
  await Promise.all(
    Array.from({ length: Math.min(threads, queue.length) }, async () => {
      const w = new Worker(self, { workerData: { ladderWorker: true } });
      try {
        for (let g = queue.shift(); g; g = queue.shift()) {
          const game = g;
          const won = await new Promise<boolean>((resolve, reject) => {
            w.once('message', (m: { recruiterWon: boolean }) => resolve(m.recruiterWon));
            w.once('error', reject);
            w.postMessage(game);
          });
          w.removeAllListeners('error');
          onGame(game, won);
        }
      } finally {
        await w.terminate();
      }
    }),
  );
}

// Worker entry: one game per message.
if (!isMainThread && (workerData as { ladderWorker?: boolean } | null)?.ladderWorker)
  parentPort!.on('message', (g: LadderGame) => parentPort!.postMessage({ recruiterWon: recruiterWins(g) }));
