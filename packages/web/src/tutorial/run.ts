// Plays a tutorial script on the real engine. The state at step i is always rebuilt from the
// start (prelude, then each earlier step's move and reply), so Back and Restart are exact.
import {
  apply,
  check,
  LOCATIONS,
  newGame,
  type Action,
  type GameError,
  type GameState,
  type Loc,
} from '@mindmgmt/engine';
import type { Expect, TutorialScript, TutorialStep } from './script.js';

export interface Position {
  readonly state: GameState;
  /** The step the player is on; equals steps.length once the lesson is done. */
  readonly index: number;
}

function must(s: GameState, a: Action): GameState {
  const r = apply(s, a);
  if (!r.ok) throw new Error(`tutorial script: ${a.type} refused at seq ${s.seq}: ${r.message}`);
  return r.state;
}

/** Applies one step's move and the opponent's reply. */
export function playStep(s: GameState, st: TutorialStep): GameState {
  let out = st.action ? must(s, st.action) : s;
  for (const a of st.reply ?? []) out = must(out, a);
  return out;
}

export function positionAt(script: TutorialScript, index: number): Position {
  let s = newGame(script.options, script.seed);
  for (const a of script.prelude) s = must(s, a);
  const to = Math.max(0, Math.min(index, script.steps.length));
  for (let i = 0; i < to; i++) s = playStep(s, script.steps[i]!);
  return { state: s, index: to };
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
    const e = check(pos.state, a);
    if (e) return { ok: false, why: 'illegal', engine: e };
  } else if (click.kind === 'cell' && !LOCATIONS[click.at]) return { ok: false, why: 'illegal' };
  return { ok: false, why: 'notNow' };
}
