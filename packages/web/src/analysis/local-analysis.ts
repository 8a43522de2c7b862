// An offline game's analysis computed in the browser (analysis-worker.ts), once per game and page:
// offline games never reach the server, so the page keeps what it computed.
import type { GameAnalysis } from '@mindmgmt/ai';
import type { GameRecord } from '@mindmgmt/engine';
import type { AnalysisWorkerIn, AnalysisWorkerOut } from './analysis-worker.js';

const done = new Map<string, Promise<GameAnalysis>>();

export function analyseLocally(gameId: string, record: GameRecord): Promise<GameAnalysis> {
  let p = done.get(gameId);
  if (!p) {
    p = new Promise<GameAnalysis>((resolve, reject) => {
      const w = new Worker(new URL('./analysis-worker.ts', import.meta.url), { type: 'module' });
      w.onmessage = (e: MessageEvent<AnalysisWorkerOut>) => {
        w.terminate();
        if ('analysis' in e.data) resolve(e.data.analysis);
        else reject(new Error(e.data.error));
      };
      w.onerror = () => {
        w.terminate();
        reject(new Error('worker'));
      };
      w.postMessage({ gameId, record } satisfies AnalysisWorkerIn);
    });
    p.catch(() => done.delete(gameId));
    done.set(gameId, p);
  }
  return p;
}
