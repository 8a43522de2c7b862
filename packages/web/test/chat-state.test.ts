// The chat panel's state (net/chat-state.ts): the chatLog replaces, chat frames append in
// order without doubles (a reconnect's log crossing a live frame), policy frames update.
import { describe, expect, it } from 'vitest';
import { chatReduce, EMPTY_CHAT, isChatFrame } from '../src/net/chat-state.js';

const msg = (n: number, text = `m${n}`) => ({ t: 'chat', n, at: n, seat: 1, name: 'Ann', text, removed: false });

describe('chat state', () => {
  it('a chatLog replaces what was held; chat frames append in order, once each', () => {
    let s = chatReduce(EMPTY_CHAT, { t: 'chatLog', messages: [msg(1), msg(2)], spectatorsWrite: true, muted: [2] });
    expect(s).toMatchObject({ spectatorsWrite: true, muted: [2] });
    s = chatReduce(s, msg(4));
    s = chatReduce(s, msg(3));
    s = chatReduce(s, msg(3, 'again'));
    expect(s.messages.map((m) => [m.n, m.text])).toEqual([
      [1, 'm1'],
      [2, 'm2'],
      [3, 'm3'],
      [4, 'm4'],
    ]);
    s = chatReduce({ ...s, error: { code: 'chat_rate', message: 'slow' } }, msg(5));
    expect(s.error).toBeNull();
  });

  it('policy frames change who may write; other frames are not chat', () => {
    const s = chatReduce(EMPTY_CHAT, { t: 'chatPolicy', spectatorsWrite: true, muted: [1, 3] });
    expect(s).toMatchObject({ spectatorsWrite: true, muted: [1, 3], messages: [] });
    expect(isChatFrame({ t: 'events' })).toBe(false);
    expect(isChatFrame({ t: 'chatPolicy' })).toBe(true);
    expect(chatReduce(s, { t: 'state' })).toBe(s);
  });
});
