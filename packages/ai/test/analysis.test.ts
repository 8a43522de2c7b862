// The analysis of a finished game on recorded games with known counts: the exact
// deduction's possible locations per activation, recruiter turn and half-turn, the moments, the
// expert's line within its cap, determinism from the game id, and no analysis before the end.
import { readFileSync } from 'node:fs';
import type { GameRecord } from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import { AnalysisError, analyseGame } from '../src/analysis/index.js';

const record = (name: string): GameRecord =>
  JSON.parse(readFileSync(new URL(`../../../tests/records/${name}.json`, import.meta.url), 'utf8')) as GameRecord;

describe('game analysis', () => {
  it('counts the possible locations of a training game won by a capture (deduction only)', () => {
    const a = analyseGame(record('training-example'), { gameId: 'g', maxExpertDecisions: 0 });
    expect(a.activations.map((x) => [x.agent, x.before, x.after])).toEqual([
      ['meru', 40, 6],
      ['bill', 6, 5],
      ['dusty', 12, 1],
    ]);
    expect(a.activations[2]!.captureChance).toBeCloseTo(0.1716, 3);
    expect(a.turns.map((t) => [t.time, t.before, t.exposure, t.moved])).toEqual([
      [5, 35, 40, 'E6'],
      [6, 5, 12, 'F6'],
    ]);
    expect(a.series.map((p) => [p.half, p.possible, p.truth])).toEqual([
      ['setup', 35, 'D6'],
      ['recruiter', 40, 'E6'],
      ['agents', 5, 'E6'],
      ['recruiter', 12, 'F6'],
      ['agents', 1, 'F6'],
    ]);
    // the truth is always among the possible locations (the deduction is exact)
    for (const p of a.series) expect(p.locations).toContain(p.truth);
    // the capture that ended the game first, then by bits gained or lost
    expect(a.moments.map((m) => [m.kind, m.index, m.action, m.endedGame])).toEqual([
      ['activation', 2, 'capture', true],
      ['activation', 0, 'ask', false],
      ['recruiterTurn', 1, 'step', false],
    ]);
    expect(a.capped).toBe(true);
    expect(a.activations.every((x) => x.expert === null)).toBe(true);
  });

  it('counts a full game won by a capture, with each capture chance', () => {
    const a = analyseGame(record('full-capture'), { gameId: 'g', maxExpertDecisions: 0 });
    expect(a.activations.map((x) => [x.before, x.after])).toEqual([
      [42, 42],
      [42, 41],
      [41, 31],
      [31, 1],
    ]);
    expect(a.activations.map((x) => x.captureChance?.toFixed(3) ?? null)).toEqual([null, '0.026', null, '0.063']);
    expect(a.series.map((p) => p.possible)).toEqual([42, 42, 41, 41, 1]);
  });

  it('D12: an action taken back and its undo are in no row: the analysis is the one of the game as played', () => {
    const o = { gameId: 'g', maxExpertDecisions: 0 };
    const plain = analyseGame(record('full-capture'), o);
    const undos = analyseGame(record('full-capture-undos'), o);
    const rows = (a: typeof plain) => ({
      activations: a.activations.map(({ at: _at, ...r }) => r),
      turns: a.turns.map(({ at: _at, ...r }) => r),
    });
    expect(undos.activations.flatMap((r) => r.actions).some((x) => x.type === 'undo')).toBe(false);
    expect(rows(undos)).toEqual(rows(plain));
    expect(undos.moments).toEqual(plain.moments);
    expect(undos.series).toEqual(plain.series);
  });

  it('marks the recruiter turn that won by recruits as the first moment', () => {
    const a = analyseGame(record('training-recruits'), { gameId: 'g', maxExpertDecisions: 0 });
    expect(a.moments[0]).toMatchObject({ kind: 'recruiterTurn', index: 5, endedGame: true, before: 9, after: 2 });
  });

  it('asks the expert within its cap, the same way for the same game id', () => {
    const o = { gameId: 'game-42', playouts: 20, maxExpertDecisions: 2 };
    const a = analyseGame(record('training-example'), o);
    expect(a.expertDecisions).toBe(2);
    expect(a.capped).toBe(true);
    // game order: the recruiter's turn at 5, then Meru's activation
    expect(a.turns[0]!.expert?.action.type).toMatch(/^(step|mindSlip)$/);
    const meru = a.activations[0]!.expert!;
    expect(meru.action.seat).toBe(1);
    if (meru.action.type === 'move') expect(meru.captureChance).toBeGreaterThanOrEqual(0);
    expect(a.activations[1]!.expert).toBeNull();
    expect(JSON.stringify(analyseGame(record('training-example'), o))).toBe(JSON.stringify(a));
  }, 120_000);

  it('refuses a game that is not over', () => {
    const r = record('training-example');
    const cut = { ...r, actions: r.actions.slice(0, r.actions.length - 3), result: null };
    expect(() => analyseGame(cut, { gameId: 'g' })).toThrow(AnalysisError);
    try {
      analyseGame(cut, { gameId: 'g' });
    } catch (e) {
      expect((e as AnalysisError).code).toBe('not_over');
    }
  });
});
