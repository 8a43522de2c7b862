// The web client's merge of `events` frames' log entries (docs/protocol.md, "Log in `events` frames").
import { describe, expect, it } from 'vitest';
import type { View } from '@mindmgmt/engine';
import { mergeLog } from '../src/api.js';

const e = (n: number) => ({ pub: { kind: `k${n}` } }) as unknown as View['log'][number];

describe('mergeLog', () => {
  it('appends at the held length, replaces at 0, cuts back after an undo (D12), refuses a gap', () => {
    const held = [e(0), e(1)];
    expect(mergeLog(held, 2, [e(2), e(3)])).toEqual([e(0), e(1), e(2), e(3)]);
    expect(mergeLog(held, 0, [e(5)])).toEqual([e(5)]);
    expect(mergeLog(held, undefined, [e(5)])).toEqual([e(5)]); // a server without logFrom: whole log
    expect(mergeLog(held, 3, [e(3)])).toBeNull(); // missed an entry: hello again
    expect(mergeLog(held, 1, [])).toEqual([e(0)]); // D12: an undo took back the last entry
    expect(mergeLog(held, 1, [e(7)])).toEqual([e(0), e(7)]);
    expect(mergeLog(held, '2', [e(2)])).toBeNull();
    expect(held).toHaveLength(2); // the held log is not changed
  });
});
