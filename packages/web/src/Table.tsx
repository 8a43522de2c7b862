// The table: status line, time track, board, action panel, secret map, cards, notes, log.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  FEATURES,
  LOCATIONS,
  NOTE_TEXT_MAX,
  type Action,
  type FeatureId,
  type GameRecord,
  type Loc,
  type NoteBody,
  type Notes,
  type View,
} from '@mindmgmt/engine';
import type { ClientAction, LobbyInfo } from '@mindmgmt/table';
import { Board, locName } from './Board.js';
import { useControls } from './controls.js';
import { assistantShows, useBelief, type Belief } from './deduction.js';
import { Hints } from './Help.js';
import { AgentIcon, DolphinIcon, FeatureIcon, ImmortalToken, MindSlipIcon } from './icons.js';
import { useI18n, type I18n } from './i18n.js';
import { eventText, reasonText, resultText, seatName, winnerText } from './log.js';
import { Replay } from './Replay.js';
import { Analysis } from './analysis/Analysis.js';
import { TimeTrack } from './TimeTrack.js';
import type { AssistantMode } from './table/assistant.js';
import { TableSettings, useAttention } from './table/attention.js';
import { lastHalfTurns, lastTurnFrom, markNumbers, placesOf, type EventPlace } from './table/event-locs.js';
import { keyName, SHORTCUTS, useShortcuts } from './table/keyboard.js';
import { useAnnouncer } from './table/announce.js';
import type { Pace } from './table/pacing.js';
import { PlayerPanel } from './table/PlayerPanel.js';
import { Chat, ChatLine } from './table/Chat.js';
import { interleave } from './table/chat-in-log.js';
import { CampaignPanel } from './players/Campaign.js';
import type { ChatMessage, ChatState } from './net/chat-state.js';
import type { ChatRequestOut } from '@mindmgmt/table';
import { RuleLink, RuleLinkFor } from './rulebook/RuleLink.js';
import { CHAPTER_TITLES } from './rulebook/chapters.js';
import { refusalChapter, refusalText, type Refusal } from './i18n/refusals.js';
import { Modal } from './Modal.js';
import { AgentsPanel } from './table/AgentsPanel.js';
import { CommandLine, COMMAND_ID } from './table/CommandLine.js';
import { nextAction, useFocusNext } from './table/focus.js';

export interface TableProps {
  gameId: string;
  view: View;
  legal: Action[];
  seat: number | 'spectator' | null;
  act: (a: ClientAction) => void;
  error: Refusal | null;
  clearError: () => void;
  /** The deduction assistant table option (the recruiter's exposure meter shows in any case). */
  assistant: AssistantMode;
  deadline?: number | null;
  /** Optional belief fed from outside (tests, or a parent that computes it). */
  belief?: Belief | null;
  /** The public lobby description (player panel). */
  lobby?: LobbyInfo | null;
  pace?: Pace;
  setPace?: (p: Pace) => void;
  /** Table chat (issue 13); absent: no chat panel. */
  chat?: ChatState;
  chatSend?: (frame: ChatRequestOut) => void;
  /** D13: leave the running game, or come back to the seat. */
  seatRequest?: (what: 'leave' | 'back' | 'accept' | 'refuse' | 'abandon') => void;
  /** The agents' white notes (R30, D8), kept beside the view (net/socket.ts `note` frames). */
  notes?: Notes;
  /** Writes (or with null removes) this agent seat's note on a location. */
  writeNote?: (at: Loc, note: NoteBody | null) => void;
  /** An offline game (issue 28 §1): the replay reads its record from here, the end dialog shows
   * `endActions` instead of the server's export link, and nothing asks the server anything. */
  local?: { record: () => GameRecord; endActions: ReactNode };
}

/** What is left to do in this activation, from the actions the server lists (no rules here):
 * the buttons' own names, joined (issue 25 §2: the prompt changes after each move). The
 * recruiter's prompt already follows its turn (p_recruiterTurn_me, then _done). */
const LEFT: readonly (readonly [Action['type'], (i18n: I18n) => string])[] = [
  ['move', (i) => i.t('tl_moveUpTo')],
  ['ask', (i) => i.t('tl_ask')],
  ...(['reveal', 'shakedown', 'push', 'capture', 'scan', 'nudge', 'dustyMove'] as const).map(
    (ty) => [ty, (i: I18n) => i.t(`t_${ty}`)] as const,
  ),
  ['endActivation', (i) => i.t('t_endActivation')],
];

