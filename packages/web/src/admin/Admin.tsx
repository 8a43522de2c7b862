// #/admin: the admin area (docs/players.md "Running it in public"), for operators and moderators
// only; the server checks the role on every request, this screen only hides what it cannot do.
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { call } from '../net/http.js';
import { useI18n, type StringKey } from '../i18n/lookup.js';
import { authHeader } from '../net/session.js';
import {
  ANNOUNCEMENT_MAX,
  FIND_QUERY_MAX,
  NAME_MAX,
  REASON_MAX,
  type AdminRenameRequest,
  type BanRequest,
  type EndTableRequest,
  type HideChatRequest,
  type ReasonRequest,
  type RoleRequest,
} from '@mindmgmt/table';

type Role = 'operator' | 'moderator' | null;
interface Found {
  id: string;
  name: string;
  handle: string | null;
  role: Role;
  ban: { reason: string; until: number | null } | null;
}
interface TableRow {
  id: string;
  title: string;
  status: string;
  updatedAt: number;
}
interface Report {
  id: number;
  at: number;
  kind: 'chat' | 'name';
  target: string | null;
  gameId: string | null;
  n: number | null;
  text: string;
  reason: string;
  context: { around?: { n: number; name: string; text: string }[] };
}
interface Audit {
  id: number;
  at: number;
  actor: string;
  action: string;
  target: string | null;
  reason: string | null;
}

/** "2026-12-31T18:00" (a datetime-local input) -> epoch ms, or null when empty. */
const fromLocal = (s: string): number | null => (s ? new Date(s).getTime() : null);
const when = (ms: number) => new Date(ms).toLocaleString();

function useAct() {
  const { t } = useI18n();
  const [msg, setMsg] = useState<string | null>(null);
  const act = (f: () => Promise<unknown>, then?: () => void) =>
    f().then(
      () => {
        setMsg(t('adm_done'));
        then?.();
      },
      (e: Error) => setMsg(e.message),
    );
  const note = msg ? (
    <p role="status" data-testid="admin-status">
      {msg}
    </p>
  ) : null;
  return { act, note };
}

function Reason({ value, set }: { value: string; set: (s: string) => void }) {
  const { t } = useI18n();
  return (
    <input
      aria-label={t('adm_reason')}
      placeholder={t('adm_reason')}
      value={value}
      maxLength={REASON_MAX}
      required
      onChange={(e) => set(e.target.value)}
    />
  );
}

function PlayerRow({ p, me, reload }: { p: Found; me: Role; reload: () => void }) {
  const { t } = useI18n();
  const [reason, setReason] = useState('');
  const [name, setName] = useState('');
  const [until, setUntil] = useState('');
  const { act, note } = useAct();
  const path = `/api/admin/players/${p.id}`;
  const stop = (f: () => void) => (e: FormEvent) => {
    e.preventDefault();
    f();
  };
  return (
    <li data-testid="admin-player">
      <b>{p.name}</b> {p.handle ? <code>@{p.handle}</code> : null} <small>{p.id}</small>{' '}
      {p.role ? <em>{t(`adm_role_${p.role}` as StringKey)}</em> : null}{' '}
      {p.ban ? (
        <strong>
          {t('adm_banned')}
          {t('colon')}
          {p.ban.reason} {p.ban.until ? `(${when(p.ban.until)})` : ''}
        </strong>
      ) : null}
      {p.role !== 'operator' && (p.role === null || me === 'operator') ? (
        <form className="row" onSubmit={stop(() => undefined)}>
          <Reason value={reason} set={setReason} />
          <input
            aria-label={t('adm_newName')}
            placeholder={t('adm_newName')}
            value={name}
            maxLength={NAME_MAX}
            onChange={(e) => setName(e.target.value)}
          />
          <button
            type="button"
            disabled={!reason || !name}
            onClick={() =>
              act(() => call('PUT', `${path}/name`, { name, reason } satisfies AdminRenameRequest), reload)
            }
          >
            {t('adm_rename')}
          </button>
          <label>
            {t('adm_until')} <input type="datetime-local" value={until} onChange={(e) => setUntil(e.target.value)} />
          </label>
          {p.ban ? (
            <button
              type="button"
              disabled={!reason}
              onClick={() => act(() => call('POST', `${path}/unban`, { reason } satisfies ReasonRequest), reload)}
            >
              {t('adm_unban')}
            </button>
          ) : (
            <button
              type="button"
              disabled={!reason}
              onClick={() =>
                act(() => call('POST', `${path}/ban`, { reason, until: fromLocal(until) } satisfies BanRequest), reload)
              }
            >
              {t('adm_ban')}
            </button>
          )}
          {me === 'operator' ? (
            <button
              type="button"
              disabled={!reason}
              onClick={() =>
                act(
                  () =>
                    call('PUT', `${path}/role`, { moderator: p.role !== 'moderator', reason } satisfies RoleRequest),
                  reload,
                )
              }
            >
              {p.role === 'moderator' ? t('adm_dropMod') : t('adm_makeMod')}
            </button>
          ) : null}
        </form>
      ) : null}
      {note}
    </li>
  );
}

