// The companion for the physical box: the player moves the agents on their own board
// and taps each move here (CompactBoard); the app is the recruiter (a bot of any level, in the
// page's bot worker: local/), says what to put on the board after each of its moves
// (instructions.ts), keeps the time track, and shows the whole secret path at the end. The game
// is a local/ offline game, saved in IndexedDB after every action: it runs offline and resumes.
import { useEffect, useState, type ReactElement } from 'react';
import type { Action, ClientAction, SeenEvent } from '@mindmgmt/engine';
import { EMPTY_TABLE, reduceFrame, type Shown } from '@mindmgmt/table/client';
import { LEVELS, type PlayerLevel } from '@mindmgmt/ai';
import { useI18n } from '../i18n.js';
import { LocalGame } from '../local/host.js';
import { TimeTrack } from '../TimeTrack.js';
import { holdProbes } from '../reach.js';
import { CompactBoard } from './CompactBoard.js';
import { instructionsFor, instructionText, pathLines, type Instruction } from './instructions.js';
import './companion.css';

const CURRENT = 'mm.companion';
/** Where in the game's log the player's last entry began: what to place is everything since. */
const markKey = (id: string) => `mm.companion.mark.${id}`;
/** Where the entry before it began, when something was to be placed since: while the player's
 * last entry brought nothing new (an agent activated), that list stays on screen (it vanished at
 * the next tap, often before the board was set). */
const prevKey = (id: string) => `mm.companion.prev.${id}`;

/** The instructions of the events since the player's last entry (its own results, then the
 * recruiter's answers and turn), from the game's log: the same after a reload. */
function shownOf(history: readonly SeenEvent[], mark: number): Instruction[] {
  const from = Math.min(mark, history.length);
  const before = instructionsFor(
    history.slice(0, from).map((e) => e.pub),
    0,
  ).recruits;
  return instructionsFor(
    history.slice(from).map((e) => e.pub),
    before,
  ).instructions;
}

export default function Companion(): ReactElement {
  const i18n = useI18n();
  const { t } = i18n;
  const [game, setGame] = useState<LocalGame | null>(null);
  const [savedId, setSavedId] = useState(() => localStorage.getItem(CURRENT));
  const [mode, setMode] = useState<'training' | 'full'>('training');
  const [level, setLevel] = useState<PlayerLevel>('easy');
  // the agent seat's frames from the host in the page, through the same reducer as every table
  const [frame, setFrame] = useState<Shown | null>(null);

  useEffect(() => {
    if (!game) return;
    let table = EMPTY_TABLE;
    return game.subscribe(game.human, (f) => {
      table = reduceFrame(table, f);
      setFrame(table.shown);
    });
  }, [game]);

  useEffect(() => () => game?.close(), [game]);
  // the companion asks nothing of the server: not even whether it can be reached (as local/)
  useEffect(() => holdProbes(), []);

  const start = async () => {
    const g = await LocalGame.create({ role: 'agents', level, mode, assistant: 'off' });
    localStorage.setItem(CURRENT, g.id);
    setSavedId(g.id);
    setGame(g);
  };
  const resume = async (id: string) => {
    const g = await LocalGame.load(id);
    if (g) setGame(g);
    else {
      localStorage.removeItem(CURRENT);
      setSavedId(null);
    }
  };

  if (!game || !frame) {
    return (
      <section className="panel companion" data-testid="companion-setup">
        <h2>{t('cp_title')}</h2>
        <p>{t('cp_lobbyHint')}</p>
        <div className="cp-row">
          <label>
            {t('cp_mode')}
            <select name="cpMode" value={mode} onChange={(e) => setMode(e.target.value as 'full')}>
              <option value="training">{t('training')}</option>
              <option value="full">{t('full')}</option>
            </select>
          </label>
          <label>
            {t('cp_level')}
            <select name="cpLevel" value={level} onChange={(e) => setLevel(e.target.value as PlayerLevel)}>
              {LEVELS.map((l) => (
                <option key={l} value={l}>
                  {t(`lv${l[0]!.toUpperCase()}${l.slice(1)}` as 'lvEasy')}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="cp-row">
          <button type="button" className="cp-tap" data-testid="cp-start" onClick={() => void start()}>
            {t('cp_newGame')}
          </button>
          {savedId ? (
            <button type="button" className="cp-tap" data-testid="cp-resume" onClick={() => void resume(savedId)}>
              {t('cp_resume')}
            </button>
          ) : null}
        </div>
      </section>
    );
  }

  // only what the agent seat is shown (its view's log), as at the server's table
  const { view, legal } = frame;
  const log = view.log;
  const over = view.result !== null;
  const botsTurn = !over && view.expected.includes(game.bot);
  const mark = Number(localStorage.getItem(markKey(game.id)) ?? 0);
  const latest = shownOf(log, mark);
  const kept = !latest.length;
  const shown = kept ? shownOf(log, Math.min(mark, Number(localStorage.getItem(prevKey(game.id)) ?? 0))) : latest;
  const enter = (a: Action) => {
    const keys = [markKey(game.id), prevKey(game.id)];
    const was = keys.map((k) => localStorage.getItem(k));
    if (latest.length) localStorage.setItem(prevKey(game.id), String(mark));
    localStorage.setItem(markKey(game.id), String(log.length));
    // a refused entry (it cannot be: the taps come from the legal actions) keeps the list shown
    if (game.act(game.human, a as ClientAction))
      keys.forEach((k, i) => (was[i] === null ? localStorage.removeItem(k) : localStorage.setItem(k, was[i]!)));
  };
  return (
    <section className="panel companion" data-testid="companion" data-seq={view.seq}>
      <p className="cp-status">
        {/* no hour before the recruiter's start */}
        <span data-testid="cp-time">{view.time >= 1 ? `${t('time')} ${view.time}:00` : ''}</span>
        <span data-testid="cp-recruits">{t('cp_recruitsShown', { n: view.recruits.total })}</span>
      </p>
      <TimeTrack view={view} />
      <div className="cp-place" aria-live="polite">
        <h2>{t('cp_place')}</h2>
        {shown.length ? (
          <ol data-testid="cp-instructions" data-instructions={JSON.stringify(shown)} data-kept={kept ? '1' : '0'}>
            {shown.map((x, i) => (
              <li key={i}>{instructionText(i18n, x)}</li>
            ))}
          </ol>
        ) : (
          <p data-testid="cp-instructions" data-instructions="[]">
            {t('cp_nothing')}
          </p>
        )}
      </div>
      {over ? (
        <div className="cp-end" data-testid="cp-end">
          <h2>{t('cp_path')}</h2>
          <ol className="cp-path" data-testid="cp-path">
            {pathLines(view.recruiter?.path ?? []).map((p) => (
              <li key={p.time}>{t('cp_pathLine', { time: `${p.time}:00`, at: p.at })}</li>
            ))}
          </ol>
          <button
            type="button"
            className="cp-tap"
            onClick={() => {
              localStorage.removeItem(CURRENT);
              setSavedId(null);
              setGame(null);
              setFrame(null);
            }}
          >
            {t('cp_newGame')}
          </button>
        </div>
      ) : botsTurn ? (
        <p className="cp-prompt" data-testid="cp-thinking" aria-busy="true">
          {t('cp_thinking')}
        </p>
      ) : (
        <>
          <p className="cp-prompt">{t(view.phase === 'agentsTurn' ? 'cp_yourTurn' : 'cp_setupTurn')}</p>
          <CompactBoard legal={legal} view={view} onAction={enter} />
        </>
      )}
    </section>
  );
}
