// The analysis of an offline game (played in the browser, never on the server), in a Web Worker: the same
// pure module and the same per-game caps as the server's bot workers, so the same record and game
// id give the same analysis in the browser as on the server.
//
// Message in:  { gameId, record }      Message out: { analysis } | { error } (the error's class only)
import { analyseGame, ANALYSIS_LIMITS, type GameAnalysis } from '@mindmgmt/ai';
import type { GameRecord } from '@mindmgmt/engine';

export type AnalysisWorkerIn = { readonly gameId: string; readonly record: GameRecord };
export type AnalysisWorkerOut = { readonly analysis: GameAnalysis } | { readonly error: string };

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<AnalysisWorkerIn>) => void) | null;
  postMessage(message: AnalysisWorkerOut): void;
};

scope.onmessage = (e: MessageEvent<AnalysisWorkerIn>) => {
  try {
    const { gameId, record } = e.data;
    const analysis = analyseGame(record, {
      gameId,
      playouts: ANALYSIS_LIMITS.playouts,
      maxExpertDecisions: ANALYSIS_LIMITS.expertDecisions,
    });
    scope.postMessage({ analysis });
  } catch (err) {
    scope.postMessage({ error: err instanceof Error ? err.name : 'error' });
  }
};
