// End-of-game replay: steps through the game record turn by turn, showing what the agents knew
// (their view at that moment) beside where the recruiter really was (the path so far).
import { ChatLine, ChatTranscript, useStoredChat } from './table/Chat.js';
import { interleave } from './table/chat-in-log.js';
import { useEffect, useMemo, useState } from 'react';
import {
  actionFromRecord,
  applyLogged,
  applyNote,
  checkRecord,
  gameFromRecord,
  type Notes,
  recordNotes,
  view as viewOf,
  type GameRecord,
  type GameState,
  type View,
} from '@mindmgmt/engine';
import { api } from './api.js';
import { Board } from './Board.js';
import { useBelief } from './deduction.js';
import { useI18n } from './i18n.js';
import { eventText } from './log.js';
import { TimeTrack } from './TimeTrack.js';

interface Frame {
  agents: View;
  /** The white notes at this point: from legacy `note` actions as they come, and the record's
   * final notes on the last frame (notes are not moves, so newer records keep only those). */
  notes: Notes;
  path: readonly number[];
  time: number;
}

function framesOf(record: GameRecord): Frame[] | string {
  const bad = checkRecord(record);
  if (bad) return bad;
  let s: GameState = gameFromRecord(record);
  let notes: Notes = [];
  const frames: Frame[] = [];
  const snap = (st: GameState) => frames.push({ agents: viewOf(st, 1), notes, path: [...st.path], time: st.time });
  for (let i = 0; i < record.actions.length; i++) {
    const a = actionFromRecord(record.actions[i]);
    if ('ok' in a) return a.message;
    // A record's actions are a stored log: older ones hold `note` actions (applyLogged).
    const r = applyLogged(s, a);
    if (!r.ok) return r.message;
    const before = s;
    s = r.state;
    if (a.type === 'note') notes = applyNote(notes, a);
    if (i === record.actions.length - 1) notes = recordNotes(record) ?? notes;
    // one frame each time the time token moves (each setup step, then each recruiter turn)
    if (s.time !== before.time || i === record.actions.length - 1) snap(s);
  }
  if (!frames.length) {
    notes = recordNotes(record) ?? notes;
    snap(s);
  }
  return frames;
}

export function Replay({ gameId, onClose }: { gameId: string; onClose: () => void }) {
  const i18n = useI18n();
  const { t } = i18n;
  const [record, setRecord] = useState<GameRecord | null>(null);
  const [err, setErr] = useState<string | null>(null);
  const [i, setI] = useState(0);
  const chat = useStoredChat(gameId);
  useEffect(() => {
    // A busy server or a dropped connection fails a fetch now and then: try twice more before
    // showing the error (the record is the same every time).
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
  }, [gameId]);
  const frames = useMemo(() => (record ? framesOf(record) : null), [record]);
  const current = Array.isArray(frames) ? (frames[Math.min(i, frames.length - 1)] ?? null) : null;
  // The candidate set turn by turn: what the public facts proved at that moment.
  const belief = useBelief(`replay:${gameId}`, current?.agents ?? null, true);
  if (err || typeof frames === 'string')
    return (
      <div className="panel error">
        {err ?? String(frames)} <button onClick={onClose}>{t('close')}</button>
      </div>
    );
  if (!frames) return <div className="panel">…</div>;
  const f = frames[Math.min(i, frames.length - 1)]!;
  const n = frames.length;
  // The frame's last 6 events, with what the table said among them (and since them) by then.
  const items = interleave(f.agents.log, chat, 'until');
  const firstShown = Math.max(0, f.agents.log.length - 6);
  const lastItems = items.filter((x) => (x.kind === 'chat' ? (x.m.logAt ?? 0) >= firstShown : x.i >= firstShown));
  return (
    <section className="replay" aria-label={t('replayTitle')}>
      <div className="panel-head">
        <h2>{t('replayTitle')}</h2>
        <button onClick={onClose}>{t('backToTable')}</button>
      </div>
      <div className="btnrow replay-nav">
        <button onClick={() => setI(0)} disabled={i === 0}>
          « {t('first')}
        </button>
        <button onClick={() => setI(Math.max(0, i - 1))} disabled={i === 0}>
          ◀ {t('prev')}
        </button>
        <span aria-live="polite" className="replay-pos">
          {t('replayStep', { i: i + 1, n })} · {t('time')} {String(f.time).padStart(2, '0')}:00
        </span>
        <button onClick={() => setI(Math.min(n - 1, i + 1))} disabled={i >= n - 1}>
          {t('next')} ▶
        </button>
        <button onClick={() => setI(n - 1)} disabled={i >= n - 1}>
          {t('last')} »
        </button>
      </div>
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
      <ol className="log small">
        {lastItems.map((x) =>
          x.kind === 'chat' ? <ChatLine key={`c${x.m.n}`} m={x.m} /> : <li key={x.i}>{eventText(i18n, x.e)}</li>,
        )}
      </ol>
      <ChatTranscript messages={chat} />
    </section>
  );
}
