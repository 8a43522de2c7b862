// Players protect themselves: report a name or a chat message (with a reason), block a player.
import { useState, type FormEvent } from 'react';
import { call } from '../net/http.js';
import { useI18n } from '../i18n/lookup.js';
import { setBlocks, useBlocked, type Blocked } from './blocks.js';
import { playerSession } from '../net/session.js';
import { REASON_MAX, type BlockRequest, type ReportRequest } from '@mindmgmt/table';

/** What is reported: a report's body without its reason. */
type Reported = ReportRequest extends infer R ? (R extends unknown ? Omit<R, 'reason'> : never) : never;

function ReportForm({ body, label }: { body: Reported; label: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [msg, setMsg] = useState<string | null>(null);
  if (!playerSession()) return null;
  if (msg) return <small role="status">{msg}</small>;
  if (!open)
    return (
      <button className="link" onClick={() => setOpen(true)}>
        {label}
      </button>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    call('POST', '/api/reports', { ...body, reason } satisfies ReportRequest).then(
      () => setMsg(t('adm_reported')),
      (err: Error) => setMsg(err.message),
    );
  };
  return (
    <form className="row" onSubmit={submit}>
      <input
        aria-label={t('adm_reportWhy')}
        placeholder={t('adm_reportWhy')}
        value={reason}
        maxLength={REASON_MAX}
        required
        onChange={(e) => setReason(e.target.value)}
      />
      <button type="submit">{t('adm_report')}</button>
    </form>
  );
}

/** A message's report button: not on one's own messages. */
export function ReportChat({ gameId, n, by }: { gameId: string; n: number; by: string }) {
  const { t } = useI18n();
  if (playerSession()?.id === by) return null;
  return <ReportForm body={{ kind: 'chat', gameId, n }} label={t('adm_report')} />;
}

/** On a public profile: report its name, block or unblock its player. */
export function ProfileProtect({ id }: { id: string }) {
  const { t } = useI18n();
  const blocks = useBlocked();
  const [err, setErr] = useState<string | null>(null);
  const me = playerSession();
  if (!me || me.id === id || id.startsWith('bot-')) return null;
  const isBlocked = blocks.has(id);
  const toggle = () =>
    call<{ blocks: Blocked[] }>(
      isBlocked ? 'DELETE' : 'POST',
      isBlocked ? `/api/me/blocks/${encodeURIComponent(id)}` : '/api/me/blocks',
      isBlocked ? undefined : ({ playerId: id } satisfies BlockRequest),
    ).then(
      (r) => setBlocks(r.blocks),
      (e: Error) => setErr(e.message),
    );
  return (
    <div className="row" data-testid="protect">
      <ReportForm body={{ kind: 'name', playerId: id }} label={t('adm_reportName')} />
      <button className="link" onClick={() => void toggle()} title={t('adm_blockHint')}>
        {isBlocked ? t('adm_unblock') : t('adm_block')}
      </button>
      {err ? <small className="error">{err}</small> : null}
    </div>
  );
}
