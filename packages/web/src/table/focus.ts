// Where the keyboard goes after a move (WCAG 2.4.3, focus order): to the next thing to do, so a
// half-turn is a few Enter presses instead of dozens of Tabs. After this seat's board choice, or
// when the focused control went away with the position it belonged to, the focus moves to the
// board's first choice if the board offers one, else to the first action button. A focus the
// player put elsewhere (the command line, the log, a dialog, the chat) is never taken, and a
// player using a mouse or a finger keeps the page as it is (nothing scrolls after a tap).
import { useEffect, useRef, type MutableRefObject } from 'react';

/** The next thing to do: the board's first choice (a location or a mayhem edge), else the first
 * action button that plays (not a rule link, a tool or a greyed option). */
export function nextAction(board = true): HTMLElement | SVGElement | null {
  const cell = board
    ? document.querySelector<SVGElement>('svg.board [role=gridcell].target, svg.board .edge-target')
    : null;
  if (cell) return cell;
  return (
    [...document.querySelectorAll<HTMLButtonElement>('section.actions button')].find(
      (b) =>
        !b.disabled &&
        b.getAttribute('aria-disabled') !== 'true' &&
        !b.classList.contains('link') &&
        !b.closest('[role=toolbar]') &&
        !b.hasAttribute('aria-pressed'),
    ) ?? null
  );
}

/** Whether the last input was a key (not a tap or a click). */
let byKeys = false;
let listening = false;
function listen(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('keydown', () => (byKeys = true), true);
  document.addEventListener('pointerdown', () => (byKeys = false), true);
}

/** Moves the focus to `nextAction()` after each new position, when the rule above allows;
 * returns the flag a board choice sets. */
export function useFocusNext(seq: number, mine: boolean): MutableRefObject<boolean> {
  const boardChoice = useRef(false);
  useEffect(listen, []);
  useEffect(() => {
    const chose = boardChoice.current;
    boardChoice.current = false;
    if (!mine || !byKeys) return;
    // a frame later: the board moves its Tab stop after its own render
    const id = requestAnimationFrame(() => {
      const el = document.activeElement;
      const lost = !el || el === document.body;
      if (!lost && !(chose && el.closest('svg.board'))) return;
      if (document.querySelector('[role=dialog]')) return;
      nextAction()?.focus();
    });
    return () => cancelAnimationFrame(id);
  }, [seq, mine]);
  return boardChoice;
}
