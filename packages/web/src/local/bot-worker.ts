// The offline game's bots: the live bots players get on the server, in a Web
// Worker. The sessions (one per game and seat) and the decision itself are the ai package's
// `BotSessions`, the code the server's bot workers run (packages/server/worker/bot-worker.mjs),
// so a decision is the same in the browser for the same view, legal actions, seed and budget.
// The page (bots.ts) enforces the time limit, as the server's pool does.
//
// Messages in:  { type: 'decide', id, gameId, seat, level, view, legal, seed, budgetMs }
//               { type: 'forget', gameId }
// Messages out: { type: 'best', id, action } | { type: 'done', id, action, source, cutoff, runMs }
import { BotSessions, makeBot, type DecideRequest, type PlayerLevel } from '@mindmgmt/ai';
import type { Action } from '@mindmgmt/engine';

export type BotWorkerIn =
  ({ type: 'decide'; id: number } & DecideRequest<PlayerLevel>) | { type: 'forget'; gameId: string };
export type BotWorkerOut =
  | { type: 'best'; id: number; action: Action }
  | {
      type: 'done';
      id: number;
      action: Action | null;
      source: 'ai' | 'quick';
      cutoff: boolean;
      runMs: number;
    };

const sessions = new BotSessions<PlayerLevel>((level, side) => makeBot(level, side));
// A dedicated worker's global scope; typed by hand so the page's DOM types can stay in tsconfig.
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<BotWorkerIn>) => void) | null;
  postMessage(message: BotWorkerOut): void;
};

scope.onmessage = (e: MessageEvent<BotWorkerIn>) => {
  const m = e.data;
  if (m.type === 'forget') return sessions.forget(m.gameId);
  const { id } = m;
  const out = sessions.decide(m, (action) => scope.postMessage({ type: 'best', id, action }));
  scope.postMessage({ type: 'done', id, action: out.action, source: out.source, cutoff: out.cutoff, runMs: out.runMs });
};
