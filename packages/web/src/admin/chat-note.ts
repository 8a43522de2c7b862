// How a chat message shows to this reader: hidden by a moderator, from a player this profile
// blocked, or as written (null). Kept apart from the screens so it is tested without a browser.
import type { ChatMessage } from '@mindmgmt/table';
import type { StringKey } from '../i18n/lookup.js';

export function chatNote(m: Pick<ChatMessage, 'hidden' | 'by'>, blocks: ReadonlySet<string>): StringKey | null {
  if (m.hidden) return 'adm_chatHidden';
  if (m.by && blocks.has(m.by)) return 'adm_chatBlocked';
  return null;
}