export function leftToDo(i18n: I18n, legal: readonly Action[]): string {
  const types = new Set(legal.map((a) => a.type));
  const names = LEFT.filter(([ty]) => types.has(ty)).map(([, label]) => label(i18n));
  if (names.length < 2) return names.join('');
  return `${names.slice(0, -1).join(i18n.t('tl_sep'))}${i18n.t('tl_or')}${names[names.length - 1]}`;
}

export function prompt(
  i18n: I18n,
  view: View,
  seat: TableProps['seat'],
  legal: readonly Action[] = [],
  names?: ReadonlyMap<number, string>,
): string {
  const { t } = i18n;
  const mine = typeof seat === 'number' && view.expected.includes(seat);
  const ph = view.phase;
  const feature = view.pendingAsk ? i18n.feature(view.pendingAsk.feature) : '';
  switch (ph) {
    case 'over':
      return view.result ? resultText(i18n, view.result) : t('p_over');
    case 'mayhem': {
      const who = seatName(i18n, view.expected[0] ?? 1, names);
      return mine ? t('p_mayhem_me') : t('p_mayhem', { who, n: view.mayhem.length });
    }
    case 'start':
      // R31: in the Training Mission the start is public
      return mine && view.mode === 'training' ? t('p_start_public_me') : t(mine ? 'p_start_me' : 'p_start');
    case 'setupSteps':
      return mine ? t('p_setupSteps_me', { n: view.recruiter?.path.length ?? 1 }) : t('p_setupSteps');
    case 'immortals':
      return mine ? t('p_immortals_me', { n: view.immortals.length + 1 }) : t('p_immortals');
    case 'recruiterTurn':
      return mine
        ? view.turn?.actionDone
          ? t('p_recruiterTurn_done')
          : t('p_recruiterTurn_me')
        : t('p_recruiterTurn');
    case 'answerAsk':
      return mine ? t('p_answerAsk_me', { feature }) : t('p_answerAsk', { feature });
    case 'agentsTurn': {
      const act = view.activation;
      // the seat playing this activation: where it stands (from the actions still listed), then
      // what is left (the recruiter answering an Ask is not this seat)
      if (mine && act && legal.some((a) => a.type === 'endActivation')) {
        const where = legal.some((a) => a.type === 'move')
          ? 'p_agentsTurn_active_me'
          : act.actionDone
            ? 'p_agentsTurn_done_me'
            : 'p_agentsTurn_moved_me';
        return `${t(where, { agent: i18n.agent(act.agent) })} ${t('tl_left', { list: leftToDo(i18n, legal) })}`;
      }
      if (mine && act)
        return t(act.actionDone ? 'p_agentsTurn_done_me' : 'p_agentsTurn_active_me', { agent: i18n.agent(act.agent) });
      return mine
        ? t('p_agentsTurn_me', { n: view.activationsThisHalf })
        : t('p_agentsTurn', { n: view.activationsThisHalf });
    }
    default:
      return t(mine ? (`p_${ph}_me` as 'p_start_me') : (`p_${ph}` as 'p_start'));
  }
}

