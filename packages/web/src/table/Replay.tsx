// End-of-game replay: steps through the game record action by action or hour by hour (buttons,
// left/right keys), showing what the agents knew (their view at that moment) beside where the
// recruiter really was (the path so far). Both boards fit the screen (replay.css).
import { ChatLine, ChatTranscript, useStoredChat } from './Chat.js';
import { interleave } from './chat-in-log.js';
import { useEffect, useMemo, useState } from 'react';
import {
  actionFromRecord,
  applyLogged,
  applyNote,
  checkRecord,
  gameFromRecord,
  type Notes,
  recordNotes,
  standingActions,
  view as viewOf,
  type GameRecord,
  type GameState,
  type View,
} from '@mindmgmt/engine';
import { api } from '../net/http.js';
import { Board } from './Board.js';
import { useBelief } from './deduction.js';
import type { AssistantMode } from './assistant.js';
import './replay.css';
import { useI18n } from '../i18n/lookup.js';
import { eventText } from './log.js';
import { TimeTrack } from './TimeTrack.js';
import { Analysis } from '../analysis/Analysis.js';

/** One step of the replay, built from the record (not a frame of the table session: the replay
 * has the whole record and needs no server frame). */
interface ReplayStep {
  agents: View;
  /** The white notes at this point: from legacy `note` actions as they come, and the record's
   * final notes on the last frame (notes are not moves, so newer records keep only those). */
  notes: Notes;
  path: readonly number[];
  time: number;
  /** How many log entries there were before this frame's action: the entries from here on are
   * what the action did. */
  logBefore: number;
}

/** One frame per action of the record as played (the replay steps by action, and by
 * hour through `hourStarts`): an action taken back and its undo are applied but get no frame
 * (D12); a record without actions gives one frame of the start. */
export function framesOf(record: GameRecord): ReplayStep[] | string {
  const bad = checkRecord(record);
  if (bad) return bad;
  let s: GameState = gameFromRecord(record);
  let notes: Notes = [];
  const frames: ReplayStep[] = [];
  let logBefore = viewOf(s, 1).log.length;
  const snap = (st: GameState) => {
    const agents = viewOf(st, 1);
    frames.push({ agents, notes, path: [...st.path], time: st.time, logBefore });
    logBefore = agents.log.length;
  };
  const stands = standingActions(record.actions);
  const last = stands.lastIndexOf(true);
  for (let i = 0; i < record.actions.length; i++) {
    const a = actionFromRecord(record.actions[i]);
    if ('ok' in a) return a.message;
    // A record's actions are a stored log: older ones hold `note` actions (applyLogged).
    const r = applyLogged(s, a);
    if (!r.ok) return r.message;
    s = r.state;
    if (a.type === 'note') notes = applyNote(notes, a);
    if (!stands[i]) continue;
    if (i === last) notes = recordNotes(record) ?? notes;
    snap(s);
  }
  if (!frames.length) {
    notes = recordNotes(record) ?? notes;
    snap(s);
  }
  return frames;
}

/** The frames where an hour ends: the last action before the time token moves (each setup step,
 * then each recruiter turn), and the last frame. Stepping by hour goes from one to the next. */
export function hourStarts(times: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < times.length; i++) if (i === times.length - 1 || times[i + 1] !== times[i]) out.push(i);
  return out;
}

/** The next frame from `i` in a direction, by action or by hour. */
export function stepFrom(i: number, dir: -1 | 1, by: 'action' | 'hour', hours: readonly number[], n: number): number {
  if (by === 'action') return Math.max(0, Math.min(n - 1, i + dir));
  if (dir > 0) return hours.find((h) => h > i) ?? n - 1;
  return [...hours].reverse().find((h) => h < i) ?? 0;
}

