// Cheap check that a view continues the game a Deduction was fed (a Deduction fed game A
// and then a longer game B would keep A's facts and give a wrong belief). Comparing every processed
// entry would cost O(log) per update, more than a cached update itself; instead the entries at 16
// spread positions of the processed prefix are compared, always including the first ones (Mayhem
// placement and the start) and the last one. Two different games agreeing on all of them is not
// expected in practice; a bot session (one game, one seat) is what guarantees it in the server.
import type { PublicEvent } from '@mindmgmt/engine';

const PROBES = 16;

type Log = readonly { readonly pub: PublicEvent }[];

/** A fingerprint of `log[0..count)`; equal for the same game whatever entries follow. */
export function gameProbe(log: Log, count: number): string {
  if (count <= 0) return '';
  const at = new Set<number>();
  for (let k = 0; k < PROBES; k++) at.add(Math.floor((k * (count - 1)) / (PROBES - 1)));
  for (let i = 0; i < Math.min(4, count); i++) at.add(i);
  let s = `${count}`;
  for (const i of [...at].sort((a, b) => a - b)) s += `|${JSON.stringify(log[i]?.pub ?? null)}`;
  return s;
}
