// Each action is defined once (engine ACTION_DEFS); the server's zod schema and the
// engine's structural check are both derived from it, and must accept and refuse the same inputs
// for every action, field kind and bad shape. (Replaces the old test that compared field names.)
import { describe, expect, it } from 'vitest';
import {
  ACTION_DEFS,
  ACTION_TYPES,
  AGENTS,
  CLIENT_ACTION_TYPES,
  FEATURES,
  RECRUITER_CARDS,
  SERVER_ACTIONS,
  checkShape,
  type FieldKind,
} from '@mindmgmt/engine';
import { clientActionSchema } from '@mindmgmt/table';

/** Values each field kind must accept and refuse, written per kind so that a new kind cannot
 * compile without them. `undefined` stands for a missing field. */
const SAMPLES: Record<FieldKind, { good: unknown[]; bad: unknown[] }> = {
  loc: { good: [0, 17, 41], bad: [-1, 42, 1.5, '3', null, true, [3], undefined] },
  locOrNull: { good: [null, 0, 41], bad: [-1, 42, 2.5, 'C3', false, undefined] },
  edge: {
    good: [
      [0, 1],
      [41, 40],
    ],
    bad: [[0], [0, 1, 2], [0, 42], [-1, 0], ['0', '1'], 'x', null, { 0: 0, 1: 1 }, undefined],
  },
  card: { good: [...RECRUITER_CARDS], bad: ['bob', '', 'CARL', 1, null, undefined] },
  agent: { good: [...AGENTS], bad: ['bob', '', 1, null, ['meru'], undefined] },
  feature: { good: [...FEATURES], bad: ['x', '', 0, null, undefined] },
  bool: { good: [true, false], bad: [1, 0, 'true', null, undefined] },
  token: { good: [1, 2], bad: [0, 3, 1.5, '1', null, true, undefined] },
  // The body's content is judged by the engine's note rule (checkNoteBody) and, more strictly, by
  // zod; the shape they share is "an object or null".
  note: { good: [null, { from: 1, to: 3, crossed: [], text: 'seen at noon' }], bad: ['x', 3, [], true, undefined] },
};

const zodAccepts = (x: unknown) => clientActionSchema.safeParse(x).success;
const engineAccepts = (x: unknown) => checkShape(x) === null;

/** Every input for one action type: the valid ones and the bad shapes, with the verdict both
 * checks must give. */
function cases(type: (typeof CLIENT_ACTION_TYPES)[number]): { input: Record<string, unknown>; ok: boolean }[] {
  const fields = Object.entries(ACTION_DEFS[type] as Readonly<Record<string, FieldKind>>);
  const valid: Record<string, unknown> = { type };
  for (const [k, kind] of fields) valid[k] = SAMPLES[kind].good[0];
  const out = [{ input: valid, ok: true }];
  for (const [k, kind] of fields) {
    for (const v of SAMPLES[kind].good) out.push({ input: { ...valid, [k]: v }, ok: true });
    for (const v of SAMPLES[kind].bad) {
      const input = { ...valid, [k]: v };
      if (v === undefined) delete input[k];
      out.push({ input, ok: false });
    }
  }
  // Fields no action of this type has, including names every object inherits.
  for (const extra of ['extra', 'constructor', 'toString', 'hasOwnProperty', 'seatt'])
    out.push({ input: { ...valid, [extra]: 1 }, ok: false });
  // A field of another action.
  if (!fields.some(([k]) => k === 'dolphin')) out.push({ input: { ...valid, dolphin: true }, ok: false });
  return out;
}

describe('the zod schema and the engine shape check agree (both from ACTION_DEFS)', () => {
  it.each(CLIENT_ACTION_TYPES.map((t) => [t]))('%s: the same inputs accepted and refused', (type) => {
    for (const { input, ok } of cases(type)) {
      const seated = { ...input, seat: 1 };
      expect([zodAccepts(seated), engineAccepts(seated), JSON.stringify(input)]).toEqual([
        ok,
        ok,
        JSON.stringify(input),
      ]);
    }
  });

  it('a seat is a whole number from 0 to 4 for both; only the engine needs it (the server sets it)', () => {
    const base = { type: 'move', to: 3 };
    for (const seat of [0, 1, 4])
      expect([zodAccepts({ ...base, seat }), engineAccepts({ ...base, seat })]).toEqual([true, true]);
    for (const seat of [-1, 5, 1.5, '1', null])
      expect([zodAccepts({ ...base, seat }), engineAccepts({ ...base, seat })]).toEqual([false, false]);
    expect([zodAccepts(base), engineAccepts(base)]).toEqual([true, false]);
  });

  it('inputs that are no action at all are refused by both', () => {
    for (const x of [
      null,
      3,
      'move',
      [],
      [{ type: 'move', seat: 1, to: 3 }],
      { type: 'fly', seat: 1 },
      { seat: 1 },
      { type: 7, seat: 1 },
    ])
      expect([zodAccepts(x), engineAccepts(x)]).toEqual([false, false]);
  });

  it('R33, D14: the server-only timeout and abandon are engine actions no client may send', () => {
    expect(SERVER_ACTIONS).toEqual(['timeout', 'abandon']);
    expect(CLIENT_ACTION_TYPES).toEqual(ACTION_TYPES.filter((t) => t !== 'timeout' && t !== 'abandon'));
    for (const type of SERVER_ACTIONS)
      expect([zodAccepts({ type, seat: 1 }), engineAccepts({ type, seat: 1 })]).toEqual([false, true]);
  });

  it('the engine keeps its readable shape errors', () => {
    expect(checkShape({ type: 'mindSlip', seat: 0, to: 3, token: 3 })).toEqual({
      ok: false,
      code: 'malformed',
      message: 'A mindSlip action needs a valid "token".',
    });
    expect(checkShape({ type: 'move', seat: 1, to: 3, constructor: 1 })).toMatchObject({
      message: 'A move action has no field "constructor".',
    });
    expect(checkShape({ type: 'move', seat: 9, to: 3 })).toMatchObject({
      message: 'An action names its seat: a whole number from 0 (recruiter) to 4.',
    });
    expect(checkShape({ type: 'fly', seat: 1 })).toMatchObject({ message: 'Unknown action type "fly".' });
    expect(checkShape([])).toMatchObject({ message: 'An action is a JSON object.' });
  });
});
