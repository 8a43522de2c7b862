// Who this profile blocked: their chat is hidden here. Every device of the profile reads the same
// list from the server; a screen that shows chat or a profile listens for changes.
import { useEffect, useState } from 'react';
import { call } from '../net/http.js';
import { playerSession } from '../net/session.js';

export interface Blocked {
  playerId: string;
  name: string | null;
  at: number;
}

let blocked: Set<string> = new Set();
let loaded: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** The block list from the server (every device of the profile reads the same one). */
export function setBlocks(list: readonly Blocked[]): void {
  blocked = new Set(list.map((b) => b.playerId));
  for (const f of listeners) f();
}

function loadBlocks(): Promise<void> {
  if (!playerSession()) return Promise.resolve();
  loaded ??= call<{ blocks: Blocked[] }>('GET', '/api/me/blocks').then(
    (r) => setBlocks(r.blocks),
    () => {
      loaded = null;
    },
  );
  return loaded;
}

export function useBlocked(): ReadonlySet<string> {
  const [, tick] = useState(0);
  useEffect(() => {
    const f = () => tick((n) => n + 1);
    listeners.add(f);
    void loadBlocks();
    return () => void listeners.delete(f);
  }, []);
  return blocked;
}
