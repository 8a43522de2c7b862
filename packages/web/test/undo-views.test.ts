// D12 at the table and after the game: what was taken back leaves no trace in the replay or the
// analysis, the Undo bar names what the next Undo takes back, and an end of turn or activation
// asks first only while a main action is left (not for Bill Falls' or Dusty's free action, a push,
// or the extra immortal move).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Action, GameRecord } from '@mindmgmt/engine';
import { playedWords } from '../src/analysis/describe.js';
import { i18nFor } from '../src/i18n/all.js';
import { framesOf } from '../src/table/Replay.js';
import { asksFirst, undoTrail } from '../src/table/choices.js';

const record = (name: string): GameRecord =>
  JSON.parse(readFileSync(new URL(`../../../tests/records/${name}.json`, import.meta.url), 'utf8')) as GameRecord;

describe('undo leaves no trace (D12)', () => {
  it('regression "Move F6, undo, Move F5": the replay has one frame per action played, the same as without the undos', () => {
    const plain = framesOf(record('full-capture'));
    const undos = framesOf(record('full-capture-undos'));
    if (typeof plain === 'string' || typeof undos === 'string') throw new Error(String(plain));
    expect(undos.length).toBe(plain.length);
    const seen = (f: (typeof plain)[number]) => ({ path: f.path, time: f.time, log: f.agents.log, at: f.logBefore });
    expect(undos.map(seen)).toEqual(plain.map(seen));
  });

  it('regression "undo" untranslated in the analysis: a stored row with an undone move names only the move played', () => {
    const rows = [
      { type: 'move', seat: 1, to: 'F6' },
      { type: 'undo', seat: 1 },
      { type: 'move', seat: 1, to: 'F5' },
      { type: 'ask', seat: 1, feature: 'bus', dolphin: false },
    ];
    for (const lang of ['en', 'zh', 'ja'] as const) {
      const words = playedWords(i18nFor(lang), rows);
      expect(words).not.toMatch(/undo|F6/);
      expect(words).toMatch(/F5/);
    }
  });

  it('regression "the Undo bar names the action just taken back": after an undo it names the one before', () => {
    const activate: Action = { type: 'activate', seat: 1, agent: 'dusty' };
    const move: Action = { type: 'move', seat: 1, to: 3 };
    const undo: Action = { type: 'undo', seat: 1 };
    let trail = undoTrail(undoTrail([], activate), move);
    expect(trail.at(-1)).toEqual(move);
    trail = undoTrail(trail, undo);
    expect(trail.at(-1)).toEqual(activate);
    expect(undoTrail(trail, undo)).toEqual([]);
    // something revealed: nothing left to take back
    expect(undoTrail(trail, { type: 'ask', seat: 1, feature: 'bus', dolphin: false })).toEqual([]);
  });
});

describe('an end asks first only while a main action is left', () => {
  const end: Action = { type: 'endActivation', seat: 1 };
  const endTurn: Action = { type: 'endTurn', seat: 0 };
  const legal = (...types: Action['type'][]) => types.map((type) => ({ type, seat: 1 }) as Action);
  it('regression: Bill Falls or Dusty with the free action open, or after a Shakedown with the push open, ends without a question', () => {
    expect(asksFirst(end, legal('nudge', 'endActivation', 'undo'))).toBe(false);
    expect(asksFirst(end, legal('dustyMove', 'endActivation'))).toBe(false);
    expect(asksFirst(end, legal('push', 'endActivation'))).toBe(false);
  });
  it('regression: the recruiter ends the turn with the extra immortal move unused without a question', () => {
    expect(asksFirst(endTurn, legal('extraImmortalMove', 'endTurn', 'undo'))).toBe(false);
  });
  it('still asks with a move, an action or the turn’s immortal move left', () => {
    expect(asksFirst(end, legal('move', 'ask', 'nudge', 'endActivation'))).toBe(true);
    expect(asksFirst(end, legal('reveal', 'dustyMove', 'endActivation'))).toBe(true);
    expect(asksFirst(endTurn, legal('moveImmortal', 'endTurn'))).toBe(true);
    expect(asksFirst({ type: 'capture', seat: 1 }, legal('capture'))).toBe(true);
  });
});
