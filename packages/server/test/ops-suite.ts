// Shared by ops.test.ts (SQLite) and pg-ops.test.ts (PostgreSQL): one move by a human seat, and
// the shutdown drill (a shutdown that starts while a move is being committed).
import { expect } from 'vitest';
import type { GameStore } from '../src/store/types.js';
import { openTable, testServer, type Client, type Table } from './helpers.js';

/** The seat the game waits on, its client, and a legal action of it (not undo). */
export function mover(t: Table): { cl: Client; action: Record<string, unknown> } {
  for (const cl of t.clients) {
    const legal = cl.legal.filter((a: { type: string }) => a.type !== 'undo');
    if (cl.view?.expected.includes(cl.seat) && legal.length) {
      const { seat: _seat, ...action } = legal[0];
      return { cl, action };
    }
  }
  throw new Error('nobody to move');
}

/** One move by a human seat; resolves with its acknowledgement. */
export async function move(t: Table): Promise<any> {
  const { cl, action } = mover(t);
  const seq = cl.view.seq;
  const ack = await cl.request({ t: 'act', gameId: t.gameId, seq, action, id: `m${seq}` }, (m) => m.id === `m${seq}`);
  expect(ack.t).toBe('events');
  return ack;
}

/**
 * The shutdown starts while a move is being committed: its player still gets the acknowledgement,
 * every client sees close code 1012, and the move is in the store when it is opened again.
 */
export async function shutdownDrill(store: GameStore, reopen: () => Promise<GameStore> | GameStore): Promise<void> {
  const srv = await testServer(store);
  const t = await openTable(srv.url, { mode: 'training', players: 2 });
  await move(t);
  let stopping: Promise<void> | null = null;
  const append = store.appendAction.bind(store);
  store.appendAction = (a) => {
    stopping ??= srv.close();
    return append(a);
  };
  const all = [...t.clients, t.spectator];
  const codes = all.map((cl) => new Promise<number>((r) => cl.ws.once('close', (code: number) => r(code))));
  const ack = await move(t);
  expect(await Promise.all(codes)).toEqual(all.map(() => 1012));
  await stopping;
  const again = await reopen();
  try {
    const row = await again.getGame(t.gameId);
    expect(row!.seq).toBe(ack.seq);
    expect((await again.allActions(t.gameId)).length).toBe(ack.seq);
  } finally {
    await again.close();
  }
}
