// The deduction overlay's data: what the public facts prove about where the recruiter can be.
// Computed by the exact deduction engine in a Web Worker, from the PUBLIC part of the view only
// (log `pub` entries and board state; the recruiter's own secrets are stripped first), so the
// recruiter's exposure meter shows exactly what the agents can know.
//  - agent seats (when the table's deduction option is on): a heatmap and card shares;
//  - the recruiter seat: an exposure meter.
import type { FeatureId, View } from '@mindmgmt/engine';
import { useEffect, useState } from 'react';

export interface Belief {
  readonly weights: readonly number[];
  readonly possible: readonly boolean[];
  /** Number of locations where the recruiter can be now. */
  readonly candidates: number;
  readonly cardShares: Readonly<Partial<Record<FeatureId, number>>>;
}

type Provider = (view: View) => Belief | null;

declare global {
  interface Window {
    /** Test/debug hook: a provider set from outside the bundle replaces the worker. */
    mindmgmtBelief?: Provider;
  }
}

/** The view as an agent would see it: no recruiter secrets, log entries without `secret`. */
export function publicPart(v: View): View {
  return { ...v, recruiter: null, log: v.log.map((e) => ({ pub: e.pub })) };
}

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, (b: Belief | null) => void>();

function deduceInWorker(gameId: string, view: View): Promise<Belief | null> {
  if (!worker) {
    worker = new Worker(new URL('./deduction-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<{ id: number; belief: Belief | null }>) => {
      waiting.get(e.data.id)?.(e.data.belief);
      waiting.delete(e.data.id);
    };
  }
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    worker!.postMessage({ id, gameId, view: publicPart(view) });
  });
}

/** The belief for this view, or null while it is computed or when the overlay is off. */
export function useBelief(
  gameId: string,
  view: View | null,
  enabled: boolean,
  override?: Belief | null,
): Belief | null {
  const [belief, setBelief] = useState<Belief | null>(null);
  const seq = view?.seq ?? -1;
  useEffect(() => {
    if (override !== undefined || !enabled || !view) {
      setBelief(null);
      return;
    }
    const external = typeof window !== 'undefined' ? window.mindmgmtBelief : undefined;
    if (external) {
      setBelief(external(publicPart(view)));
      return;
    }
    let live = true;
    void deduceInWorker(gameId, view).then((b) => {
      if (live) setBelief(b);
    });
    return () => {
      live = false;
    };
    // the view changes exactly when its seq does
  }, [gameId, seq, enabled, override]);
  return override !== undefined ? override : belief;
}
