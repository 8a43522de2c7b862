// The table: status line, time track, board, action panel, secret map, cards, notes, log: the
// layout and the state they share; each panel is its own file.
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { Action, GameRecord, Loc, NoteBody, Notes, View } from '@mindmgmt/engine';
import type { ChatRequestOut, ClientAction, LobbyInfo } from '@mindmgmt/table';
import { useI18n } from '../i18n/lookup.js';
import { refusalText, type Refusal } from '../i18n/refusals.js';
import { Analysis } from '../analysis/Analysis.js';
import { CampaignPanel } from '../players/Campaign.js';
import { Hints } from '../rulebook/Help.js';
import { CHAPTER_TITLES } from '../rulebook/chapters.js';
import { refusalChapter } from '../rulebook/refusal-chapter.js';
import { RuleLink, RuleLinkFor } from '../rulebook/RuleLink.js';
import { AgentsPanel } from './AgentsPanel.js';
import { useAnnouncer } from './announce.js';
import type { AssistantMode } from './assistant.js';
import { TableSettings, useAttention } from './attention.js';
import { Board } from './Board.js';
import { CardsPanel } from './CardsPanel.js';
import { Chat } from './Chat.js';
import type { ChatState } from '../net/chat-state.js';
import { CommandLine } from './CommandLine.js';
import { useControls } from './controls.js';
import { Countdown } from './Countdown.js';
import { assistantShows, useBelief, type Belief } from './deduction.js';
import { DeductionPanel } from './DeductionPanel.js';
import { EndDialog } from './EndDialog.js';
import { lastHalfTurns, markNumbers, type EventPlace } from './event-locs.js';
import { useFocusNext } from './focus.js';
import { useShortcuts } from './keyboard.js';
import { KeysHelp } from './KeysHelp.js';
import { isHost, seatNames } from './lobby-seats.js';
import { LocationPanel } from './LocationPanel.js';
import { LogList } from './LogList.js';
import type { Pace } from './pacing.js';
import { PlayerPanel } from './PlayerPanel.js';
import { prompt } from './prompt.js';
import { Replay } from './Replay.js';
import { Resign } from './Resign.js';
import { SecretPanel } from './SecretPanel.js';
import { skipTo, SkipLinks } from './skip-links.js';
import { TimeTrack } from './TimeTrack.js';

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
  /** Table chat; absent: no chat panel. */
  chat?: ChatState;
  chatSend?: (frame: ChatRequestOut) => void;
  /** D13: leave the running game, or come back to the seat. */
  seatRequest?: (what: 'leave' | 'back' | 'accept' | 'refuse' | 'abandon') => void;
  /** The agents' white notes (R30, D8), kept beside the view (api.ts `note` frames). */
  notes?: Notes;
  /** Writes (or with null removes) this agent seat's note on a location. */
  writeNote?: (at: Loc, note: NoteBody | null) => void;
  /** An offline game: the replay reads its record from here, the end dialog shows
   * `endActions` instead of the server's export link, and nothing asks the server anything. */
  local?: { record: () => GameRecord; endActions: ReactNode };
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

  // Layout: in the DOM, and so in Tab order, the prompt, then the actions and
  // the log, then the board (one Tab stop), then the rest. On a wide window the board fills the
  // left column and the actions and the log sit at the top of the right one, in boxes of fixed
  // size, so nothing moves the board or the log while playing (the refusal line floats).
  return (
    <div className="table">
      <SkipLinks canAsk={canAsk} />
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
          <EndDialog
            gameId={p.gameId}
            view={view}
            role={role}
            local={p.local}
            onReplay={() => setReplay(true)}
            onAnalysis={() => setAnalysis(true)}
            onClose={() => setEndSeen(true)}
          />
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
          <DeductionPanel
            view={view}
            belief={belief}
            assistant={p.assistant}
            count={shows.count}
            odds={shows.odds}
            showHeat={showHeat}
            setShowHeat={setShowHeat}
          />
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
