// Chat lines in the game log: each message goes right after the log entries there
// were when it was said; the replay shows only what had been said by its frame.
import { describe, expect, it } from 'vitest';
import { interleave } from '../src/table/chat-in-log.js';
import type { ChatMessage } from '../src/net/chat-state.js';

const msg = (n: number, logAt: number | null): ChatMessage => ({
  n,
  at: n,
  seat: 1,
  name: 'Bo',
  text: `m${n}`,
  removed: false,
  logAt,
});
const shape = (items: ReturnType<typeof interleave<string>>) =>
  items.map((x) => (x.kind === 'chat' ? `c${x.m.n}` : x.e));

describe('chat in the game log', () => {
  it('places each message after the entries there were when it was said, in the order said', () => {
    const log = ['e0', 'e1', 'e2'];
    expect(shape(interleave(log, [msg(3, 2), msg(1, 0), msg(2, 2)]))).toEqual(['c1', 'e0', 'e1', 'c2', 'c3', 'e2']);
    expect(shape(interleave(log, [msg(1, 3)]))).toEqual(['e0', 'e1', 'e2', 'c1']);
  });

  it('live: a message ahead of its events, or without a position, stays at the end', () => {
    expect(shape(interleave(['e0'], [msg(2, null), msg(1, 5)]))).toEqual(['e0', 'c1', 'c2']);
  });

  it('replay: only what had been said by the frame', () => {
    const all = [msg(1, 0), msg(2, 2), msg(3, 4), msg(4, null)];
    expect(shape(interleave(['e0', 'e1'], all, 'until'))).toEqual(['c1', 'e0', 'e1', 'c2']);
    expect(shape(interleave([], all, 'until'))).toEqual(['c1']);
  });

  it('keeps event indices (the log hover and recent marks use them)', () => {
    const items = interleave(['a', 'b'], [msg(1, 1)]);
    expect(items.filter((x) => x.kind === 'event').map((x) => (x.kind === 'event' ? x.i : -1))).toEqual([0, 1]);
  });
});
