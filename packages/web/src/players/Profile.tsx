// The player pages: my profile (#/me: rename, password, sign-in on this device, sign
// out, export, delete), anyone's public profile (#/p/<id>) and the leaderboard (#/leaders).
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { call } from '../net/http.js';
import { saveGame, savedGames } from '../net/saved.js';
import { useI18n } from '../i18n/lookup.js';
import {
  authHeader,
  deviceToken,
  playerOfHandle,
  playerSession,
  rememberHandle,
  setDeviceToken,
  setPlayerSession,
} from '../net/session.js';
import { syncProfileSeats } from './seats.js';
import { PushToggle } from './PushToggle.js';
import { EmailNotify } from './EmailNotify.js';
import { ProfileProtect } from './Protect.js';
// The password caps are the server's rule, checked here too to say it in the page's language.
import {
  HANDLE_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  type CreatePlayerRequest,
  type DeleteProfileRequest,
  type RenameRequest,
  type SetHandleRequest,
  type SetPasswordRequest,
  type SignInRequest,
  type SignOutEverywhereRequest,
  type VacationRequest,
} from '@mindmgmt/table';

/** The old sign-in by player id still works, so profiles made before handles can still sign in. */
const PLAYER_ID = /^p_[A-Za-z0-9_-]{16}$/;

interface Stat {
  role: 'recruiter' | 'agents';
  mode: 'full' | 'training';
  played: number;
  won: number;
}
interface GameEntry {
  gameId: string;
  finishedAt: number;
  role: 'recruiter' | 'agents';
  mode: 'full' | 'training';
  won: boolean;
  rated: boolean;
  /** D14: abandoned by agreement (nobody won; unrated). */
  abandoned?: boolean;
}
export interface ProfileData {
  player: { id: string; name: string; bot: string | null };
  stats: Stat[];
  ratings: { role: 'recruiter' | 'agents'; rating: number; rd: number; games: number; provisional?: boolean }[];
  recent: GameEntry[];
  /** D13: games finished out of games started, over the last 50. */
  finishRate?: { finished: number; started: number };
  hasPassword?: boolean;
  /** Only on #/me: the handle this profile signs in with. */
  handle?: string | null;
}

