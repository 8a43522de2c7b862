// The expert's determinisation (bots/expert/world.ts): a view plus the TRUE hidden world must give
// exactly the fast state of the real game (projected as the fast-agreement test does), at every
// decision point of random Full and Training games, and playing on from it must agree with the
// readable engine.
import {
  type Action,
  apply,
  expectedSeats,
  fastApply,
  fastFromAction,
  type GameState,
  legalActions,
  newGame,
  projectFast,
  projectReadable,
  RECRUITER_CARDS,
  rngFrom,
  view,
} from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import { type HiddenWorld, newFastState, PublicFrame } from '../src/bots/expert/world.js';

function trueWorld(s: GameState): HiddenWorld {
  return {
    card: s.recruiterCard === null ? 0 : RECRUITER_CARDS.indexOf(s.recruiterCard),
    cards: s.cards,
    exposedAt: s.exposedAt,
    path: s.path,
    secondMindSlipHeld: s.secondMindSlipHeld,
    deck: s.deck,
  };
}

describe('expert world: view + hidden world -> fast state', () => {
  it('equals the real state at every decision of random games (both modes, 1-4 agent seats)', () => {
    const fast = newFastState();
    let checked = 0;
    for (let g = 0; g < 24; g++) {
      const mode = g % 3 === 0 ? 'training' : 'full';
      let s = newGame({ mode, agentSeats: 1 + (g % 4), recruiterCard: g % 2 ? 'choose' : 'random' }, 1000 + g);
      const rng = rngFrom(77 + g);
      while (!s.result) {
        const seat = expectedSeats(s).find((x) => legalActions(s, x).length > 0)!;
        const legal = legalActions(s, seat);
        if (s.phase !== 'mayhem' && s.phase !== 'recruiterCard' && s.phase !== 'start') {
          const frame = new PublicFrame(view(s, seat));
          expect(projectFast(frame.fill(fast, trueWorld(s)))).toEqual(projectReadable(s));
          // playing on from the converted state agrees with the readable engine
          const a: Action = legal[Math.floor(rng() * legal.length)]!;
          const r = apply(s, a);
          if (!r.ok) throw new Error(r.message);
          fastApply(fast, fastFromAction(a));
          expect(projectFast(fast)).toEqual(projectReadable(r.state));
          s = r.state;
          checked++;
        } else {
          const r = apply(s, legal[Math.floor(rng() * legal.length)]!);
          if (!r.ok) throw new Error(r.message);
          s = r.state;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
