// Sign-in handles (issue 27 §2; docs/players.md "Every device has your games"). A handle is a
// separate, private field, not the display name: names stay free and shared (two "Bea"s may
// play), renaming never touches a handle, and a handle is never shown to others, so nobody can
// pose as someone by taking a handle and nothing public says who signs in how. Unique over its
// key (@mindmgmt/table's handleKey: case and look-alike characters folded as names are).
import { HANDLE_MAX, HANDLE_MIN, handleKey, impersonates } from '@mindmgmt/table';
import { NEUTRAL_NAME } from './identity.js';

/** Letters and digits of any script, and . _ - inside. */
const HANDLE = /^[\p{L}\p{N}][\p{L}\p{N}\p{M}._-]*$/u;

export type HandleCheck =
  | { readonly ok: true; readonly handle: string; readonly key: string }
  | { readonly ok: false; readonly code: 'bad_handle'; readonly message: string };

const bad = (message: string): HandleCheck => ({ ok: false, code: 'bad_handle', message });

export function checkHandle(raw: unknown): HandleCheck {
  if (typeof raw !== 'string') return bad('A handle is text.');
  const handle = raw.trim().normalize('NFC');
  const n = [...handle].length;
  if (n < HANDLE_MIN || n > HANDLE_MAX)
    return bad(`A handle has ${HANDLE_MIN} to ${HANDLE_MAX} characters: letters, digits, dots, dashes, underscores.`);
  if (!HANDLE.test(handle))
    return bad('A handle has letters, digits, dots, dashes and underscores only, and starts with a letter or digit.');
  const key = handleKey(handle);
  if ([...key].length < HANDLE_MIN) return bad(`A handle needs at least ${HANDLE_MIN} letters or digits.`);
  if (impersonates(handle) || key === handleKey(NEUTRAL_NAME)) return bad('That handle is reserved; choose another.');
  return { ok: true, handle, key };
}
