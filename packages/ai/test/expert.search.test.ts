// The expert's search (bots/expert/search.ts) and its playout agents' public knowledge
// (bots/expert/playout.ts): what the agents learn from asks (R22, R29) is sound (the recruiter's
// true location is never ruled out) and is used; the confirmation's paired test neither follows
// noise nor ignores a clear difference.
import {
  FAST_MAX_MOVES,
  FAST_W_NONE,
  fastApply,
  FastCodes,
  fastGenerate,
  fastNewGame,
  fastP1,
  fastP2,
  fastTypeOf,
  LOCATION_COUNT,
  Sfc32,
} from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import { Playout, PLAYOUT } from '../src/bots/expert/playout.js';
import { challenger, pairedBeats } from '../src/bots/expert/search.js';
import { locFeatureBits } from '../src/bots/expert/world.js';
import { geoFor } from '../src/bots/yardstick/geo.js';

const C = FastCodes;

describe('expert playout agents: what asks tell them (R22, R29)', () => {
  it('a "cannot place" answer and the Dolphin rule out every unmarked location with the feature, never the true one', () => {
    const moves = new Int32Array(FAST_MAX_MOVES);
    const rng = new Sfc32(99);
    let cannotPlace = 0;
    let dolphins = 0;
    let facts = 0;
    for (let g = 0; g < 60; g++) {
      const s = fastNewGame({ mode: 'full', agentSeats: 1 }, 7000 + g);
      let p: Playout | null = null;
      while (s.winner === FAST_W_NONE) {
        const n = fastGenerate(s, moves);
        if (n === 0) break;
        // random play, but the agents prefer asking (the facts under test) and never capture
        let code = moves[Math.floor(rng.next() * n)]!;
        if (s.phase === C.PH_AGENTS_TURN) {
          const asks: number[] = [];
          for (let i = 0; i < n; i++) if (fastTypeOf(moves[i]!) === C.A_ASK) asks.push(moves[i]!);
          if (asks.length && rng.next() < 0.7) code = asks[Math.floor(rng.next() * asks.length)]!;
          else if (fastTypeOf(code) === C.A_CAPTURE) code = moves[0]!;
        }
        if (s.phase < C.PH_RECRUITER) {
          fastApply(s, code); // setup: the playouts start after it
          continue;
        }
        if (!p) {
          // the main game has started: the agents' knowledge starts from "anywhere" (the geometry
          // without mayhem allows more steps than the game: still sound)
          p = new Playout(geoFor([]));
          p.reset(new Uint8Array(LOCATION_COUNT).fill(1));
        }
        const type = fastTypeOf(code);
        const feature =
          type === C.A_ANSWER && fastP1(code) === C.NONE
            ? s.askFeature
            : type === C.A_ASK && fastP2(code) === 1
              ? fastP1(code)
              : -1;
        p.play(s, code);
        if (s.winner !== FAST_W_NONE) break;
        const truth = s.path[s.pathLen - 1]!;
        expect(p.possible[truth], `game ${g}: the true location was ruled out`).toBe(1);
        facts++;
        if (feature < 0) continue;
        if (type === C.A_ANSWER) cannotPlace++;
        else dolphins++;
        for (let l = 0; l < LOCATION_COUNT; l++)
          if (locFeatureBits(l) & (1 << feature) && s.tokTime[l]! < 0 && s.confTime[l] === 0)
            expect(p.possible[l], `game ${g}: unmarked location ${l} with feature ${feature}`).toBe(0);
      }
    }
    expect(facts).toBeGreaterThan(1000);
    expect(cannotPlace).toBeGreaterThan(5);
    expect(dolphins).toBeGreaterThan(5);
  });
});

describe('expert search: the confirmation (paired playouts)', () => {
  it('needs 16 pairs before it leaves the prior', () => {
    expect(pairedBeats(15, 15, 15, 2)).toBe(false);
    expect(pairedBeats(16, 16, 16, 2)).toBe(true);
  });

  it('follows a clear difference and not noise', () => {
    // 100 pairs: challenger better in 30, worse in 10, equal in 60 -> mean 0.2, se ~0.05
    expect(pairedBeats(100, 20, 40, 2)).toBe(true);
    // better in 25, worse in 20: mean 0.05, se ~0.067
    expect(pairedBeats(100, 5, 45, 2)).toBe(false);
    // never for a worse or equal challenger
    expect(pairedBeats(100, 0, 0, 2)).toBe(false);
    expect(pairedBeats(100, -10, 10, 0)).toBe(false);
  });

  it("the challenger is the screen's most visited move other than the prior, with at least 4 visits", () => {
    const arms = [
      { code: 1, visits: 50, wins: 10 },
      { code: 2, visits: 20, wins: 15 },
      { code: 3, visits: 20, wins: 16 },
      { code: 4, visits: 3, wins: 3 },
    ];
    expect(challenger(arms, 0)).toBe(2);
    expect(challenger(arms, 2)).toBe(0);
    expect(challenger([arms[0]!, arms[3]!], 0)).toBe(-1);
  });
});

describe('expert playout agents: the recruiter hiding under an immortal (R24, R25)', () => {
  it('an agent on an immortal where the belief is shakes it down and pushes the immortal off', () => {
    const moves = new Int32Array(FAST_MAX_MOVES);
    const rng = new Sfc32(5);
    const epsilon = PLAYOUT.epsilon;
    PLAYOUT.epsilon = 0; // the policy's own choice, no random move
    let checked = 0;
    let pushed = 0;
    try {
      for (let g = 0; g < 40 && checked < 5; g++) {
        const s = fastNewGame({ mode: 'full', agentSeats: 1 }, 8000 + g);
        while (s.winner === FAST_W_NONE && checked < 5) {
          const n = fastGenerate(s, moves);
          if (n === 0) break;
          const here = s.actAgent >= 0 ? s.agents[s.actAgent]! : -1;
          let shakedown = false;
          for (let i = 0; i < n; i++) if (fastTypeOf(moves[i]!) === C.A_SHAKEDOWN) shakedown = true;
          if (s.phase === C.PH_AGENTS_TURN && shakedown && s.immAt[here]) {
            // the agents believe the recruiter is on this immortal's location, and nowhere else
            const p = new Playout(geoFor([]));
            const root = new Uint8Array(LOCATION_COUNT);
            root[here] = 1;
            p.reset(root);
            const code = p.policy(s);
            expect(fastTypeOf(code)).toBe(C.A_SHAKEDOWN);
            p.play(s, code);
            if (s.pushFrom === here) {
              const push = p.policy(s);
              expect(fastTypeOf(push)).toBe(C.A_PUSH);
              pushed++;
            }
            checked++;
            break;
          }
          let code = moves[Math.floor(rng.next() * n)]!;
          if (fastTypeOf(code) === C.A_CAPTURE) code = moves[0]!;
          fastApply(s, code);
        }
      }
    } finally {
      PLAYOUT.epsilon = epsilon;
    }
    expect(checked).toBe(5);
    expect(pushed).toBeGreaterThan(0);
  });
});
