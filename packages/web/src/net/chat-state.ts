// Table chat as this browser holds it (issue 13; docs/protocol.md "Table chat"): the messages
// from the `chatLog` frame (sent after hello) and each `chat` frame since, the table's policy,
// and the last refusal of this writer. Pure, so the merging is testable without a socket.

import type { ChatLogFrame, ChatMessage, ChatMessageFrame, ChatPolicyFrame, ErrorCode } from '@mindmgmt/table';

export type { ChatMessage };

export interface ChatState {
  messages: ChatMessage[];
  spectatorsWrite: boolean;
  muted: number[];
  error: { code: string; message: string } | null;
}

export const EMPTY_CHAT: ChatState = { messages: [], spectatorsWrite: false, muted: [], error: null };

/** Refusal codes that belong to the chat panel rather than to the table. */
export const CHAT_ERRORS: ReadonlySet<string> = new Set<ErrorCode>([
  'chat_closed',
  'chat_muted',
  'chat_rate',
  'chat_full',
  'chat_spectators_full',
  'chat_not_open',
  'not_host',
  'no_chat',
]);

/** The most messages kept in memory (the server sends at most 200 on hello). */
const KEEP = 500;

export function isChatFrame(m: { t?: unknown }): boolean {
  return m.t === 'chat' || m.t === 'chatLog' || m.t === 'chatPolicy';
}

export function chatReduce(s: ChatState, m: ChatMessageFrame | ChatLogFrame | ChatPolicyFrame): ChatState {
  if (m.t === 'chatLog')
    return { messages: m.messages.slice(-KEEP), spectatorsWrite: m.spectatorsWrite, muted: [...m.muted], error: null };
  if (m.t === 'chatPolicy') return { ...s, spectatorsWrite: m.spectatorsWrite, muted: [...m.muted] };
  if (m.t === 'chat') {
    // A message already held (a reconnect's chatLog crossing a live frame) is not shown twice.
    if (s.messages.some((x) => x.n === m.n)) return s;
    const { n, at, seat, name, text, removed, hidden, by, logAt } = m;
    const messages = [...s.messages, { n, at, seat, name, text, removed, hidden, by, logAt }]
      .sort((a, b) => a.n - b.n)
      .slice(-KEEP);
    return { ...s, messages, error: null };
  }
  return s;
}
