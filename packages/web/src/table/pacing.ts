// Client-side pacing of what others do: bots answer within a fraction of a
// second, so their frames are shown one by one, `gap` ms apart, for a person to follow. The
// answer to this seat's own action and every full `state` frame are shown at once.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Shown } from '@mindmgmt/table';

/** What one `state` or `events` frame showed (the table reducer's `Shown`). */
type Frame = Shown;

export type Pace = 'normal' | 'fast' | 'instant';
export const PACES: readonly Pace[] = ['normal', 'fast', 'instant'];
export const PACE_GAP_MS: Record<Pace, number> = { normal: 900, fast: 300, instant: 0 };
const KEY = 'mm.pace';

export function readPace(): Pace {
  try {
    const v = localStorage.getItem(KEY);
    if (v === 'normal' || v === 'fast' || v === 'instant') return v;
  } catch {
    /* storage unavailable */
  }
  return 'normal';
}

const expectsMe = (f: Frame) => typeof f.seat === 'number' && f.view.expected.includes(f.seat);

export function usePacer() {
  const [shown, setShown] = useState<Frame | null>(null);
  const [pending, setPending] = useState(0);
  const [pace, setPaceState] = useState<Pace>(readPace);
  const paceRef = useRef(pace);
  paceRef.current = pace;
  const queue = useRef<Frame[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastShown = useRef(0);
  const lastReceived = useRef<Frame | null>(null);

  const show = (f: Frame) => {
    setShown(f);
    lastShown.current = Date.now();
  };
  const pump = useCallback(() => {
    timer.current = null;
    const f = queue.current.shift();
    setPending(queue.current.length);
    if (!f) return;
    show(f);
    if (queue.current.length) timer.current = setTimeout(pump, PACE_GAP_MS[paceRef.current]);
  }, []);
  const flush = useCallback((f?: Frame) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const last = f ?? queue.current[queue.current.length - 1];
    queue.current = [];
    setPending(0);
    if (last) show(last);
  }, []);

  const push = useCallback(
    (f: Frame) => {
      const prev = lastReceived.current;
      lastReceived.current = f;
      const gap = PACE_GAP_MS[paceRef.current];
      // my own action's answer (the game waited on me), a fresh state, or no pacing: at once
      if (f.kind === 'state' || gap === 0 || (prev && expectsMe(prev))) return flush(f);
      queue.current.push(f);
      setPending(queue.current.length);
      if (!timer.current) timer.current = setTimeout(pump, Math.max(0, lastShown.current + gap - Date.now()));
    },
    [flush, pump],
  );

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const setPace = useCallback(
    (p: Pace) => {
      try {
        localStorage.setItem(KEY, p);
      } catch {
        /* storage unavailable */
      }
      setPaceState(p);
      paceRef.current = p;
      if (p === 'instant') flush();
    },
    [flush],
  );
  return { shown, pending, push, pace, setPace };
}
