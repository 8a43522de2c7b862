// A chat message as one reader sees it (admin/chat-note.ts): a moderator's hiding shows to
// everyone, a block only to the profile that blocked.
import { describe, expect, it } from 'vitest';
import { chatNote } from '../src/admin/chat-note.js';

describe('chat note', () => {
  it("regression: a blocked player's chat still showed to the profile that blocked them", () => {
    const blocks = new Set(['p_troll']);
    expect(chatNote({ hidden: false, by: 'p_troll' }, blocks)).toBe('adm_chatBlocked');
    expect(chatNote({ hidden: false, by: 'p_troll' }, new Set())).toBeNull();
    expect(chatNote({ hidden: false, by: 'p_friend' }, blocks)).toBeNull();
    expect(chatNote({ hidden: false, by: null }, blocks)).toBeNull();
    expect(chatNote({ hidden: true, by: 'p_friend' }, new Set())).toBe('adm_chatHidden');
  });
});
