// The campaign of a table (seed 001): the ledger per side (wins, losses, streak, SHIFT
// packages opened, module choices for the next game), the form for my side's modules, and at the
// end of a game "Rematch" (sides kept or swapped), which opens the next game of the campaign.
import { useEffect, useState } from 'react';
import { call } from '../net/http.js';
import { saveGame, savedGames } from '../net/saved.js';
import { useI18n } from '../i18n/lookup.js';
import { playerSession } from '../net/session.js';
import { MAX_MODULE_TEXT, MAX_MODULES, type ChooseModulesRequest } from '@mindmgmt/table';

type Side = 'recruiter' | 'agents';
interface SideLedger {
  wins: number;
  losses: number;
  streak: number;
  opened: number;
}
interface CampaignInfo {
  id: string;
  ledger: {
    sides: Record<Side, SideLedger>;
    lastLoser: Side | null;
    seating: Record<Side, string[]>;
    next: Record<Side, { count: number; text: string } | null>;
    games: { gameId: string; winner: Side }[];
  };
  allowance: Record<Side, { min: number; max: number | null }>;
}

const SIDES: readonly Side[] = ['recruiter', 'agents'];

export function CampaignPanel({ gameId, over }: { gameId: string; over: boolean }) {
  const { t } = useI18n();
  const [info, setInfo] = useState<{ campaign: CampaignInfo | null; next: string | null } | null>(null);
  const [rev, setRev] = useState(0);
  const [err, setErr] = useState<string | null>(null);
  const [count, setCount] = useState(0);
  const [text, setText] = useState('');
  useEffect(() => {
    let live = true;
    const load = () =>
      call<{ campaign: CampaignInfo | null; next: string | null }>(
        'GET',
        `/api/games/${encodeURIComponent(gameId)}/campaign`,
      ).then(
        (d) => live && setInfo(d),
        () => undefined,
      );
    void load();
    // The ledger moves when the game ends (a moment after) and when the other side chooses.
    const timer = setInterval(load, 4000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [gameId, rev, over]);
  const seatToken = savedGames()[gameId]?.token ?? null;
  const me = playerSession()?.id ?? null;
  const c = info?.campaign ?? null;
  const mySide = c && me ? SIDES.find((s) => c.ledger.seating[s].includes(me)) : undefined;

  const rematch = async (swapSides: boolean) => {
    setErr(null);
    try {
      const r = await call<{ gameId: string; token: string | null; place: number | null }>(
        'POST',
        `/api/games/${encodeURIComponent(gameId)}/rematch`,
        { token: seatToken, swapSides },
      );
      if (r.token && r.place !== null) saveGame(r.gameId, { token: r.token, place: r.place, name: '', at: Date.now() });
      location.hash = `#/g/${encodeURIComponent(r.gameId)}`;
    } catch (e) {
      setErr((e as Error).message);
    }
  };

  if (!c && !(over && seatToken)) return null;
  return (
    <section className="panel campaign" aria-label={t('cp_campaign')}>
      <h3>{t('cp_campaign')}</h3>
      {c ? (
        <>
          <table aria-label={t('cp_ledger')}>
            <thead>
              <tr>
                <th />
                <th>{t('pl_won')}</th>
                <th>{t('cp_losses')}</th>
                <th>{t('cp_streak')}</th>
                <th>{t('cp_opened')}</th>
                <th>{t('cp_modules')}</th>
              </tr>
            </thead>
            <tbody>
              {SIDES.map((s) => {
                const l = c.ledger.sides[s];
                const next = c.ledger.next[s];
                return (
                  <tr key={s} data-side={s}>
                    <th>{t(`pl_role_${s}`)}</th>
                    <td>{l.wins}</td>
                    <td>{l.losses}</td>
                    <td>{l.streak}</td>
                    <td>{l.opened ? t('cp_openedUpTo', { n: l.opened }) : '—'}</td>
                    <td>{next ? `${next.count}${next.text ? `: ${next.text}` : ''}` : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="muted small">{t('cp_games', { n: c.ledger.games.length })}</p>
          {mySide && !over ? (
            <form
              className="row"
              onSubmit={(e) => {
                e.preventDefault();
                setErr(null);
                call('POST', `/api/campaigns/${encodeURIComponent(c.id)}/modules`, {
                  side: mySide,
                  count,
                  text,
                } satisfies ChooseModulesRequest).then(
                  () => setRev((r) => r + 1),
                  (x: Error) => setErr(x.message),
                );
              }}
            >
              <label>
                {c.allowance[mySide].max !== null
                  ? t('cp_myModulesMax', { role: t(`pl_role_${mySide}`), max: c.allowance[mySide].max })
                  : t('cp_myModules', { role: t(`pl_role_${mySide}`) })}
                <input
                  type="number"
                  min={0}
                  max={MAX_MODULES}
                  value={count}
                  onChange={(e) => setCount(Math.max(0, Math.floor(Number(e.target.value) || 0)))}
                />
              </label>
              <input
                aria-label={t('cp_moduleNotes')}
                value={text}
                maxLength={MAX_MODULE_TEXT}
                onChange={(e) => setText(e.target.value)}
              />
              <button type="submit">{t('cp_save')}</button>
            </form>
          ) : null}
          <a className="button" href={`/api/campaigns/${encodeURIComponent(c.id)}?download=1`} download>
            {t('cp_export')}
          </a>
        </>
      ) : null}
      {over && seatToken ? (
        info?.next ? (
          <a className="button primary" href={`#/g/${encodeURIComponent(info.next)}`}>
            {t('cp_next')}
          </a>
        ) : (
          <div className="btnrow">
            <button className="primary" onClick={() => void rematch(false)}>
              {t('cp_rematchKeep')}
            </button>
            <button onClick={() => void rematch(true)}>{t('cp_rematchSwap')}</button>
          </div>
        )
      ) : null}
      {err ? (
        <p className="error" role="alert">
          {err}
        </p>
      ) : null}
    </section>
  );
}