function Players({ me }: { me: Role }) {
  const { t } = useI18n();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<Found[] | null>(null);
  const [err, setErr] = useState<string | null>(null);
  const search = () =>
    call<{ players: Found[] }>('GET', `/api/admin/players?q=${encodeURIComponent(q)}`).then(
      (r) => setFound(r.players),
      (e: Error) => setErr(e.message),
    );
  return (
    <Part title={t('adm_players')}>
      <form className="row" onSubmit={(e) => (e.preventDefault(), void search())}>
        <input
          aria-label={t('adm_find')}
          placeholder={t('adm_find')}
          value={q}
          maxLength={FIND_QUERY_MAX}
          required
          onChange={(e) => setQ(e.target.value)}
        />
        <button type="submit">{t('adm_search')}</button>
      </form>
      {err ? <p className="error">{err}</p> : null}
      {found && !found.length ? <p>{t('adm_none')}</p> : null}
      <ul>
        {found?.map((p) => (
          <PlayerRow key={p.id} p={p} me={me} reload={() => void search()} />
        ))}
      </ul>
    </Part>
  );
}

function Tables() {
  const { t } = useI18n();
  const [status, setStatus] = useState<'lobby' | 'active' | 'over'>('active');
  const [q, setQ] = useState('');
  const [rows, setRows] = useState<TableRow[]>([]);
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState('');
  const { act, note } = useAct();
  const load = () =>
    call<{ tables: TableRow[] }>('GET', `/api/admin/tables?status=${status}&q=${encodeURIComponent(q)}`).then(
      (r) => setRows(r.tables),
      () => setRows([]),
    );
  useEffect(() => void load(), [status]);
  return (
    <Part title={t('adm_tables')}>
      <form className="row" onSubmit={(e) => (e.preventDefault(), void load())}>
        <select aria-label={t('adm_tables')} value={status} onChange={(e) => setStatus(e.target.value as 'lobby')}>
          {(['lobby', 'active', 'over'] as const).map((s) => (
            <option key={s} value={s}>
              {t(`adm_status_${s}` as StringKey)}
            </option>
          ))}
        </select>
        <input aria-label={t('adm_find')} value={q} maxLength={FIND_QUERY_MAX} onChange={(e) => setQ(e.target.value)} />
        <button type="submit">{t('adm_search')}</button>
      </form>
      <div className="row">
        <Reason value={reason} set={setReason} />
        {status === 'active' ? (
          <input
            aria-label={t('adm_notice')}
            placeholder={t('adm_notice')}
            value={notice}
            maxLength={ANNOUNCEMENT_MAX}
            onChange={(e) => setNotice(e.target.value)}
          />
        ) : null}
      </div>
      {note}
      <ul>
        {rows.map((r) => (
          <li key={r.id}>
            <a href={`#/g/${r.id}?watch`}>{r.title}</a> <small>{when(r.updatedAt)}</small>{' '}
            {status === 'active' ? (
              <button
                disabled={!reason || !notice}
                onClick={() =>
                  act(
                    () => call('POST', `/api/admin/tables/${r.id}/end`, { reason, notice } satisfies EndTableRequest),
                    () => void load(),
                  )
                }
              >
                {t('adm_end')}
              </button>
            ) : status === 'lobby' ? (
              <button
                disabled={!reason}
                onClick={() =>
                  act(
                    () => call('POST', `/api/admin/tables/${r.id}/delete`, { reason } satisfies ReasonRequest),
                    () => void load(),
                  )
                }
              >
                {t('adm_delete')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </Part>
  );
}

function Reports() {
  const { t } = useI18n();
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const [rows, setRows] = useState<Report[]>([]);
  const [reason, setReason] = useState('');
  const { act, note } = useAct();
  const load = () =>
    call<{ reports: Report[] }>('GET', `/api/admin/reports?status=${status}`).then(
      (r) => setRows(r.reports),
      () => setRows([]),
    );
  useEffect(() => void load(), [status]);
  return (
    <Part title={t('adm_reports')}>
      <div className="row">
        <select aria-label={t('adm_reports')} value={status} onChange={(e) => setStatus(e.target.value as 'open')}>
          <option value="open">{t('adm_open')}</option>
          <option value="closed">{t('adm_closed')}</option>
        </select>
        <Reason value={reason} set={setReason} />
      </div>
      {note}
      <ul>
        {rows.map((r) => (
          <li key={r.id}>
            <small>{when(r.at)}</small> <b>{r.kind}</b> <q>{r.text}</q> — {r.reason}{' '}
            {r.target ? <a href={`#/p/${r.target}`}>{r.target}</a> : null}
            {r.context.around?.length ? (
              <details>
                <summary>{t('adm_context')}</summary>
                <ol>
                  {r.context.around.map((m) => (
                    <li key={m.n}>
                      <b>{m.name}</b>
                      {t('colon')}
                      {m.text}
                    </li>
                  ))}
                </ol>
              </details>
            ) : null}
            {status === 'open' ? (
              <span className="row">
                {r.kind === 'chat' && r.gameId && r.n ? (
                  <button
                    disabled={!reason}
                    onClick={() =>
                      act(() =>
                        call('POST', '/api/admin/chat/hide', {
                          gameId: r.gameId!,
                          n: r.n!,
                          reason,
                        } satisfies HideChatRequest),
                      )
                    }
                  >
                    {t('adm_hide')}
                  </button>
                ) : null}
                <button
                  disabled={!reason}
                  onClick={() =>
                    act(
                      () => call('POST', `/api/admin/reports/${r.id}/close`, { reason } satisfies ReasonRequest),
                      () => void load(),
                    )
                  }
                >
                  {t('adm_close')}
                </button>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </Part>
  );
}

function Announce() {
  const { t } = useI18n();
  const [text, setText] = useState('');
  const [until, setUntil] = useState('');
  const { act, note } = useAct();
  return (
    <Part title={t('adm_announce')}>
      <form
        className="row"
        onSubmit={(e) => (
          e.preventDefault(),
          void act(() => call('POST', '/api/admin/announcement', { text, until: fromLocal(until) }))
        )}
      >
        <input
          aria-label={t('adm_announceText')}
          placeholder={t('adm_announceText')}
          value={text}
          maxLength={ANNOUNCEMENT_MAX}
          required
          onChange={(e) => setText(e.target.value)}
        />
        <label>
          {t('adm_announceUntil')}{' '}
          <input type="datetime-local" value={until} required onChange={(e) => setUntil(e.target.value)} />
        </label>
        <button type="submit">{t('adm_publish')}</button>
        <button type="button" onClick={() => act(() => call('DELETE', '/api/admin/announcement'))}>
          {t('adm_unpublish')}
        </button>
      </form>
      {note}
    </Part>
  );
}

function AuditLog() {
  const { t } = useI18n();
  const [rows, setRows] = useState<Audit[]>([]);
  useEffect(() => {
    call<{ entries: Audit[] }>('GET', '/api/admin/audit').then(
      (r) => setRows(r.entries),
      () => setRows([]),
    );
  }, []);
  const download = async (format: 'json' | 'csv') => {
    const res = await fetch(`/api/admin/audit?format=${format}`, { headers: authHeader() });
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = `mindmgmt-audit.${format}`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Part title={t('adm_audit')}>
      <div className="row">
        <button onClick={() => void download('json')}>{t('adm_export')} JSON</button>
        <button onClick={() => void download('csv')}>{t('adm_export')} CSV</button>
      </div>
      <table>
        <tbody>
          {rows.slice(0, 100).map((r) => (
            <tr key={r.id}>
              <td>{when(r.at)}</td>
              <td>{r.actor}</td>
              <td>{r.action}</td>
              <td>{r.target}</td>
              <td>{r.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Part>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="panel" aria-label={title}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

export default function Admin() {
  const { t } = useI18n();
  const [role, setRole] = useState<Role | 'loading'>('loading');
  useEffect(() => {
    call<{ role: Role }>('GET', '/api/me/role').then(
      (r) => setRole(r.role),
      () => setRole(null),
    );
  }, []);
  if (role === 'loading') return <p className="panel">{t('connecting')}</p>;
  if (!role)
    return (
      <p className="panel error" data-testid="admin-refused">
        {t('adm_notAllowed')}
      </p>
    );
  return (
    <div className="admin" data-testid="admin">
      <h2>{t('adm_title')}</h2>
      <Players me={role} />
      <Reports />
      <Tables />
      <Announce />
      <AuditLog />
    </div>
  );
}