export function Replay({
  gameId,
  onClose,
  assistant = 'full',
  local,
}: {
  gameId: string;
  onClose: () => void;
  /** An offline game's record: replayed from here, nothing is asked of the server. */
  local?: GameRecord;
  /** The table's deduction assistant: off, the replay shows no candidates either. */
  assistant?: AssistantMode;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const [record, setRecord] = useState<GameRecord | null>(local ?? null);
  const [err, setErr] = useState<string | null>(null);
  const [i, setI] = useState(0);
  const [by, setBy] = useState<'action' | 'hour'>('action');
  const [analysis, setAnalysis] = useState(false);
  const chat = useStoredChat(gameId, !local);
  // The replay replaces the table where the page was scrolled to (the end panel): start at the top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  useEffect(() => {
    // A busy server or a dropped connection fails a fetch now and then: try twice more before
    // showing the error (the record is the same every time).
    if (local) return;
    let live = true;
    const load = (left: number): void => {
      api.record(gameId).then(
        (r) => live && setRecord(r as GameRecord),
        (e: unknown) => {
          if (!live) return;
          if (left > 0) setTimeout(() => load(left - 1), 1000);
          else setErr(e instanceof Error ? e.message : String(e));
        },
      );
    };
    load(2);
    return () => {
      live = false;
    };
  }, [gameId, local]);
  const frames = useMemo(() => (record ? framesOf(record) : null), [record]);
  const n = Array.isArray(frames) ? frames.length : 0;
  const hours = useMemo(() => (Array.isArray(frames) ? hourStarts(frames.map((f) => f.time)) : []), [frames]);
  const current = Array.isArray(frames) ? (frames[Math.min(i, frames.length - 1)] ?? null) : null;
  // The candidate set turn by turn: what the public facts proved at that moment.
  const belief = useBelief(`replay:${gameId}`, current?.agents ?? null, assistant !== 'off');
  // Left/right step (by the chosen unit), Home/End jump, anywhere on the page but in a field.
  useEffect(() => {
    if (!n) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const el = e.target as HTMLElement | null;
      if (el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName))) return;
      const to =
        e.key === 'ArrowLeft'
          ? (x: number) => stepFrom(x, -1, by, hours, n)
          : e.key === 'ArrowRight'
            ? (x: number) => stepFrom(x, 1, by, hours, n)
            : e.key === 'Home'
              ? () => 0
              : e.key === 'End'
                ? () => n - 1
                : null;
      if (!to) return;
      e.preventDefault();
      setI((x) => to(Math.min(x, n - 1)));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [n, by, hours]);
  if (analysis) return <Analysis gameId={gameId} onClose={() => setAnalysis(false)} {...(local ? { local } : {})} />;
  if (err || typeof frames === 'string')
    return (
      <div className="panel error">
        {err ?? String(frames)} <button onClick={onClose}>{t('close')}</button>
      </div>
    );
  if (!frames) return <div className="panel">…</div>;
  const at = Math.min(i, n - 1);
  const f = frames[at]!;
  const hourNo = hours.findIndex((h) => h >= at) + 1;
  // What this frame's action did, then the 6 events before, with what the table said among them.
  const items = interleave(f.agents.log, chat, 'until');
  const firstShown = Math.max(0, Math.min(f.logBefore, f.agents.log.length - 6));
  const lastItems = items.filter((x) => (x.kind === 'chat' ? (x.m.logAt ?? 0) >= firstShown : x.i >= firstShown));
  const step = (dir: -1 | 1) => setI(stepFrom(at, dir, by, hours, n));
  return (
    <section className="replay" aria-label={t('replayTitle')} data-step={at} data-frames={n} data-time={f.time}>
      <div className="panel-head">
        <h2>{t('replayTitle')}</h2>
        <button onClick={() => setAnalysis(true)}>{t('an_open')}</button>
        <button onClick={onClose}>{t('backToTable')}</button>
      </div>
      <div className="btnrow replay-nav">
        <button onClick={() => setI(0)} disabled={at === 0}>
          « {t('first')}
        </button>
        <button onClick={() => step(-1)} disabled={at === 0}>
          ◀ {t('prev')}
        </button>
        <span aria-live="polite" className="replay-pos">
          {by === 'action' ? t('replayAction', { i: at + 1, n }) : t('replayHour', { i: hourNo, n: hours.length })} ·{' '}
          {t('time')} {String(f.time).padStart(2, '0')}:00
        </span>
        <button onClick={() => step(1)} disabled={at >= n - 1}>
          {t('next')} ▶
        </button>
        <button onClick={() => setI(n - 1)} disabled={at >= n - 1}>
          {t('last')} »
        </button>
        <span className="replay-by" role="group" aria-label={t('replayStepBy')}>
          {/* buttons, not radios: a radio would take the left/right keys the replay steps with */}
          {(['action', 'hour'] as const).map((u) => (
            <button key={u} aria-pressed={by === u} onClick={() => setBy(u)}>
              {t(u === 'action' ? 'replayByAction' : 'replayByHour')}
            </button>
          ))}
        </span>
      </div>
      <p className="muted replay-keys">{t('replayKeys')}</p>
      <div className="replay-track">
        <TimeTrack view={f.agents} />
      </div>
      <div className="replay-boards">
        <div>
          <h3>{t('agentsKnew')}</h3>
          <Board view={f.agents} notes={f.notes} heat={belief?.weights ?? null} label={t('agentsKnew')} />
          {belief ? <p className="replay-candidates">{t('dedCandidates', { n: belief.candidates })}</p> : null}
        </div>
        <div>
          <h3>{t('recruiterWas')}</h3>
          <Board view={f.agents} path={f.path} label={t('recruiterWas')} />
        </div>
      </div>
      <ol className="log small replay-log">
        {lastItems.map((x) =>
          x.kind === 'chat' ? (
            <ChatLine key={`c${x.m.n}`} m={x.m} />
          ) : (
            <li key={x.i} className={x.i >= f.logBefore ? 'now' : undefined}>
              {eventText(i18n, x.e, undefined, !!f.agents.result)}
            </li>
          ),
        )}
      </ol>
      <ChatTranscript messages={chat} />
    </section>
  );
}
