// Runs the exact deduction (@mindmgmt/ai) off the page's main thread, one incremental
// Deduction per game. It only ever receives the public part of a view (see deduction.ts).
import { Deduction } from '@mindmgmt/ai';
import type { View } from '@mindmgmt/engine';

interface Request {
  readonly id: number;
  readonly gameId: string;
  readonly view: View;
}

const games = new Map<string, Deduction>();
// A dedicated worker's global scope; typed by hand so the page's DOM types can stay in tsconfig.
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<Request>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = (e: MessageEvent<Request>) => {
  const { id, gameId, view } = e.data;
  let d = games.get(gameId);
  if (!d) {
    d = new Deduction();
    games.set(gameId, d);
  }
  try {
    const b = d.update(view);
    scope.postMessage({
      id,
      belief: {
        weights: [...b.weights],
        possible: [...b.possible],
        candidates: b.candidates,
        histories: b.histories,
        cardShares: { ...b.cardShares },
      },
    });
  } catch (err) {
    games.delete(gameId);
    scope.postMessage({ id, belief: null, error: err instanceof Error ? err.message : String(err) });
  }
};
