// The compact input enters every legal action of the agent seat by its taps, one or
// two for a move, an activation, an Ask, and no tap sequence is ambiguous or cut short by another.
import { describe, expect, it } from 'vitest';
import {
  apply,
  expectedSeats,
  legalActions,
  newGame,
  rngFrom,
  type Action,
  type GameState,
  type Mode,
} from '@mindmgmt/engine';
import { entriesOf, next } from '../src/companion/entry.js';

const same = (a: Action, b: Action) => JSON.stringify(a) === JSON.stringify(b);

/** Random games; `check` sees every decision point of the agent seat. */
function walk(mode: Mode, seed: number, check: (s: GameState, legal: Action[]) => void): void {
  const rng = rngFrom(seed);
  let s = newGame({ mode, agentSeats: 1, recruiterCard: 'random' }, seed);
  for (let n = 0; !s.result && n < 3000; n++) {
    const seat = expectedSeats(s)[0]!;
    const legal = legalActions(s, seat).filter((a) => a.type !== 'resign' && a.type !== 'note');
    if (seat !== 0) check(s, legal);
    const types = [...new Set(legal.map((a) => a.type))].filter((t) => t !== 'undo');
    const type = types[Math.floor(rng() * types.length)]!;
    const ofType = legal.filter((a) => a.type === type);
    const r = apply(s, ofType[Math.floor(rng() * ofType.length)]!);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
}

describe('companion compact input', () => {
  it('every legal agent action is entered by its taps, unambiguously, and moves, activations and Asks take one or two', () => {
    let points = 0;
    for (const [mode, seeds] of [
      ['training', 3],
      ['full', 5],
    ] as const)
      for (let seed = 1; seed <= seeds; seed++)
        walk(mode, seed * 104729, (_s, legal) => {
          points++;
          const entries = entriesOf(legal);
          for (const a of legal) {
            const mine = entries.filter((e) => same(e.action, a));
            expect(mine.length, JSON.stringify(a)).toBeGreaterThan(0);
            for (const e of mine) {
              // tapping the sequence offers each tap in turn and ends on this action
              for (let i = 0; i < e.seq.length; i++) {
                const step = next(entries, e.seq.slice(0, i));
                expect(step.done, `${e.seq.slice(0, i).join(' ')} is cut short`).toBeNull();
                expect(step.taps).toContain(e.seq[i]);
              }
              const end = next(entries, e.seq);
              expect(end.done && same(end.done, a)).toBe(true);
              expect(end.taps.size).toBe(0);
              const most = a.type === 'placeMayhem' || a.type === 'nudge' ? 3 : 2;
              expect(e.seq.length).toBeLessThanOrEqual(most);
              if (a.type === 'activate' || (a.type === 'move' && !legal.some((x) => x.type === 'nudge')))
                expect(e.seq.length).toBe(1);
              if (a.type === 'ask') expect(e.seq.length).toBe(2);
            }
          }
        });
    expect(points).toBeGreaterThan(200);
  });
});
