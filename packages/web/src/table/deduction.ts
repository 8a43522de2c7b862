// The deduction overlay's data: what the public facts prove about where the recruiter can be.
// Computed by the exact deduction engine in a Web Worker, from the PUBLIC part of the view only
// (log `pub` entries and board state; the recruiter's own secrets are stripped first), so the
// recruiter's exposure meter shows exactly what the agents can know.
//  - agent seats (when the table's deduction option is on): a heatmap and card shares;
//  - the recruiter seat: an exposure meter.
// What each seat is shown is decided once, by `assistantShows`, from the table's assistant option.
import type { FeatureId, View } from '@mindmgmt/engine';
import { useEffect, useState } from 'react';
import type { AssistantMode } from './assistant.js';

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

/** What the deduction assistant shows one seat: the table's option bounds it for
 * every seat, the recruiter's exposure meter and tint included, since the host who turned the
 * assistant off chose a table without it; `shown` is the seat's own "show the assistant" tick. */
export interface AssistantShows {
  /** Whether the belief is computed at all (nothing is drawn without it). */
  readonly belief: boolean;
  /** The agents' heatmap on the board, or the recruiter's tint of its secret map. */
  readonly heat: boolean;
  /** "The recruiter can be on N locations" (agents). */
  readonly count: boolean;
  /** The share of candidate locations per feature card (agents). */
  readonly odds: boolean;
  /** The recruiter's exposure meter. */
  readonly meter: boolean;
  /** The agents' assistant panel with its tick. */
  readonly panel: boolean;
}

export function assistantShows(
  mode: AssistantMode,
  role: 'recruiter' | 'agents' | 'spectator',
  shown: boolean,
): AssistantShows {
  const none = { belief: false, heat: false, count: false, odds: false, meter: false, panel: false };
  if (mode === 'off' || role === 'spectator') return none;
  if (role === 'recruiter') return { ...none, belief: true, meter: true, heat: shown };
  return {
    belief: shown,
    heat: shown && mode === 'full',
    count: shown,
    odds: shown && mode === 'full',
    meter: false,
    panel: true,
  };
}
