// Plays a tutorial script on the real engine. The state at step i is always rebuilt from the
// start (prelude, then each earlier step's move and reply), so Back and Restart are exact.
import {
  apply,
  applyNote,
  check,
  checkNote,
  LOCATIONS,
  newGame,
  type Action,
  type GameError,
  type GameState,
  type Loc,
  type Notes,
} from '@mindmgmt/engine';
import type { Expect, TutorialScript, TutorialStep } from './script.js';

export interface Position {
  readonly state: GameState;
  /** The agents' white notes (R30, D8): beside the state, as on a real table (a lesson's note
   * step changes them, not the game). */
  readonly notes: Notes;
  /** The step the player is on; equals steps.length once the lesson is done. */
  readonly index: number;
}

/** Why a scripted move is refused here: a note change is checked as one, anything else as a move. */
function refusal(p: Omit<Position, 'index'>, a: Action): GameError | null {
  return a.type === 'note' ? checkNote(p.state, p.notes, a) : check(p.state, a);
}

function must(p: Omit<Position, 'index'>, a: Action): Omit<Position, 'index'> {
  const e = refusal(p, a);
  if (e) throw new Error(`tutorial script: ${a.type} refused at seq ${p.state.seq}: ${e.message}`);
  if (a.type === 'note') return { ...p, notes: applyNote(p.notes, a) };
  const r = apply(p.state, a);
  if (!r.ok) throw new Error(`tutorial script: ${a.type} refused at seq ${p.state.seq}: ${r.message}`);
  return { ...p, state: r.state };
}

/** Applies one step's move and the opponent's reply. */
export function playStep(p: Omit<Position, 'index'>, st: TutorialStep): Omit<Position, 'index'> {
  let out = st.action ? must(p, st.action) : p;
  for (const a of st.reply ?? []) out = must(out, a);
  return out;
}

export function positionAt(script: TutorialScript, index: number): Position {
  let p: Omit<Position, 'index'> = { state: newGame(script.options, script.seed), notes: [] };
  for (const a of script.prelude) p = must(p, a);
  const to = Math.max(0, Math.min(index, script.steps.length));
  for (let i = 0; i < to; i++) p = playStep(p, script.steps[i]!);
  return { ...p, index: to };
}

export type Click = { readonly kind: 'cell'; readonly at: Loc } | { readonly kind: 'button'; readonly id: string };

export type Verdict =
  | { readonly ok: true }
  /** `illegal`: the rules refuse it here (with the engine's reason); `notNow`: legal, not this lesson's move. */
  | { readonly ok: false; readonly why: 'illegal' | 'notNow'; readonly engine?: GameError };

function same(a: Expect, b: Click): boolean {
  return a.kind === 'cell' ? b.kind === 'cell' && b.at === a.at : b.kind === 'button' && b.id === a.id;
}

/** The engine action a click would be at this step, had the player clicked it in a real game. */
function actionFor(step: TutorialStep, click: Click): Action | null {
  const a = step.action;
  if (!a) return null;
  if (click.kind === 'cell') {
    if (a.type === 'note') return { ...a, at: click.at };
    if (a.type === 'chooseStart' || a.type === 'placeAgent') return { ...a, at: click.at };
    if (a.type === 'step' || a.type === 'move') return { ...a, to: click.at };
    if (a.type === 'answerAsk') return { ...a, at: click.at };
    return null;
  }
  const [kind, arg] = click.id.split(':');
  if (kind === 'ask' && arg) return { type: 'ask', seat: a.seat, feature: arg as 'bus', dolphin: false };
  if (kind === 'activate' && arg) return { type: 'activate', seat: a.seat, agent: arg as 'meru' };
  if (kind === 'reveal') return { type: 'reveal', seat: a.seat };
  if (kind === 'capture') return { type: 'capture', seat: a.seat };
  return null;
}

/** Judges a click: the lesson's move, or a refusal with the reason to show in one line. */
export function judge(pos: Position, step: TutorialStep, click: Click): Verdict {
  if (same(step.expect, click)) return { ok: true };
  const a = actionFor(step, click);
  if (a) {
    const e = refusal(pos, a);
    if (e) return { ok: false, why: 'illegal', engine: e };
  } else if (click.kind === 'cell' && !LOCATIONS[click.at]) return { ok: false, why: 'illegal' };
  return { ok: false, why: 'notNow' };
}
