// `finish-rate`: the old rule and stand-ins (D13) are read off the same turns and silence draws.
import { describe, expect, it } from 'vitest';
import {
  finishedNew,
  finishedOld,
  parseFinishRateArgs,
  playTurns,
  silenceOutcome,
  silenceRng,
  tally,
  turnsNew,
  turnsOf,
  turnsOld,
} from '../src/finish-rate.js';

const draws = (xs: number[]) => {
  let i = 0;
  return () => {
    if (i >= xs.length) throw new Error('more draws than expected');
    return xs[i++]!;
  };
};

describe('finish-rate', () => {
  it('a turn is a run of decisions by one seat', () => {
    expect(turnsOf([0, 0, 1, 1, 2, 1, 0, 0])).toEqual([0, 1, 2, 1, 0]);
  });

  it('pairs the rules on known draws: the first silence ends the old game, the last one the new', () => {
    // Turns of seats 0,1,2,0,1,2,0; seat 1 goes silent at turn 1, seat 0 at turn 3; seat 2 never.
    const turns = [0, 1, 2, 0, 1, 2, 0];
    // Draws only for seats still played by their person: t0 s0, t1 s1 (silent), t2 s2, t3 s0
    // (silent), t5 s2; t4 and t6 belong to silent seats and draw nothing.
    const out = silenceOutcome(turns, 3, 0.1, draws([0.5, 0.05, 0.9, 0.01, 0.7]));
    expect(out).toEqual({ turns: 7, firstSilent: 1, allSilent: null });
    expect([finishedOld(out), finishedNew(out)]).toEqual([false, true]);
    expect([turnsOld(out), turnsNew(out)]).toEqual([1, 7]);
    // Seat 2 goes silent too (turn 5): nobody plays any more, the game ends by timeout there.
    const all = silenceOutcome(turns, 3, 0.1, draws([0.5, 0.05, 0.9, 0.01, 0.02]));
    expect(all).toEqual({ turns: 7, firstSilent: 1, allSilent: 5 });
    expect([finishedOld(all), finishedNew(all), turnsNew(all)]).toEqual([false, false, 5]);
  });

  it('p = 0 finishes every game under both rules; p = 1 none under the old rule; stand-ins never finish fewer', () => {
    const o = parseFinishRateArgs([
      '--mode',
      'training',
      '--players',
      '3',
      '--silent',
      '0,0.05,0.2,1',
      '--games',
      '4',
      '--seed',
      '7',
      '--level',
      'random',
    ]);
    if (typeof o === 'string') throw new Error(o);
    const games = playTurns(o);
    const s = tally(o, games);
    const [p0, p05, p20, p1] = s.rows;
    expect(p0!.old.finished).toBe(4);
    expect(p0!.standIns.finished).toBe(4);
    expect(p1!.old.finished).toBe(0);
    expect(p1!.standIns.finished).toBe(0);
    for (const r of s.rows) {
      expect(r.standIns.finished).toBeGreaterThanOrEqual(r.old.finished);
      expect(r.standIns.finished - r.old.finished).toBe(r.rescued);
    }
    // Per seed and probability, with the command's own draws: a game the old rule finishes,
    // stand-ins finish too, and never play fewer turns.
    games.forEach((g, i) => {
      for (const p of [0.01, 0.05, 0.2, 0.5]) {
        const out = silenceOutcome(g, 3, p, silenceRng(o.seed + i));
        if (finishedOld(out)) expect(finishedNew(out)).toBe(true);
        expect(turnsNew(out)).toBeGreaterThanOrEqual(turnsOld(out));
      }
    });
    expect(p05!.old.finished).toBeGreaterThanOrEqual(p20!.old.finished);
  });

  it('rejects bad options', () => {
    expect(typeof parseFinishRateArgs(['--players', '6'])).toBe('string');
    expect(typeof parseFinishRateArgs(['--silent', '1.5'])).toBe('string');
    expect(typeof parseFinishRateArgs(['--silent', '0.1,'])).toBe('string');
    expect(typeof parseFinishRateArgs(['--level', 'expert'])).toBe('string');
  });
});
