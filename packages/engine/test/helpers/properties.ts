// Property tests over random legal games (the suites of properties-full/-training.test.ts): invariants after every action, secrecy
// of views and events, record round trips, and soundness of legalActions. Games are drawn with
// fast-check from fixed seeds (deterministic in CI); MINDMGMT_PROPERTY_GAMES scales the count.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { exportRecord, type GameRecord, type Mode, replay } from '../../src/index.js';
import {
  checkContentSecrecy,
  checkInvariants,
  checkLegalActionsAccepted,
  checkMutationSecrecy,
  checkSharedViews,
  checkStructuralSecrecy,
} from './invariants.js';
import { playRandom } from './random.js';

const GAMES_PER_MODE = Number(process.env.MINDMGMT_PROPERTY_GAMES ?? 1000);
const CHUNKS = 10;
const PER_CHUNK = Math.max(1, Math.round(GAMES_PER_MODE / CHUNKS));
const arbGame = fc.tuple(fc.integer({ min: 0, max: 0x7fffffff }), fc.integer({ min: 1, max: 4 }));

function roundTrip(record: GameRecord): GameRecord {
  return JSON.parse(JSON.stringify(record)) as GameRecord;
}

export function propertySuite(mode: Mode, part: 'all' | 'a' | 'b' = 'all'): void {
  const chunks = Array.from({ length: CHUNKS }, (_, i) => i).filter(
    (i) => part === 'all' || (part === 'a') === i < CHUNKS / 2,
  );
  describe(`random ${mode} games${part === 'all' ? '' : ` (part ${part})`}`, () => {
    const reasons: Record<string, number> = {};
    let actions = 0;

    test.each(chunks)(
      `R10 R11 R13 R15 R16 R22 R33 invariants after every action; events and views keep the secrets; replay(exportRecord) is identical (chunk %i of ${PER_CHUNK} games)`,
      (chunk) => {
        fc.assert(
          fc.property(arbGame, ([seed, agentSeats]) => {
            const g = playRandom({
              mode,
              agentSeats,
              seed,
              noteRate: 0.03,
              onStep: (s, _a, events) => {
                checkInvariants(s);
                checkStructuralSecrecy(s, events, 10, false);
              },
            });
            actions += g.actions.length;
            reasons[g.state.result!.reason] = (reasons[g.state.result!.reason] ?? 0) + 1;
            const r = replay(roundTrip(exportRecord(g.state, g.actions, g.notes)));
            if (!r.ok) throw new Error(`replay failed at ${r.index}: ${r.code} ${r.message}`);
            expect(r.actions).toBe(g.actions.length);
            expect(r.notes).toEqual(g.notes);
            expect(JSON.stringify(r.state)).toBe(JSON.stringify(g.state));
          }),
          { numRuns: PER_CHUNK, seed: 7000 + chunk + (mode === 'full' ? 0 : 100) },
        );
      },
    );

    test('the random games end in several ways and are long enough to mean something', () => {
      expect(Object.keys(reasons).sort()).toEqual(expect.arrayContaining(['boxedIn', 'capture', 'time']));
      expect(actions).toBeGreaterThan(chunks.length * PER_CHUNK * 30);
    });

    if (part !== 'b')
      test("R16 R18 R31 secrecy: agents' and spectators' views name no hidden card and do not change with the hidden facts; the shared views (viewsOf) equal each viewer's own", () => {
        fc.assert(
          fc.property(arbGame, ([seed, agentSeats]) => {
            playRandom({
              mode,
              agentSeats,
              seed,
              noteRate: 0.03,
              onStep: (s, _a, events) => {
                checkStructuralSecrecy(s, events, 1, true);
                checkContentSecrecy(s);
                checkMutationSecrecy(s);
                checkSharedViews(s);
              },
            });
          }),
          { numRuns: Math.max(10, Math.floor(GAMES_PER_MODE / 20)), seed: 8000 },
        );
      });

    if (part !== 'a')
      test('R20 every action legalActions lists for an expected seat is accepted by apply', () => {
        let checked = 0;
        fc.assert(
          fc.property(arbGame, ([seed, agentSeats]) => {
            playRandom({
              mode,
              agentSeats,
              seed,
              onStep: (s) => {
                if (s.phase !== 'mayhem' && s.phase !== 'agents') checked += checkLegalActionsAccepted(s);
              },
            });
          }),
          { numRuns: Math.max(10, Math.floor(GAMES_PER_MODE / 40)), seed: 9000 },
        );
        expect(checked).toBeGreaterThan(1000);
      });
  });
}
