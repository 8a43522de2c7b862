// The game log with the table chat woven in: the latest turn's lines marked, a line with places
// on the board lights them up while hovered or focused.
import { useEffect, useRef } from 'react';
import type { View } from '@mindmgmt/engine';
import type { ChatMessage } from '../net/chat-state.js';
import { useI18n } from '../i18n/lookup.js';
import { ChatLine } from './Chat.js';
import { interleave } from './chat-in-log.js';
import { lastTurnFrom, placesOf, type EventPlace } from './event-locs.js';
import { eventText } from './log.js';

export function LogList({
  view,
  chat,
  onHover,
  names,
  numbers,
}: {
  view: View;
  chat: readonly ChatMessage[];
  onHover: (p: EventPlace | null) => void;
  names: readonly { seat: number; name: string }[];
  /** The board's mark numbers by log entry (`markNumbers`). */
  numbers: ReadonlyMap<number, readonly number[]>;
}) {
  const i18n = useI18n();
  const ref = useRef<HTMLOListElement>(null);
  useEffect(() => {
    ref.current?.scrollTo({ top: ref.current.scrollHeight });
  }, [view.log.length, chat.length]);
  const from = lastTurnFrom(view.log);
  const byseat = new Map(names.map((s) => [s.seat, s.name]));
  return (
    <ol className="log" id="table-log" tabIndex={-1} ref={ref} onMouseLeave={() => onHover(null)}>
      {interleave(view.log, chat).map((item) => {
        if (item.kind === 'chat') return <ChatLine key={`c${item.m.n}`} m={item.m} />;
        const { e, i } = item;
        if (e.pub.kind === 'recruiterTurnStarted') return null;
        const place = placesOf(e);
        const has = place.locs.length > 0 || place.edges.length > 0;
        return (
          <li
            key={i}
            className={`ev-${e.pub.kind}${i >= from ? ' recent' : ''}${has ? ' placed' : ''}`}
            onMouseEnter={has ? () => onHover(place) : undefined}
            onFocus={has ? () => onHover(place) : undefined}
            onBlur={has ? () => onHover(null) : undefined}
            tabIndex={has ? 0 : undefined}
            data-steps={numbers.get(i)?.join(' ')}
          >
            {eventText(i18n, e, byseat, !!view.result)}
          </li>
        );
      })}
    </ol>
  );
}
