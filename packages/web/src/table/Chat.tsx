// The table chat panel: the messages, the input with the notice that everyone at the
// table reads it (the recruiter included), and the host's controls (spectators may write, mute a
// seat). Refusals from the server (rate, muted, closed) show under the input.
import { useEffect, useRef, useState } from 'react';
import { type I18n, useI18n } from '../i18n/lookup.js';
import { call } from '../net/http.js';
import { CHAT_MAX, CHAT_PAGE_MAX, type ChatRequestOut } from '@mindmgmt/table';
import type { ChatMessage, ChatState } from '../net/chat-state.js';
import { ChatText } from '../admin/shared.js';
import { ReportChat } from '../players/Protect.js';

/** The host's button that mutes or unmutes a seat: a bot seat named as a bot in the page's
 * language (the server names it "Bot (easy)"). */
export function muteLabel(i18n: I18n, name: string, muted: boolean): string {
  return `${i18n.t(muted ? 'chat_unmute' : 'chat_mute')} ${i18n.player(name)}`;
}

export function Chat({
  chat,
  send,
  seat,
  isHost,
  seats,
  gameId,
}: {
  chat: ChatState;
  send: (frame: ChatRequestOut) => void;
  seat: number | 'spectator' | null;
  isHost: boolean;
  /** Engine seats with their names (for the host's mute buttons). */
  seats: { seat: number; name: string }[];
  /** For reporting a message (players/Protect.tsx). */
  gameId?: string;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.scrollTo?.({ top: list.current.scrollHeight });
  }, [chat.messages.length]);
  const spectator = typeof seat !== 'number';
  const mutedHere = !spectator && chat.muted.includes(seat);
  const mayWrite = spectator ? chat.spectatorsWrite : !mutedHere;
  return (
    <section className="panel chat" aria-label={t('chat_title')}>
      <h3>{t('chat_title')}</h3>
      <ol ref={list} className="chat-log" aria-live="polite">
        {chat.messages.length === 0 ? <li className="muted">{t('chat_empty')}</li> : null}
        {chat.messages.map((m) => (
          <li key={m.n} data-n={m.n}>
            <b>{m.seat === null ? t('chat_spectator') : m.name}</b>
            {t('colon')}
            <ChatText m={m} />
            {gameId && m.by && !m.hidden && !m.removed ? <ReportChat gameId={gameId} n={m.n} by={m.by} /> : null}
          </li>
        ))}
      </ol>
      {mayWrite ? (
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            const v = text.trim();
            if (!v) return;
            send({ t: 'chat', text: v });
            setText('');
          }}
        >
          <input
            aria-label={t('chat_input')}
            aria-describedby="chat-notice"
            value={text}
            maxLength={CHAT_MAX}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit">{t('chat_send')}</button>
        </form>
      ) : mutedHere ? (
        // The input is gone, so say why (the host's mute holds until they unmute).
        <p className="chat-muted" role="status">
          {t('mu_youAreMuted')}
        </p>
      ) : null}
      <p id="chat-notice" className="muted small">
        {spectator && !chat.spectatorsWrite ? t('chat_spectatorsRead') : t('chat_notice')}
      </p>
      {chat.error ? (
        <p className="error" role="alert">
          {chat.error.message}
        </p>
      ) : null}
      {isHost ? (
        <div className="chat-host">
          <label className="check">
            <input
              type="checkbox"
              checked={chat.spectatorsWrite}
              onChange={(e) => send({ t: 'chatPolicy', spectatorsWrite: e.target.checked })}
            />{' '}
            {t('chat_letSpectators')}
          </label>
          {seats
            .filter((s) => s.seat !== seat)
            .map((s) => {
              const muted = chat.muted.includes(s.seat);
              return (
                <button key={s.seat} onClick={() => send({ t: 'mute', seat: s.seat, muted: !muted })}>
                  {muteLabel(i18n, s.name, muted)}
                </button>
              );
            })}
        </div>
      ) : null}
    </section>
  );
}

/** One chat message as a line of the game log: set apart from the game's events (who said it,
 * marked as chat) so nobody takes talk for a fact of the game. */
export function ChatLine({ m }: { m: ChatMessage }) {
  const { t } = useI18n();
  return (
    <li className="log-chat" data-n={m.n}>
      <span className="sr">
        {t('chat_title')}
        {t('colon')}
      </span>
      <b>{m.seat === null ? t('chat_spectator') : m.name}</b>
      {t('colon')}
      <ChatText m={m} quote />
    </li>
  );
}

/** The stored chat of a table (the replay): GET /api/games/:id/chat. */
/** `stored` false: a game with no chat on the server (an offline game): nothing is asked. */
export function useStoredChat(gameId: string, stored = true): ChatMessage[] {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  useEffect(() => {
    if (!stored) return;
    let gone = false;
    // The server pages the chat (at most CHAT_PAGE_MAX a page): read on until a short page.
    const read = async (): Promise<ChatMessage[]> => {
      const all: ChatMessage[] = [];
      for (;;) {
        const after = all.length ? all[all.length - 1]!.n : 0;
        const r = await call<{ messages: ChatMessage[] }>(
          'GET',
          `/api/games/${encodeURIComponent(gameId)}/chat?limit=${CHAT_PAGE_MAX}&after=${after}`,
        );
        all.push(...r.messages);
        if (r.messages.length < CHAT_PAGE_MAX || gone) return all;
      }
    };
    read().then(
      (m) => !gone && setMessages(m),
      () => !gone && setMessages([]),
    );
    return () => {
      gone = true;
    };
  }, [gameId, stored]);
  return messages;
}

/** The whole stored chat of a table, read-only (under the replay). */
export function ChatTranscript({ messages }: { messages: readonly ChatMessage[] }) {
  const { t } = useI18n();
  if (!messages.length) return null;
  return (
    <section className="panel chat" aria-label={t('chat_title')}>
      <h3>{t('chat_title')}</h3>
      <ol className="chat-log">
        {messages.map((m) => (
          <li key={m.n}>
            <b>{m.seat === null ? t('chat_spectator') : m.name}</b>
            {t('colon')}
            <ChatText m={m} />
          </li>
        ))}
      </ol>
    </section>
  );
}
