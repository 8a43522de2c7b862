// Whether the server can be reached: the app may open from the service worker's
// cached shell with the server down. A request that cannot reach the server (fetch rejects) or
// the browser going offline marks it unreachable; from then on /api/health is asked again, less
// and less often, until it answers, and the page's content is made again.
import { useEffect, useState } from 'react';

/** Waits between health probes while unreachable: quick at first, then at most every 15 s. */
const PROBE_MS = [1000, 2000, 4000, 8000, 15000];

let unreachable = false;
let generation = 0;
let probing = false;
/** Screens that must not ask the server anything (an offline game) hold the probes. */
let held = 0;
const listeners = new Set<() => void>();

function notify(): void {
  for (const f of listeners) f();
}

async function answers(): Promise<boolean> {
  try {
    const res = await fetch('/api/health', { cache: 'no-store' });
    return res.ok;
  } catch {
    return false;
  }
}

async function probeUntilBack(): Promise<void> {
  if (probing) return;
  probing = true;
  try {
    for (let i = 0; ; i++) {
      await new Promise((r) => setTimeout(r, PROBE_MS[Math.min(i, PROBE_MS.length - 1)]));
      if (held > 0) {
        i = 0;
        continue;
      }
      if (await answers()) break;
    }
    unreachable = false;
    generation++;
    notify();
  } finally {
    probing = false;
  }
}

/** A request could not reach the server (or the browser says it is offline). */
export function markUnreachable(): void {
  if (!unreachable) {
    unreachable = true;
    notify();
  }
  void probeUntilBack();
}

if (typeof window !== 'undefined') window.addEventListener('offline', markUnreachable);

/** No health probe while held (an offline game on screen: it makes no request at all); returns
 * the release. */
export function holdProbes(): () => void {
  held++;
  let done = false;
  return () => {
    if (!done) held--;
    done = true;
  };
}

/** `offline` while the server cannot be reached; `generation` grows each time it comes back. */
export function useReach(): { offline: boolean; generation: number } {
  const [, setTick] = useState(0);
  useEffect(() => {
    const f = () => setTick((n) => n + 1);
    listeners.add(f);
    return () => void listeners.delete(f);
  }, []);
  return { offline: unreachable, generation };
}
