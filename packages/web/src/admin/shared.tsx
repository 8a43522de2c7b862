// What every screen needs of moderation: the announcement banner, the admin link (only for those
// with a role), and a chat message's text as this reader sees it (hidden by a moderator, from a
// player this profile blocked (players/blocks.ts), or as written).
import { useEffect, useState } from 'react';
import type { ChatMessage } from '@mindmgmt/table';
import { call } from '../net/http.js';
import { useI18n } from '../i18n/lookup.js';
import { playerSession } from '../net/session.js';
import { useBlocked } from '../players/blocks.js';
import { chatNote } from './chat-note.js';

export function ChatText({ m, quote = false }: { m: ChatMessage; quote?: boolean }) {
  const { t } = useI18n();
  const blocks = useBlocked();
  const note = m.removed ? 'chat_removed' : chatNote(m, blocks);
  if (note) return <i className="muted">{t(note)}</i>;
  return quote ? <q>{m.text}</q> : <span>{m.text}</span>;
}

export function AnnouncementBanner() {
  const [a, setA] = useState<{ text: string; until: number } | null>(null);
  useEffect(() => {
    let live = true;
    const get = () =>
      void call<{ announcement: { text: string; until: number } | null }>('GET', '/api/announcement').then(
        (r) => live && setA(r.announcement),
        () => undefined,
      );
    get();
    const timer = setInterval(get, 60_000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  if (!a || a.until <= Date.now()) return null;
  return (
    <div className="banner" role="status" data-testid="announcement">
      <strong>{a.text}</strong>
    </div>
  );
}

export function AdminLink() {
  const { t } = useI18n();
  const [role, setRole] = useState<string | null>(null);
  useEffect(() => {
    if (!playerSession()) return;
    call<{ role: string | null }>('GET', '/api/me/role').then(
      (r) => setRole(r.role),
      () => setRole(null),
    );
  }, []);
  return role ? <a href="#/admin">{t('adm_title')}</a> : null;
}
