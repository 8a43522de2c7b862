// The analysis of a finished game, opened from the end dialog and the replay: the
// three moments in words, the chart of possible locations beside the truth, and every activation
// and recruiter turn with the expert's alternative. The server computes it once (202 until then);
// an offline game (`local`: its record) has it computed in the browser's worker instead.
import type { GameAnalysis } from '@mindmgmt/ai';
import type { GameRecord } from '@mindmgmt/engine';
import { useEffect, useRef, useState } from 'react';
import { api } from '../net/http.js';
import { useI18n } from '../i18n/lookup.js';
import { AnalysisChart } from './Chart.js';
import { actionWords, momentWords, playedActions, playedWords } from './describe.js';
import { analyseLocally } from './local-analysis.js';
import './analysis.css';

/** How often to ask again while the server computes (it answers 202 at once each time). */
const POLL_MS = 2_000;

export function Analysis({ gameId, onClose, local }: { gameId: string; onClose: () => void; local?: GameRecord }) {
  const i18n = useI18n();
  const { t } = i18n;
  const [a, setA] = useState<GameAnalysis | null>(null);
  const [err, setErr] = useState<string | null>(null);
  // the table hands in a fresh copy of an offline game's record on each render: read the latest,
  // start once per game
  const record = useRef(local);
  record.current = local;
  const offline = local !== undefined;
  useEffect(() => {
    window.scrollTo(0, 0);
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = offline ? () => analyseLocally(gameId, record.current!) : () => api.analysis(gameId);
    const poll = (): void => {
      ask().then(
        (r) => {
          if (!live) return;
          if ('status' in r) timer = setTimeout(poll, POLL_MS);
          else setA(r);
        },
        (e: unknown) => live && setErr(e instanceof Error ? e.message : String(e)),
      );
    };
    poll();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [gameId, offline]);

  const head = (
    <div className="panel-head">
      <h2>{t('an_title')}</h2>
      <button onClick={onClose}>{t('an_back')}</button>
    </div>
  );
  if (err)
    return (
      <section className="analysis panel" aria-label={t('an_title')}>
        {head}
        <p role="alert">{t('an_failed', { why: err })}</p>
      </section>
    );
  if (!a)
    return (
      <section className="analysis panel" aria-label={t('an_title')} aria-busy="true">
        {head}
        <p className="an-computing">{t('an_computing')}</p>
      </section>
    );
  const pct = (p: number) => Math.round(p * 100);
  const rows = [
    ...a.activations.map((r) => ({ kind: 'activation' as const, r })),
    ...a.turns.map((r) => ({ kind: 'turn' as const, r })),
  ].sort((x, y) => x.r.at - y.r.at);
  return (
    <section className="analysis panel" aria-label={t('an_title')} data-ready="1">
      {head}
      <p className="muted">{t('an_help')}</p>
      <h3>{t('an_momentsTitle')}</h3>
      {a.moments.length ? (
        <ol className="an-moments">
          {a.moments.map((m) => (
            <li key={`${m.kind}${m.index}`}>{momentWords(i18n, a, m)}</li>
          ))}
        </ol>
      ) : (
        <p>{t('an_noMoments')}</p>
      )}
      <AnalysisChart series={a.series} />
      <h3>{t('an_tableTitle')}</h3>
      <div className="an-table-wrap">
        <table className="an-table">
          <thead>
            <tr>
              <th>{t('an_colWhen')}</th>
              <th>{t('an_colWho')}</th>
              <th>{t('an_colPlayed')}</th>
              <th>{t('an_colPossible')}</th>
              <th>{t('an_colExpert')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ kind, r }) => {
              const e = r.expert;
              const played = playedActions(r.actions);
              const move = kind === 'turn' ? played.find((x) => x.type === 'step' || x.type === 'mindSlip') : played[0];
              const same =
                e && move && JSON.stringify({ ...e.action, seat: 0 }) === JSON.stringify({ ...move, seat: 0 });
              const notes: string[] = [];
              const chance = e && 'captureChance' in e ? e.captureChance : null;
              if (chance !== null) notes.push(t('an_captureChance', { p: pct(chance) }));
              if (e?.winEstimate != null) notes.push(t('an_winEstimate', { p: pct(e.winEstimate) }));
              if (e && 'escapes' in e && e.escapes !== null) notes.push(t('an_escapes', { p: pct(e.escapes) }));
              return (
                <tr key={`${kind}${r.index}`} className={kind}>
                  <td>{t('an_when', { time: r.time })}</td>
                  <td>{kind === 'activation' ? i18n.agent(r.agent) : t('an_recruiter')}</td>
                  <td>
                    {playedWords(i18n, r.actions)}
                    {kind === 'activation' && r.captureChance !== null ? (
                      <span className="muted"> ({t('an_captureChance', { p: pct(r.captureChance) })})</span>
                    ) : null}
                  </td>
                  <td>{kind === 'activation' ? `${r.before} → ${r.after}` : `${r.before} → ${r.exposure}`}</td>
                  <td>
                    {e ? (same ? t('an_sameAsPlayed') : actionWords(i18n, e.action)) : '—'}
                    {notes.length ? <span className="muted"> ({notes.join(', ')})</span> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {a.capped ? <p className="muted">{t('an_capped', { n: a.expertDecisions })}</p> : null}
    </section>
  );
}
