// Every action is defined once (model/actions.ts ACTION_DEFS). Its TypeScript type is
// derived from that table, so the `@ts-expect-error` lines below fail `tsc -p packages/engine/test`
// (part of `npm run typecheck`) if the derivation ever lets a wrong action through; the runtime
// checks pin the lists and the picking order the web client uses.
import { describe, expect, test } from 'vitest';
import {
  ACTION_DEFS,
  ACTION_TYPES,
  CLIENT_ACTION_TYPES,
  checkShape,
  fieldNames,
  type Action,
  type ClientAction,
} from '../src/index.js';

describe('actions derived from ACTION_DEFS', () => {
  test('the types accept the defined fields and refuse others (checked by tsc)', () => {
    const ok: Action[] = [
      { type: 'step', seat: 0, to: 3 },
      { type: 'mindSlip', seat: 0, token: 2, to: 5 },
      { type: 'answerAsk', seat: 0, at: null },
      { type: 'ask', seat: 1, feature: 'dogs', dolphin: false },
      { type: 'placeMayhem', seat: 0, between: [0, 1] },
      { type: 'timeout', seat: 2 },
    ];
    // @ts-expect-error a step goes to a location, not a feature
    const wrongKind: Action = { type: 'step', seat: 0, to: 'dogs' };
    // @ts-expect-error an ask has no `to`
    const extraField: Action = { type: 'ask', seat: 1, feature: 'dogs', dolphin: false, to: 3 };
    // @ts-expect-error a move needs its `to`
    const missing: Action = { type: 'move', seat: 1 };
    // @ts-expect-error R33: only the server makes a timeout
    const serverOnly: ClientAction = { type: 'timeout' };
    const client: ClientAction = { type: 'move', to: 3 };
    for (const a of ok) expect(checkShape(a)).toBeNull();
    for (const a of [wrongKind, extraField, missing]) expect(checkShape(a)).not.toBeNull();
    expect(checkShape({ ...serverOnly, seat: 1 })).toBeNull(); // the engine applies it; the server's schema refuses it
    expect(checkShape({ ...client, seat: 1 })).toBeNull();
  });

  test('one list of types, the client list without the server-only timeout and abandon, fields in picking order', () => {
    expect(ACTION_TYPES).toEqual(Object.keys(ACTION_DEFS));
    expect(ACTION_TYPES).toHaveLength(28); // D12 added `undo`, D14 `abandon`
    expect(CLIENT_ACTION_TYPES).not.toContain('timeout');
    expect(CLIENT_ACTION_TYPES).not.toContain('abandon');
    expect(CLIENT_ACTION_TYPES).toHaveLength(26);
    // The web client asks for a mind slip's token before its landing, and for the step token
    // before the extra immortal move (the order of the old SLOTS table, now ACTION_DEFS).
    expect(fieldNames('mindSlip')).toEqual(['token', 'to']);
    expect(fieldNames('extraImmortalMove')).toEqual(['stepToken', 'from', 'to']);
    expect(fieldNames('placeAgent')).toEqual(['agent', 'at']);
    expect(fieldNames('endTurn')).toEqual([]);
  });
});
