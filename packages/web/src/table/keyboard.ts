// The table's key handler: a key presses the button or focuses the element its shortcut names
// (the list: ui/shortcuts.ts); a shortcut only presses a button that is on screen.
import { useEffect } from 'react';
import type { StringKey } from '../i18n/lookup.js';
import { SHORTCUTS, type Shortcut } from '../ui/shortcuts.js';

type Key = StringKey;

/** A key typed into a field, or with a modifier, is not a shortcut. */
function typing(e: KeyboardEvent): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey) return true;
  const el = e.target as HTMLElement | null;
  if (!el || !el.closest) return false;
  if (el.closest('input, textarea, select, [contenteditable=true]')) return true;
  // a dialog (capture confirmation, end of game) keeps its own keys
  // (the Confirm question answers C too)
  return (
    !!el.closest('[role=dialog]') &&
    !el.closest('.kb-help') &&
    !(e.key.toLowerCase() === 'c' && el.closest('[role=dialog]')?.querySelector('[data-ask=confirm]'))
  );
}

function findButton(s: Shortcut, label: (k: Key) => string): HTMLElement | null {
  if (s.press) {
    const el = document.querySelector<HTMLElement>(s.press);
    if (el) return el;
  }
  const names = new Set((s.labels ?? []).map(label));
  for (const b of document.querySelectorAll<HTMLButtonElement>('section.actions button'))
    if (names.has(b.textContent?.trim() ?? '')) return b;
  return null;
}

/** Listens on the document while the table is shown. */
export function useShortcuts(label: (k: Key) => string, toggleHelp: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typing(e)) return;
      const s = SHORTCUTS.find((x) => x.keys.includes(e.key.length === 1 ? e.key.toLowerCase() : e.key));
      if (!s) return;
      if (s.help) {
        e.preventDefault();
        toggleHelp();
        return;
      }
      if (s.focus) {
        const el = document.querySelector<HTMLElement>(s.focus);
        if (el) {
          e.preventDefault();
          el.focus();
        }
        return;
      }
      const b = findButton(s, label);
      if (b && !(b as HTMLButtonElement).disabled && b.getAttribute('aria-disabled') !== 'true') {
        e.preventDefault();
        b.click();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [label, toggleHelp]);
}
