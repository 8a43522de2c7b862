// A modal dialog (the rulebook, confirmations, the end of the game): focus moves in when it opens,
// Tab and Shift+Tab stay inside it, Escape closes it, and focus goes back to where it was (the
// opener) when it closes.
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden',
  );
}

export interface ModalProps {
  label: string;
  onClose: () => void;
  className?: string;
  /** The box inside the backdrop (default: the plain modal box). */
  boxClass?: string;
  busy?: boolean;
  lang?: string;
  children: ReactNode;
}

export function Modal(p: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef(p.onClose);
  close.current = p.onClose;
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = ref.current!;
    // an element marked autoFocus inside has taken focus already; else the first control
    if (!root.contains(document.activeElement)) (focusables(root)[0] ?? root).focus();
    return () => {
      // back to the opener, if it is still on the page (the end panel's opener may be gone)
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      close.current();
      return;
    }
    if (e.key !== 'Tab') return;
    const list = focusables(ref.current!);
    if (!list.length) return e.preventDefault();
    const first = list[0]!;
    const last = list[list.length - 1]!;
    const at = document.activeElement;
    if (e.shiftKey && (at === first || !ref.current!.contains(at))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (at === last || !ref.current!.contains(at))) {
      e.preventDefault();
      first.focus();
    }
  };
  return (
    <div
      ref={ref}
      className={`modal${p.className ? ` ${p.className}` : ''}`}
      role="dialog"
      aria-modal="true"
      aria-label={p.label}
      aria-busy={p.busy ? 'true' : undefined}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <div className={p.boxClass ?? 'modal-box'} lang={p.lang}>
        {p.children}
      </div>
    </div>
  );
}
