// Every move, spoken: the log lines added since the last frame, for a polite live region.
// Only this seat's own log, so a screen reader hears nothing the screen does not show.
import { useMemo, useRef } from 'react';
import type { SeenEvent } from '@mindmgmt/engine';
import type { I18n } from '../i18n/lookup.js';
import { eventText } from './log.js';

export function newLines(i18n: I18n, log: readonly SeenEvent[], from: number): string {
  return log
    .slice(from)
    .filter((e) => e.pub.kind !== 'recruiterTurnStarted' && e.pub.kind !== 'noteChanged')
    .map((e) => eventText(i18n, e))
    .join(' ');
}

/** The text of the entries added since the previous render's log (none on the first: the
 * history of a game opened midway is in the log, not read out at once). */
export function useAnnouncer(i18n: I18n, log: readonly SeenEvent[]): string {
  const seen = useRef<{ n: number; text: string } | null>(null);
  return useMemo(() => {
    const prev = seen.current;
    let next = prev ?? { n: log.length, text: '' };
    if (prev && log.length < prev.n) next = { n: log.length, text: '' };
    else if (prev && log.length > prev.n) next = { n: log.length, text: newLines(i18n, log, prev.n) };
    seen.current = next;
    return next.text;
  }, [i18n, log]);
}
