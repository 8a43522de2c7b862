// Table chat as this browser holds it (issue 13; docs/protocol.md "Table chat"): the messages
// from the `chatLog` frame (sent after hello) and each `chat` frame since, the table's policy,
// and the last refusal of this writer. Pure, so the merging is testable without a socket.

export interface ChatMessage {
  n: number;
  at: number;
  /** Engine seat of the writer; null for a spectator. */
  seat: number | null;
  name: string;
  text: string;
  removed: boolean;
  /** Log entries there were when it was said (the log shows it after them); null if unknown. */
  logAt?: number | null;
}

export interface ChatState {
  messages: ChatMessage[];
  spectatorsWrite: boolean;
  muted: number[];
  error: { code: string; message: string } | null;
}

export const EMPTY_CHAT: ChatState = { messages: [], spectatorsWrite: false, muted: [], error: null };

/** Refusal codes that belong to the chat panel rather than to the table. */
export const CHAT_ERRORS: ReadonlySet<string> = new Set([
  'chat_closed',
  'chat_muted',
  'chat_rate',
  'chat_full',
  'chat_not_open',
  'not_host',
  'no_chat',
]);

/** The most messages kept in memory (the server sends at most 200 on hello). */
const KEEP = 500;

export function isChatFrame(m: { t?: unknown }): boolean {
  return m.t === 'chat' || m.t === 'chatLog' || m.t === 'chatPolicy';
}

export function chatReduce(s: ChatState, m: Record<string, unknown>): ChatState {
  if (m.t === 'chatLog')
    return {
      messages: ((m.messages as ChatMessage[]) ?? []).slice(-KEEP),
      spectatorsWrite: !!m.spectatorsWrite,
      muted: (m.muted as number[]) ?? [],
      error: null,
    };
  if (m.t === 'chatPolicy') return { ...s, spectatorsWrite: !!m.spectatorsWrite, muted: (m.muted as number[]) ?? [] };
  if (m.t === 'chat') {
    const msg = m as unknown as ChatMessage;
    // A message already held (a reconnect's chatLog crossing a live frame) is not shown twice.
    if (s.messages.some((x) => x.n === msg.n)) return s;
    const messages = [
      ...s.messages,
      {
        n: msg.n,
        at: msg.at,
        seat: msg.seat,
        name: msg.name,
        text: msg.text,
        removed: msg.removed,
        logAt: msg.logAt ?? null,
      },
    ]
      .sort((a, b) => a.n - b.n)
      .slice(-KEEP);
    return { ...s, messages, error: null };
  }
  return s;
}
