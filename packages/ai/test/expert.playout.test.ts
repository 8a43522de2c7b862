// The expert's playout recruiter values an immortal move by the recruit it brings (playout.ts
// `recruitGain`): it must agree with the fast engine, Henry Lyme's Mental Block included (R19).
import {
  FAST_MAX_MOVES,
  FAST_W_NONE,
  FastCodes,
  fastApply,
  fastGenerate,
  fastNewGame,
  fastP1,
  fastP2,
  fastTypeOf,
  Sfc32,
} from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import { recruitGain } from '../src/bots/expert/playout.js';

const C = FastCodes;

function replay(seed: number, prefix: readonly number[]) {
  const s = fastNewGame({ mode: 'full', agentSeats: 1 }, seed);
  for (const c of prefix) fastApply(s, c);
  return s;
}

describe('expert playouts: immortal recruiting as the engine does it (R19)', () => {
  it('R19: recruitGain is 1 exactly when the engine recruits on that immortal move, Henry\u2019s block included', () => {
    const buf = new Int32Array(FAST_MAX_MOVES);
    let checked = 0;
    let gains = 0;
    let blockedByHenry = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const s = fastNewGame({ mode: 'full', agentSeats: 1 }, seed);
      const rng = new Sfc32(seed);
      const prefix: number[] = [];
      while (s.winner === FAST_W_NONE && prefix.length < 400) {
        const n = fastGenerate(s, buf);
        if (n === 0) break;
        if (s.phase === C.PH_RECRUITER)
          for (let i = 0; i < n; i++) {
            const code = buf[i]!;
            if (fastTypeOf(code) !== C.A_MOVE_IMMORTAL) continue;
            const after = replay(seed, prefix);
            const gain = recruitGain(after, fastP1(code), fastP2(code));
            const before = after.immRecLen;
            fastApply(after, code);
            expect(gain, `seed ${seed} move ${prefix.length}`).toBe(after.immRecLen > before ? 1 : 0);
            checked++;
            gains += gain;
            // the same move with Henry lifted off the board: a recruit he blocked
            const free = replay(seed, prefix);
            free.agents[C.HENRY] = -1;
            if (recruitGain(free, fastP1(code), fastP2(code)) > gain) blockedByHenry++;
          }
        const code = buf[Math.floor(rng.next() * n)]!;
        prefix.push(code);
        fastApply(s, code);
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(gains).toBeGreaterThan(10);
    expect(blockedByHenry).toBeGreaterThan(0);
  });
});
