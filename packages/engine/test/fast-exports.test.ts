// The lead re-exports the fast path from the engine's index.ts (`export * from './fast/index.js'`):
// none of its names may clash with the readable API, or `export *` would silently drop them.
import { describe, expect, it } from 'vitest';
import * as readable from '../src/index.js';
import * as fast from '../src/fast/index.js';

describe('fast path exports', () => {
  it('share no name with the readable API', () => {
    const clash = Object.keys(fast).filter(
      (k) => k in readable && (readable as Record<string, unknown>)[k] !== (fast as Record<string, unknown>)[k],
    );
    expect(clash).toEqual([]);
  });

  it('include what the benchmark needs', () => {
    for (const k of ['FastPlayer', 'fastRandomGame', 'readablePlayout', 'sideActions', 'Sfc32'])
      expect(fast).toHaveProperty(k);
  });
});

describe('fastIsLegal', () => {
  it('accepts every generated action and rejects others', () => {
    const { fastNewGame, fastGenerate, fastApply, fastIsLegal, fastEncode, FastCodes, FAST_MAX_MOVES, Sfc32 } = fast;
    const s = fastNewGame({ mode: 'full', agentSeats: 2, recruiterCard: 'choose' }, 3);
    const moves = new Int32Array(FAST_MAX_MOVES);
    const buf = new Int32Array(FAST_MAX_MOVES);
    const rng = new Sfc32(4);
    for (let n = fastGenerate(s, moves); n > 0; n = fastGenerate(s, moves)) {
      for (let i = 0; i < n; i++) expect(fastIsLegal(s, moves[i]!, buf)).toBe(true);
      expect(fastIsLegal(s, fastEncode(FastCodes.A_PLACE_SLIP, 14, 0, 0), buf)).toBe(false); // R9: never on a temple
      fastApply(s, moves[Math.floor(rng.next() * n)]!);
    }
    expect(s.winner).not.toBe(-1);
  });
});