function History({ p }: { p: ProfileData }) {
  const { t } = useI18n();
  return (
    <>
      {p.finishRate?.started ? (
        <p className="finish-rate" data-finish-rate={`${p.finishRate.finished}/${p.finishRate.started}`}>
          {t('fr_rate', { finished: p.finishRate.finished, started: p.finishRate.started })}
        </p>
      ) : null}
      <h3>{t('pl_stats')}</h3>
      {p.stats.length ? (
        <table className="stats" aria-label={t('pl_stats')}>
          <thead>
            <tr>
              <th>{t('pl_role')}</th>
              <th>{t('pl_mode')}</th>
              <th>{t('pl_played')}</th>
              <th>{t('pl_won')}</th>
            </tr>
          </thead>
          <tbody>
            {p.stats.map((s) => (
              <tr key={`${s.role}/${s.mode}`}>
                <td>{t(`pl_role_${s.role}`)}</td>
                <td>{t(s.mode)}</td>
                <td>{s.played}</td>
                <td>{s.won}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">{t('pl_noGames')}</p>
      )}
      {p.ratings.length ? (
        <>
          <h3>{t('pl_ratings')}</h3>
          <ul aria-label={t('pl_ratings')}>
            {p.ratings.map((r) => (
              <li key={r.role}>
                {t(`pl_role_${r.role}`)}
                {t('colon')}
                {Math.round(r.rating)}
                {r.provisional ? (
                  <abbr title={t('rt_provisional')} data-testid="provisional">
                    ?
                  </abbr>
                ) : null}{' '}
                ± {Math.round(2 * r.rd)} ({r.games})
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {p.recent.length ? (
        <>
          <h3>{t('pl_recent')}</h3>
          <ul aria-label={t('pl_recent')}>
            {p.recent.map((g) => (
              <li key={g.gameId}>
                {new Date(g.finishedAt).toLocaleDateString()} · {t(`pl_role_${g.role}`)} · {t(g.mode)} ·{' '}
                {t(g.abandoned ? 'pl_abandoned' : g.won ? 'pl_win' : 'pl_loss')}
                {g.rated ? '' : ` · ${t('pl_unrated')}`} ·{' '}
                <a href={`#/g/${encodeURIComponent(g.gameId)}?watch`}>{t('pl_replay')}</a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

function Form({ label, onSubmit, children }: { label: string; onSubmit: () => Promise<void>; children: ReactNode }) {
  return (
    <form
      className="row"
      aria-label={label}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      {children}
      <button type="submit">{label}</button>
    </form>
  );
}

/** #/p/<id>: anyone's public profile. */
export function PublicProfile({ id }: { id: string }) {
  const { t } = useI18n();
  const [p, setP] = useState<ProfileData | null>(null);
  const [err, setErr] = useState<string | null>(null);
  useEffect(() => {
    call<ProfileData>('GET', `/api/players/${encodeURIComponent(id)}`).then(setP, (e: Error) => setErr(e.message));
  }, [id]);
  if (err) return <p className="panel error">{err}</p>;
  if (!p) return <p className="panel">{t('connecting')}</p>;
  return (
    <section className="panel profile" aria-label={p.player.name}>
      <h2>{p.player.name}</h2>
      <ProfileProtect id={p.player.id} />
      <History p={p} />
    </section>
  );
}

/** #/me: this browser's profile. */
export function MyProfile() {
  const { t } = useI18n();
  const [rev, setRev] = useState(0);
  const [p, setP] = useState<ProfileData | null>(null);
  const [msg, setMsg] = useState<string | null>(null);
  const [err, setErr] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [pw, setPw] = useState('');
  const [current, setCurrent] = useState('');
  const [signId, setSignId] = useState('');
  const [signPw, setSignPw] = useState('');
  const [handle, setHandle] = useState('');
  const [confirm, setConfirm] = useState('');
  const session = playerSession();
  useEffect(() => {
    if (!session) return setP(null);
    call<ProfileData>('GET', '/api/me').then(
      (d) => {
        setP(d);
        setName(d.player.name);
        setHandle(d.handle ?? '');
      },
      (e: Error & { code?: string }) => {
        if (e.code === 'signed_out') setPlayerSession(null);
        setErr(e.message);
        setP(null);
      },
    );
  }, [rev]);
  const run = (f: () => Promise<unknown>, done?: string) => async () => {
    setErr(null);
    setMsg(null);
    try {
      await f();
      if (done) setMsg(done);
      setRev((r) => r + 1);
    } catch (e) {
      setErr((e as Error).message);
    }
  };
  const signInForm = (
    <Form
      label={t('pl_signIn')}
      onSubmit={run(async () => {
        const who = signId.trim();
        const byId = PLAYER_ID.test(who);
        const known = byId ? who : playerOfHandle(who);
        const r = await call<{ player: { id: string }; token: string; device?: string }>('POST', '/api/sessions', {
          ...(byId ? { playerId: who } : { handle: who }),
          password: signPw,
          device: known ? deviceToken(known) : undefined,
        } satisfies SignInRequest);
        setPlayerSession({ id: r.player.id, token: r.token });
        setDeviceToken(r.player.id, r.device);
        if (!byId) rememberHandle(who, r.player.id);
        setSignPw('');
        // The tables this profile holds, kept on this device so they open in their seats.
        await syncProfileSeats();
      })}
    >
      <span className="muted">{t('hd_signInHint')}</span>
      <label className="field">
        {t('hd_handle')}
        <input autoComplete="username" value={signId} onChange={(e) => setSignId(e.target.value)} />
      </label>
      <label className="field">
        {t('pl_password')}
        <input
          type="password"
          autoComplete="current-password"
          value={signPw}
          onChange={(e) => setSignPw(e.target.value)}
        />
      </label>
    </Form>
  );
  const status = (
    <>
      {msg ? <p role="status">{msg}</p> : null}
      {err ? (
        <p className="error" role="alert">
          {err}
        </p>
      ) : null}
    </>
  );
  if (!session || !p)
    return (
      <section className="panel profile" aria-label={t('pl_profile')}>
        <h2>{t('pl_profile')}</h2>
        {status}
        <p>{t('pl_none')}</p>
        <Form
          label={t('pl_create')}
          onSubmit={run(async () => {
            const r = await call<{ player: { id: string }; token: string }>('POST', '/api/players', {
              name,
            } satisfies CreatePlayerRequest);
            setPlayerSession({ id: r.player.id, token: r.token });
          })}
        >
          <input
            aria-label={t('pl_name')}
            value={name}
            maxLength={NAME_MAX}
            onChange={(e) => setName(e.target.value)}
          />
        </Form>
        {signInForm}
      </section>
    );
  return (
    <section className="panel profile" aria-label={t('pl_profile')}>
      <h2>{p.player.name}</h2>
      {status}
      <p>
        {t('pl_id')}
        {t('colon')}
        <code data-testid="player-id">{p.player.id}</code>
      </p>
      <Form
        label={t('pl_rename')}
        onSubmit={run(() => call('PATCH', '/api/me', { name } satisfies RenameRequest), t('pl_saved'))}
      >
        <input aria-label={t('pl_name')} value={name} maxLength={NAME_MAX} onChange={(e) => setName(e.target.value)} />
      </Form>
      <Form
        label={t('hd_save')}
        onSubmit={run(async () => {
          const r = await call<{ handle: string }>('PUT', '/api/me/handle', { handle } satisfies SetHandleRequest);
          rememberHandle(r.handle, p.player.id);
        }, t('pl_saved'))}
      >
        <label className="field">
          {t('hd_handle')}
          <input
            autoComplete="username"
            aria-describedby="handle-hint"
            value={handle}
            maxLength={HANDLE_MAX}
            onChange={(e) => setHandle(e.target.value)}
          />
        </label>
        <span className="muted" id="handle-hint">
          {p.handle ? t('hd_hint') : `${t('hd_none')} ${t('hd_hint')}`}
        </span>
      </Form>
      <PushToggle />
      <EmailNotify />
      <VacationControl />
      <Form
        label={t('pl_setPassword')}
        onSubmit={run(async () => {
          // Said in the player's language before asking the server (same rule: code points).
          const length = [...pw].length;
          if (length < PASSWORD_MIN) throw new Error(t('pw_tooShort', { n: PASSWORD_MIN }));
          if (pw.length > PASSWORD_MAX) throw new Error(t('pw_tooLong', { n: PASSWORD_MAX }));
          const r = await call<{ device?: string }>(
            'POST',
            '/api/me/password',
            (p.hasPassword ? { password: pw, current } : { password: pw }) satisfies SetPasswordRequest,
          );
          setDeviceToken(p.player.id, r.device);
          setPw('');
          setCurrent('');
        }, t('pl_saved'))}
      >
        {p.hasPassword ? (
          <label className="field">
            {t('pl_currentPassword')}
            <input
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
            />
          </label>
        ) : null}
        <label className="field">
          {t('pl_password')}
          <input
            type="password"
            autoComplete="new-password"
            aria-describedby="password-hint"
            value={pw}
            onChange={(e) => setPw(e.target.value)}
          />
        </label>
        <span className="muted" id="password-hint">
          {t('pl_passwordHint')}
        </span>
      </Form>
      <div className="row">
        <button
          onClick={run(async () => {
            const r = await call<{ ended: number; seats?: { gameId: string; place: number; token: string }[] }>(
              'DELETE',
              '/api/sessions',
              { keepThisDevice: true } satisfies SignOutEverywhereRequest,
            );
            // Every seat token was replaced: this device keeps its tables with the new ones.
            const saved = savedGames();
            for (const s of r.seats ?? [])
              if (saved[s.gameId]?.place === s.place) saveGame(s.gameId, { ...saved[s.gameId]!, token: s.token });
            setMsg(t('pl_signedOutAll', { n: r.ended }));
          })}
        >
          {t('pl_signOutAll')}
        </button>
        <button
          onClick={run(async () => {
            await call('DELETE', '/api/sessions/current');
            setPlayerSession(null);
          })}
        >
          {t('pl_signOut')}
        </button>
        <button
          onClick={run(async () => {
            // The token stays in the header: fetched here and saved as a file, not opened by URL.
            const res = await fetch('/api/me/export', { headers: authHeader() });
            const url = URL.createObjectURL(await res.blob());
            const a = document.createElement('a');
            a.href = url;
            a.download = 'mindmgmt-player.json';
            a.click();
            URL.revokeObjectURL(url);
          })}
        >
          {t('pl_export')}
        </button>
      </div>
      <History p={p} />
      <Form
        label={t('pl_delete')}
        onSubmit={run(async () => {
          await call('DELETE', '/api/me', { confirm } satisfies DeleteProfileRequest);
          setPlayerSession(null);
        }, t('pl_deleted'))}
      >
        <label className="field">
          {t('pl_deleteConfirm')}
          <input value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        </label>
      </Form>
    </section>
  );
}

interface Leader {
  id: string;
  name: string;
  bot: string | null;
  rating: number;
  rd: number;
  games: number;
}

interface Board {
  role: 'recruiter' | 'agents';
  minGames: number;
  /** Ratings with a larger deviation are provisional and not listed. */
  maxRd: number;
  players: Leader[];
}

/** #/leaders: one board per role. */
export function Leaderboard() {
  const { t } = useI18n();
  const [boards, setBoards] = useState<Board[]>([]);
  useEffect(() => {
    void Promise.all(
      (['recruiter', 'agents'] as const).map((role) => call<Board>('GET', `/api/leaderboard?role=${role}`)),
    ).then(setBoards, () => setBoards([]));
  }, []);
  return (
    <section className="panel leaders" aria-label={t('pl_leaders')}>
      <h2>{t('pl_leaders')}</h2>
      {boards[0] ? (
        <p className="muted">
          {t('pl_boardMin', { n: boards[0].minGames })} {t('rt_boardProvisional', { rd: boards[0].maxRd })}{' '}
          {t('rt_note')}
        </p>
      ) : null}
      {boards.map((b) => (
        <div key={b.role}>
          <h3>{t(`pl_role_${b.role}`)}</h3>
          {b.players.length ? (
            <ol aria-label={t(`pl_role_${b.role}`)}>
              {b.players.map((x) => (
                <li key={x.id}>
                  <a href={`#/p/${encodeURIComponent(x.id)}`}>{x.name}</a> {Math.round(x.rating)} ±{' '}
                  {Math.round(2 * x.rd)} ({x.games})
                </li>
              ))}
            </ol>
          ) : (
            <p className="muted">{t('pl_boardEmpty')}</p>
          )}
        </div>
      ))}
    </section>
  );
}

/** D13: a vacation from turn-based play (the clocks of the player's turn-based games wait). */
function VacationControl() {
  const { t } = useI18n();
  const [days, setDays] = useState(7);
  const [said, setSaid] = useState<string | null>(null);
  return (
    <p className="vacation">
      <label>
        {t('vc_label')}{' '}
        <select name="vacationDays" value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {[1, 3, 7, 14].map((d) => (
            <option key={d} value={d}>
              {t('vc_days', { n: d })}
            </option>
          ))}
        </select>
      </label>{' '}
      <button
        type="button"
        onClick={() =>
          void call<{ until: number; usedDays: number; perYear: number }>('POST', '/api/me/vacation', {
            days,
          } satisfies VacationRequest).then(
            (v) =>
              setSaid(
                t('vc_until', {
                  date: new Date(v.until).toLocaleDateString(),
                  left: v.perYear - v.usedDays,
                }),
              ),
            (e: unknown) => setSaid(e instanceof Error ? e.message : String(e)),
          )
        }
      >
        {t('vc_take')}
      </button>{' '}
      {said ? <span role="status">{said}</span> : null}
    </p>
  );
}
