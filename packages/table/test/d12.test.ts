// D12 decided in one place: whatever the recruiter does in its unsettled turn, and whatever it
// takes back, every frame an agent seat or a spectator gets from the table host (its `events`
// frame, its `state` frame, its reconnect's catch-up) is the frame a host holding only the public
// log would have built. Random Full games with undos (fast-check, fixed seeds).
import fc from 'fast-check';
import { type GameState, publicSeq, publicState, RECRUITER_SEAT, type Viewer } from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import { catchUpFrame, eventsFrames, RecentPositions, stateFrame } from '../src/host/index.js';
import { playTable, viewersOf } from './random-games.js';

const ID = 't';
const DEADLINE = 5_000;

describe('D12 in the table host', () => {
  it('property: around every hidden recruiter action and undo, agents and spectators get the frames of the public log alone', () => {
    const counts = { hidden: 0, recruiterUndos: 0, settled: 0 };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 3 }), (seed, agentSeats) => {
        const others = viewersOf(agentSeats).filter((v): v is Viewer => v !== RECRUITER_SEAT);
        let game: GameState | null = null;
        // the host that sees only the public log: its game, and the positions it remembers
        let pub: GameState | null = null;
        let pubPositions: RecentPositions | null = null;
        let positions: RecentPositions | null = null;
        const seen: number[] = [];
        playTable({ mode: 'full', agentSeats, seed, undoRate: 0.35 }, (p, action) => {
          game ??= p.before;
          pub ??= publicState(p.before);
          pubPositions ??= new RecentPositions(pub);
          positions ??= new RecentPositions(p.before);
          const s = p.state;
          positions.note(s);
          if (s.result) return; // the end shows everyone everything
          const moved = publicSeq(s) !== publicSeq(pub);
          expect(p.shownToOthers).toBe(moved);
          if (action.seat === RECRUITER_SEAT && !moved) {
            if (action.type === 'undo') counts.recruiterUndos++;
            else counts.hidden++;
          }
          const before: GameState = pub;
          if (moved) {
            pub = publicState(s);
            pubPositions.note(pub);
            seen.push(publicSeq(pub));
            counts.settled++;
          }
          const fromPublic = moved
            ? eventsFrames(ID, before, pub, pub.history.slice(before.history.length), DEADLINE)
            : () => null;
          const frameOf = p.frames(DEADLINE);
          for (const v of others) {
            expect(frameOf(v)).toEqual(fromPublic(v));
            expect(stateFrame(ID, s, v, DEADLINE)).toEqual(stateFrame(ID, pub, v, DEADLINE));
            for (const q of seen.slice(-3))
              expect(catchUpFrame(ID, s, positions, v, q, DEADLINE)).toEqual(
                catchUpFrame(ID, pub, pubPositions, v, q, DEADLINE),
              );
          }
        });
      }),
      { numRuns: 4, seed: 12 },
    );
    // the games did exercise what is checked
    expect(counts.hidden).toBeGreaterThanOrEqual(40);
    expect(counts.recruiterUndos).toBeGreaterThanOrEqual(15);
    expect(counts.settled).toBeGreaterThanOrEqual(200);
  });
});