export function Table(p: TableProps) {
  const i18n = useI18n();
  const { t } = i18n;
  const { view } = p;
  const role: 'recruiter' | 'agents' | 'spectator' =
    p.seat === 0 ? 'recruiter' : typeof p.seat === 'number' ? 'agents' : 'spectator';
  const c = useControls(view, p.legal, p.act);
  const [inspect, setInspect] = useState<Loc | null>(null);
  const [showHints, setShowHints] = useState(() => localStorage.getItem('mm.hints') !== 'off');
  const [showHeat, setShowHeat] = useState(true);
  const [replay, setReplay] = useState(false);
  const [analysis, setAnalysis] = useState(false);
  const [endSeen, setEndSeen] = useState(false);
  const [hoverLog, setHoverLog] = useState<EventPlace | null>(null);
  // ==== DEDUCTION OVERLAY: what each seat sees is assistantShows (deduction.ts). Nothing is
  // drawn while `belief` is null.
  const shows = assistantShows(p.assistant, role, showHeat);
  const belief = useBelief(p.gameId, view, shows.belief, p.belief);
  const sec = view.recruiter;
  const mine = typeof p.seat === 'number' && view.expected.includes(p.seat);
  const att = useAttention(mine, view.result !== null);
  const turns = useMemo(() => lastHalfTurns(view.log), [view.log]);
  // the numbers the board draws (none after the game; a spectator sees the latest half-turn only),
  // written beside their log lines too
  const numbers = useMemo(
    () => markNumbers(view.result ? [] : role === 'spectator' ? turns.slice(0, 1) : turns),
    [turns, view.result, role],
  );
  const spoken = useAnnouncer(i18n, view.log);
  const [keysHelp, setKeysHelp] = useState(false);
  const toggleKeys = useCallback(() => setKeysHelp((x) => !x), []);
  useShortcuts(t, toggleKeys);
  const boardChoice = useFocusNext(view.seq, mine && p.legal.length > 0);
  const serverRefusal = p.error && p.error.code !== 'offline' ? p.error : null;
  const refusal =
    c.refusal?.text ?? (serverRefusal ? t('refused', { reason: refusalText(i18n, serverRefusal) }) : null);
  // the rule behind an engine refusal, as a rulebook chapter (players never see ruling ids)
  const refusalRule = c.refusal ? c.refusal.chapter : serverRefusal ? refusalChapter(serverRefusal) : null;

  if (analysis)
    return (
      <Analysis
        gameId={p.gameId}
        onClose={() => setAnalysis(false)}
        {...(p.local ? { local: p.local.record() } : {})}
      />
    );
  if (replay)
    return (
      <Replay
        gameId={p.gameId}
        onClose={() => setReplay(false)}
        assistant={p.assistant}
        {...(p.local ? { local: p.local.record() } : {})}
      />
    );

  const circled = role === 'recruiter' && sec ? sec.cards.map((x) => x.feature) : [];
  const crossed =
    role === 'recruiter' && sec ? sec.cards.filter((x) => x.exposedAt !== null).map((x) => x.feature) : [];
  const heat = belief && shows.heat ? belief.weights : null;
  const onLoc = (l: Loc) => {
    // a click that plays clears the last refusal before it is sent, so that the answer to this
    // one (e.g. "not connected") stays (regression: it was cleared right after being set)
    if (c.targets.has(l)) {
      p.clearError();
      boardChoice.current = true;
    }
    if (!c.onLoc(l)) setInspect(l);
  };
  const turnClass = mine ? 'status mine' : 'status';
  const promptText = prompt(i18n, view, p.seat, p.legal, new Map(seatNames(p.lobby).map((s) => [s.seat, s.name])));
  const canAsk = mine && p.legal.some((a) => a.type === 'ask');

  // Layout (issue 25 §2, §3): in the DOM, and so in Tab order, the prompt, then the actions and
  // the log, then the board (one Tab stop), then the rest. On a wide window the board fills the
  // left column and the actions and the log sit at the top of the right one, in boxes of fixed
  // size, so nothing moves the board or the log while playing (the refusal line floats).
  return (
    <div className="table">
      <div className="skip-links">
        <a href="#table-actions" className="skip" onClick={skipTo('table-actions')}>
          {t('tl_skipActions')}
        </a>
        <a href="#table-board" className="skip" onClick={skipTo('table-board')}>
          {t('tl_skipBoard')}
        </a>
        {canAsk ? (
          <a href="#table-actions" className="skip" onClick={skipToAsk}>
            {t('cmd_skipAsk')}
          </a>
        ) : null}
        <a href={`#${COMMAND_ID}`} className="skip" onClick={skipTo(COMMAND_ID)}>
          {t('cmd_skip')}
        </a>
      </div>
      <div className="col-head">
        <div
          className={turnClass}
          role="status"
          aria-live="polite"
          data-phase={view.phase}
          data-seq={view.seq}
          data-mine={mine ? 'yes' : 'no'}
        >
          <span className="status-text">
            {/* always there (hidden when not this seat's turn), so the text never moves sideways */}
            <span className={mine ? 'dot' : 'dot off'} aria-hidden="true" />
            {promptText}
          </span>
          <RuleLinkFor k={`p_${view.phase}`} />
          {p.deadline && !view.result ? <Countdown at={p.deadline} /> : null}
          <a href="#table-log" className="to-log" onClick={skipTo('table-log')}>
            {t('tl_toLog')}
          </a>
        </div>
        {p.error?.code === 'offline' ? (
          <div className="error" role="alert" onClick={p.clearError}>
            {t('error')}
            {t('colon')}
            {p.error.message}
          </div>
        ) : refusal ? (
          <div className="refusal" role="alert" onClick={p.clearError}>
            {refusal}
            {refusalRule ? (
              <>
                {' '}
                <RuleLink chapter={refusalRule}>
                  {t('refusalRule', { chapter: CHAPTER_TITLES[refusalRule][i18n.lang] })}
                </RuleLink>
              </>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="col-act">
        <div className="actions-box" id="table-actions" tabIndex={-1}>
          {c.panel ? (
            // a new position or tool draws a new panel: its buttons appear, none slides (no layout
            // shift inside the box)
            <section
              key={`${view.seq}|${c.tool ?? ''}`}
              className="panel actions"
              aria-label={t('actionsTitle')}
              data-tool={c.tool ?? ''}
            >
              {c.panel}
            </section>
          ) : view.result ? (
            <button className="show-result" onClick={() => setEndSeen(false)}>
              {t('showResult')}
            </button>
          ) : (
            <div className="panel actions-idle" aria-hidden="true" />
          )}
          {c.stageBar}
          {/* last in the actions' box (of fixed size on a wide window; on a phone, at the foot of
              the height kept for the actions): what the buttons do moves it not. A spectator's
              only reads the board (nothing to play) */}
          <CommandLine
            view={view}
            legal={p.legal}
            prompt={promptText}
            act={p.act}
            notes={p.notes}
            path={role === 'recruiter' || view.result ? (sec?.path ?? null) : null}
            belief={shows.odds ? belief : null}
          />
        </div>
        <section className="panel log-panel" aria-label={t('log')}>
          <h3>{t('log')}</h3>
          <LogList
            view={view}
            chat={p.chat?.messages ?? []}
            onHover={setHoverLog}
            names={seatNames(p.lobby)}
            numbers={numbers}
          />
        </section>
        <div className="sr" aria-live="polite" data-testid="announce">
          {spoken}
        </div>
      </div>
      <div className="col-board" id="table-board">
        <TimeTrack view={view} />
        <Board
          view={view}
          notes={p.notes}
          path={role === 'recruiter' || view.result ? (sec?.path ?? null) : null}
          circled={circled}
          crossedOut={crossed}
          targets={c.targets}
          selected={c.selected ?? inspect}
          edgeTargets={c.edgeTargets}
          ghost={c.ghost}
          turns={view.result ? null : turns}
          mySide={role === 'spectator' ? null : role}
          highlight={hoverLog}
          heat={heat}
          onLoc={onLoc}
          onEdge={c.onEdge}
          label={role === 'recruiter' ? t('secretMap') : 'Zanzibar'}
        />
      </div>
      <div className="col-side">
        {view.result && !endSeen ? (
          <Modal label={t('p_over')} onClose={() => setEndSeen(true)} boxClass="modal-box end-box">
            <section className={`panel end ${view.result.winner ?? 'abandoned'}`} aria-label={t('p_over')}>
              <h2>{winnerText(i18n, view.result)}</h2>
              <p>
                {reasonText(i18n, view.result)} <RuleLink chapter="winning" />
              </p>
              {sec ? (
                <p className="reveal-cards">
                  {sec.card ? <b>{t(`card_${sec.card}`)}</b> : null}{' '}
                  {sec.cards.map((c) => (
                    <span key={c.feature} className="share">
                      <FeatureIcon f={c.feature} size={18} /> {i18n.feature(c.feature)}{' '}
                    </span>
                  ))}
                </p>
              ) : null}
              {role !== 'spectator' && view.result.winner !== null ? (
                <p className="big-result">
                  {(view.result.winner === 'recruiter') === (role === 'recruiter') ? t('youWon') : t('youLost')}
                </p>
              ) : null}
              <div className="btnrow">
                <button className="primary" onClick={() => setReplay(true)}>
                  {t('replay')}
                </button>
                <button onClick={() => setAnalysis(true)}>{t('an_open')}</button>
                {p.local ? (
                  p.local.endActions
                ) : (
                  <a
                    className="button"
                    href={`/api/games/${encodeURIComponent(p.gameId)}/record`}
                    download={`mindmgmt-${p.gameId}.json`}
                  >
                    {t('exportRecord')}
                  </a>
                )}
                <button onClick={() => setEndSeen(true)}>{t('close')}</button>
              </div>
              {p.local ? null : <CampaignPanel gameId={p.gameId} over />}
            </section>
          </Modal>
        ) : null}
        <AgentsPanel view={view} />
        <PlayerPanel
          view={view}
          lobby={p.lobby}
          me={typeof p.seat === 'number' ? p.seat : null}
          {...(p.seatRequest ? { onSeat: p.seatRequest } : {})}
        />
        {p.lobby?.recruiterNote ? (
          <p className="muted" role="note">
            {t('pl_allBeginners')}
          </p>
        ) : null}
        {!view.result && !p.local ? <CampaignPanel gameId={p.gameId} over={false} /> : null}
        {p.chat && p.chatSend ? (
          <Chat
            chat={p.chat}
            send={p.chatSend}
            seat={p.seat}
            isHost={isHost(p.lobby, p.seat)}
            seats={seatNames(p.lobby)}
            gameId={p.gameId}
          />
        ) : null}
        {inspect !== null ? (
          <LocationPanel
            view={view}
            notes={p.notes ?? []}
            loc={inspect}
            role={role}
            writeNote={p.writeNote}
            onClose={() => setInspect(null)}
          />
        ) : null}
        {showHints && !view.result ? (
          <Hints
            role={role}
            onClose={() => {
              localStorage.setItem('mm.hints', 'off');
              setShowHints(false);
            }}
          />
        ) : null}
        {role === 'recruiter' && sec ? (
          <SecretPanel view={view} belief={shows.meter ? belief : null} showHeat={showHeat} setShowHeat={setShowHeat} />
        ) : null}
        {shows.panel ? (
          <section className="panel deduction" aria-label={t('dedTitle')} data-assistant={p.assistant}>
            <h3>
              {t('dedTitle')} <RuleLinkFor k="dedTitle" />
            </h3>
            <label className="check">
              <input type="checkbox" checked={showHeat} onChange={(e) => setShowHeat(e.target.checked)} />{' '}
              {t('dedShowAssistant')}
            </label>
            {shows.count ? <p className="candidates">{candidatesText(i18n, view, belief)}</p> : null}
            {belief && shows.odds ? (
              <div className="shares">
                {FEATURES.filter((f) => (belief.cardShares as Readonly<Record<string, number>>)[f]).map((f) => (
                  <span key={f} className="share" title={i18n.feature(f)}>
                    <FeatureIcon f={f} size={16} /> <span className="sr">{i18n.feature(f)}</span>
                    {Math.round(100 * ((belief.cardShares as Readonly<Record<string, number>>)[f] ?? 0))}%
                  </span>
                ))}
              </div>
            ) : null}
          </section>
        ) : null}
        <CardsPanel view={view} />
        {!view.result && role !== 'spectator' ? <Resign act={p.act} /> : null}
        {!showHints ? (
          <button className="link" onClick={() => setShowHints(true)}>
            {t('hints')}
          </button>
        ) : null}
        {p.pace && p.setPace ? <TableSettings att={att} pace={p.pace} setPace={p.setPace} /> : null}
        <button className="link" onClick={toggleKeys}>
          {t('kb_open')}
        </button>
      </div>
      {keysHelp ? <KeysHelp onClose={toggleKeys} /> : null}
      {c.confirm}
    </div>
  );
}

/** A same-page link that moves focus too (the hash is the game's route, so it is not changed). */
function skipTo(id: string) {
  return (e: { preventDefault: () => void }) => {
    e.preventDefault();
    const el = document.getElementById(id);
    el?.scrollIntoView({ block: 'nearest' });
    const target =
      id === 'table-board'
        ? el?.querySelector<HTMLElement>('[role=gridcell][tabindex="0"]')
        : id === 'table-actions'
          ? (nextAction(false) ?? el)
          : el;
    target?.focus({ preventScroll: true });
  };
}

/** The skip to Ask: the first Ask button. */
function skipToAsk(e: { preventDefault: () => void }) {
  e.preventDefault();
  document.querySelector<HTMLElement>('section.actions [data-cmd=ask]')?.focus();
}

/** The shortcuts of table/keyboard.ts, listed ("?" opens and closes it). */
function KeysHelp({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  return (
    <Modal label={t('kb_title')} onClose={onClose} boxClass="modal-box kb-help">
      <h2>{t('kb_title')}</h2>
      <dl className="keys">
        {SHORTCUTS.map((s) => (
          <div key={s.what}>
            <dt>
              {s.keys.map((k) => (
                <kbd key={k}>{keyName(k)}</kbd>
              ))}
            </dt>
            <dd>{t(s.what)}</dd>
          </div>
        ))}
        <div>
          <dt>
            <kbd>←</kbd>
            <kbd>↑</kbd>
            <kbd>→</kbd>
            <kbd>↓</kbd>
          </dt>
          <dd>
            {t('kb_arrows')}
            {t('colon')}
            {t('kb_arrowsText')}
          </dd>
        </div>
      </dl>
      <div className="btnrow">
        <button className="primary" onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </Modal>
  );
}

function Countdown({ at }: { at: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const s = Math.max(0, Math.round((at - now) / 1000));
  return (
    <span className={`countdown${s < 15 ? ' low' : ''}`} aria-label="timer">
      ⏱ {Math.floor(s / 60)}:{String(s % 60).padStart(2, '0')}
    </span>
  );
}

/** "The recruiter can be on N locations", without "0 locations" before the hidden steps are
 * made nor "1 locations" (issue 12 item 9). */
function candidatesText(i18n: I18n, view: View, belief: Belief | null): string {
  const { t } = i18n;
  const setup = ['mayhem', 'recruiterCard', 'start', 'setupSteps'].includes(view.phase);
  if (setup || !belief || belief.candidates === 0)
    return setup ? t('candidatesSetup', { recruiter: t('recruiter') }) : t('dedWaiting');
  return t('dedCandidates', { n: belief.candidates });
}

function LogList({
  view,
  chat,
  onHover,
  names,
  numbers,
}: {
  view: View;
  chat: readonly ChatMessage[];
  onHover: (p: EventPlace | null) => void;
  names: readonly { seat: number; name: string }[];
  /** The board's mark numbers by log entry (`markNumbers`). */
  numbers: ReadonlyMap<number, readonly number[]>;
}) {
  const i18n = useI18n();
  const ref = useRef<HTMLOListElement>(null);
  useEffect(() => {
    ref.current?.scrollTo({ top: ref.current.scrollHeight });
  }, [view.log.length, chat.length]);
  const from = lastTurnFrom(view.log);
  const byseat = new Map(names.map((s) => [s.seat, s.name]));
  return (
    <ol className="log" id="table-log" tabIndex={-1} ref={ref} onMouseLeave={() => onHover(null)}>
      {interleave(view.log, chat).map((item) => {
        if (item.kind === 'chat') return <ChatLine key={`c${item.m.n}`} m={item.m} />;
        const { e, i } = item;
        if (e.pub.kind === 'recruiterTurnStarted') return null;
        const place = placesOf(e);
        const has = place.locs.length > 0 || place.edges.length > 0;
        return (
          <li
            key={i}
            className={`ev-${e.pub.kind}${i >= from ? ' recent' : ''}${has ? ' placed' : ''}`}
            onMouseEnter={has ? () => onHover(place) : undefined}
            onFocus={has ? () => onHover(place) : undefined}
            onBlur={has ? () => onHover(null) : undefined}
            tabIndex={has ? 0 : undefined}
            data-steps={numbers.get(i)?.join(' ')}
          >
            {eventText(i18n, e, byseat, !!view.result)}
          </li>
        );
      })}
    </ol>
  );
}

function Resign({ act }: { act: (a: ClientAction) => void }) {
  const { t } = useI18n();
  const [ask, setAsk] = useState(false);
  return (
    <div className="resign">
      {ask ? (
        <span className="btnrow">
          {t('c_resign')}
          <button className="danger" onClick={() => act({ type: 'resign' })}>
            {t('confirm')}
          </button>
          <button onClick={() => setAsk(false)}>{t('cancel')}</button>
        </span>
      ) : (
        <button className="link" onClick={() => setAsk(true)}>
          {t('t_resign')}
        </button>
      )}
    </div>
  );
}

function SecretPanel({
  view,
  belief,
  showHeat,
  setShowHeat,
}: {
  view: View;
  belief: Belief | null;
  showHeat: boolean;
  setShowHeat: (on: boolean) => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const sec = view.recruiter!;
  let exposure: number | null = null;
  if (belief && sec.at !== null) {
    const sum = belief.weights.reduce((a, b) => a + b, 0);
    exposure = sum > 0 ? (belief.weights[sec.at] ?? 0) / sum : null;
  }
  return (
    <section className="panel secret" aria-label={t('secretMap')}>
      <h3>{t('secretMap')}</h3>
      {sec.card ? (
        <p>
          {t('yourCard')}
          {t('colon')}
          <b>{t(`card_${sec.card}`)}</b>
          <br />
          <small>{t(`cardPower_${sec.card}`)}</small>
        </p>
      ) : null}
      {sec.cards.length ? (
        <div>
          {t('yourFeatures')}
          {t('colon')}
          <ul className="cardlist">
            {sec.cards.map((c) => (
              <li key={c.feature} className={c.exposedAt !== null ? 'exposed' : ''}>
                <FeatureIcon f={c.feature} size={22} /> {i18n.feature(c.feature)}
                {c.exposedAt !== null ? ` ✗ ${c.exposedAt}:00` : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p>
        {t('path')}
        {t('colon')}
        {sec.path.map((l, i) => `${i + 1}:${LOCATIONS[l]!.label}`).join(' → ') || '—'}
      </p>
      <p>{t('unrevealed', { n: sec.unrevealed })}</p>
      {sec.secondMindSlipHeld ? (
        <p>
          <MindSlipIcon size={18} /> {t('secondHeld')}
        </p>
      ) : null}
      {exposure !== null ? (
        <div className="meter" aria-label={t('dedExposure')}>
          {t('dedExposure')}
          {t('colon')}
          {Math.round(exposure * 100)}%
          <div className="bar">
            <div style={{ width: `${Math.round(exposure * 100)}%` }} />
          </div>
          <small>{t('dedExposureText')}</small>
          <p>{t('dedAgentsConsider', { n: belief!.candidates })}</p>
          <label className="check">
            <input type="checkbox" checked={showHeat} onChange={(e) => setShowHeat(e.target.checked)} />{' '}
            {t('dedShowTheirs')}
          </label>
        </div>
      ) : null}
    </section>
  );
}

function CardsPanel({ view }: { view: View }) {
  const i18n = useI18n();
  const { t } = i18n;
  const full = view.mode === 'full';
  return (
    <section className="panel cards" aria-label={t('immortalCards')}>
      <p className="mode">
        {t(view.mode === 'full' ? 'full' : 'training')} ·{' '}
        {t('recruitsTotal', { n: view.recruits.total, max: view.recruitsToWin })}
      </p>
      {full ? (
        <>
          <h3>
            <ImmortalIcon /> {t('immortalCards')}
          </h3>
          <div className="cardrow">
            {view.immortalCards.length ? view.immortalCards.map((f) => <FeatureCard key={f} f={f} />) : t('none')}
            <span className="muted">{t('deck', { n: view.deckCount })}</span>
          </div>
          {view.immortalDiscards.length ? (
            <div className="cardrow">
              <span className="muted">
                {t('discards')}
                {t('colon')}
              </span>
              {view.immortalDiscards.map((f) => (
                <FeatureCard key={f} f={f} small />
              ))}
            </div>
          ) : null}
          <h3>{t('exposed')}</h3>
          <div className="cardrow">
            {view.exposed.length ? (
              view.exposed.map((e) => <FeatureCard key={e.feature} f={e.feature} note={`${e.time}:00`} />)
            ) : (
              <span className="muted">{t('none')}</span>
            )}
          </div>
          <p className={`ally ${view.allyAvailable ? '' : 'used'}`}>
            <DolphinIcon size={22} /> {t('ally')}
            {t('colon')}
            {view.allyAvailable ? t('allyReady') : t('allyUsed')}
          </p>
        </>
      ) : null}
      <p className="muted">
        {t('potential')}
        {t('colon')}
        {view.potentialRecruiterCards.map((c) => t(`card_${c}`)).join(' / ')}
        <br />
        <MindSlipIcon size={14} /> {t('mindSlip')}
        {t('colon')}
        {view.mindSlips.firstUsedAt !== null ? `${view.mindSlips.firstUsedAt}:00` : '—'}
        {full
          ? ` · ${t('secondMindSlip')}${t('colon')}${view.mindSlips.secondUsedAt !== null ? `${view.mindSlips.secondUsedAt}:00` : view.mindSlips.secondOnBoard !== null ? LOCATIONS[view.mindSlips.secondOnBoard]!.label : '—'}`
          : ''}
      </p>
    </section>
  );
}

function ImmortalIcon() {
  return (
    <svg width="18" height="18" viewBox="-12 -14 24 28" aria-hidden="true">
      <ImmortalToken x={0} y={0} s={22} />
    </svg>
  );
}

function FeatureCard({ f, small, note }: { f: FeatureId; small?: boolean; note?: string }) {
  const i18n = useI18n();
  return (
    <span className={`fcard${small ? ' small' : ''}`} title={i18n.feature(f)}>
      <FeatureIcon f={f} size={small ? 18 : 28} />
      <span>{i18n.feature(f)}</span>
      {note ? <small>{note}</small> : null}
    </span>
  );
}

function LocationPanel({
  view,
  loc,
  role,
  notes,
  writeNote,
  onClose,
}: {
  view: View;
  notes: Notes;
  loc: Loc;
  role: string;
  writeNote: ((at: Loc, note: NoteBody | null) => void) | undefined;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const info = LOCATIONS[loc]!;
  const note = notes.find((n) => n.at === loc)?.note ?? null;
  const [edit, setEdit] = useState(false);
  const [draft, setDraft] = useState<NoteBody>(note ?? { from: null, to: null, crossed: [], text: '' });
  useEffect(() => {
    setEdit(false);
    setDraft(note ?? { from: null, to: null, crossed: [], text: '' });
  }, [loc]);
  const agents = view.agents.filter((a) => a.at === loc);
  const conf = view.confirmed.find((c) => c.at === loc);
  const step = view.stepTokens.find((s) => s.at === loc);
  const visited = view.recruiter?.path.indexOf(loc) ?? -1;
  const num = (v: string) => (v === '' ? null : Math.max(1, Math.min(16, Number(v) | 0)));
  const canNote = role === 'agents' && !!writeNote && !view.result;
  return (
    <section className="panel location" aria-label={locName(i18n, loc)}>
      <div className="panel-head">
        <h3>{info.label}</h3>
        <button className="link" onClick={onClose} aria-label={t('close')}>
          ✕
        </button>
      </div>
      <div className="feat-names">
        {info.temple
          ? t('temple')
          : info.features.map((f) => (
              <span key={f}>
                <FeatureIcon f={f} size={28} /> {i18n.feature(f)}
              </span>
            ))}
      </div>
      <ul className="facts">
        {agents.map((a) => (
          <li key={a.id}>
            <AgentIcon a={a.id} size={16} /> {i18n.agent(a.id)}
          </li>
        ))}
        {view.immortals.includes(loc) ? <li>{t('immortal')}</li> : null}
        {conf ? (
          <li>
            {t('confirmedNote')}
            {t('colon')}
            {conf.visitTime}
          </li>
        ) : null}
        {step ? (
          <li>
            {t('stepToken')} ({step.time}:00)
          </li>
        ) : null}
        {visited >= 0 ? <li>{t('visitedAt', { t: visited + 1 })}</li> : null}
        {view.recruiter?.askOptions?.includes(loc) ? <li>{t('askOption')}</li> : null}
      </ul>
      {note && !edit ? (
        <p className="note-view">
          {t('mentalNote')}
          {t('colon')}
          {note.from ?? '?'}–{note.to ?? '?'} {note.crossed.map((f) => `✗${i18n.feature(f)}`).join(' ')} {note.text}
        </p>
      ) : null}
      {canNote && !edit ? <button onClick={() => setEdit(true)}>{note ? t('editNote') : t('addNote')}</button> : null}
      {canNote && edit ? (
        <form
          className="note-form"
          aria-label={t('noteAt', { loc: info.label })}
          onSubmit={(e) => {
            e.preventDefault();
            writeNote?.(loc, draft);
            setEdit(false);
          }}
        >
          <div className="row">
            <label>
              {t('noteFrom')}{' '}
              <input
                type="number"
                min={1}
                max={16}
                value={draft.from ?? ''}
                onChange={(e) => setDraft({ ...draft, from: num(e.target.value) })}
              />
            </label>
            <label>
              {t('noteTo')}{' '}
              <input
                type="number"
                min={1}
                max={16}
                value={draft.to ?? ''}
                onChange={(e) => setDraft({ ...draft, to: num(e.target.value) })}
              />
            </label>
          </div>
          {info.features.length ? (
            <fieldset>
              <legend>{t('noteCrossed')}</legend>
              {info.features.map((f) => (
                <label key={f} className="check">
                  <input
                    type="checkbox"
                    checked={draft.crossed.includes(f)}
                    onChange={(e) =>
                      setDraft({
                        ...draft,
                        crossed: e.target.checked ? [...draft.crossed, f] : draft.crossed.filter((x) => x !== f),
                      })
                    }
                  />
                  <FeatureIcon f={f} size={18} /> {i18n.feature(f)}
                </label>
              ))}
            </fieldset>
          ) : null}
          <label>
            {t('noteText')}{' '}
            <input
              type="text"
              maxLength={NOTE_TEXT_MAX}
              value={draft.text}
              onChange={(e) => setDraft({ ...draft, text: e.target.value })}
            />
          </label>
          <div className="btnrow">
            <button type="submit" className="primary">
              {t('save')}
            </button>
            {note ? (
              <button
                type="button"
                onClick={() => {
                  writeNote?.(loc, null);
                  setEdit(false);
                }}
              >
                {t('remove')}
              </button>
            ) : null}
            <button type="button" onClick={() => setEdit(false)}>
              {t('cancel')}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}

function seatNames(lobby: LobbyInfo | null | undefined): { seat: number; name: string }[] {
  return (lobby?.seats ?? []).map((s) => ({ seat: s.seat, name: s.name }));
}

/** The host's seat: the one at the host's place. */
function isHost(lobby: LobbyInfo | null | undefined, seat: TableProps['seat']): boolean {
  if (typeof seat !== 'number' || !lobby) return false;
  const mine = (lobby.seats ?? []).find((s) => s.seat === seat);
  return !!mine && mine.place !== null && mine.place === lobby.hostPlace;
}
