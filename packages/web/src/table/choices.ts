// The table's controls as plain data: which button plays an action, which locations the default
// board tool offers, and which clicks ask first. The table's controls (controls.tsx) and the
// tutorial (tutorial/) both read them, so a lesson can only teach the clicks the table has.
import { type Action, type ActionType, type Loc, UNDOABLE } from '@mindmgmt/engine';

/** Board tools in the order they are offered (the first available is the default). */
export const BOARD_TOOLS: readonly ActionType[] = [
  'answerAsk',
  'placeMayhem',
  'chooseStart',
  'step',
  'placeImmortal',
  'placeAgent',
  'placeMindSlip',
  'push',
  'move',
  'mindSlip',
  'moveImmortal',
  'extraImmortalMove',
  'nudge',
  'dustyMove',
];

/** Ends this seat's turn or activation: asked first only while a main action is left. */
const ENDS: ReadonlySet<ActionType> = new Set(['endTurn', 'endActivation']);

/** What an end gives up without a question: the optional extras (Bill Falls' and Dusty's free
 * action, the push after a Shakedown, the extra immortal move paid with a clue) and Undo. The
 * agent's move and action and the recruiter's immortal move of the turn still ask. */
const EXTRAS: ReadonlySet<ActionType> = new Set(['nudge', 'dustyMove', 'push', 'extraImmortalMove', 'undo']);

/** Whether a click on `a` asks first: a capture (a miss is announced to all and ends the
 * action), or an end while a main action is left (never twice for one action). */
export function asksFirst(a: Action, legal: readonly Action[]): boolean {
  if (a.type === 'capture') return true;
  return ENDS.has(a.type) && legal.some((x) => !ENDS.has(x.type) && !EXTRAS.has(x.type));
}

/** The seat's actions sent that Undo can still take back, latest last (the Undo bar names the
 * latest, D12): an undoable action adds itself, an undo takes the latest off, anything else
 * leaves nothing to take back. */
export function undoTrail(trail: readonly Action[], a: Action): readonly Action[] {
  if (a.type === 'undo') return trail.slice(0, -1);
  return UNDOABLE.has(a.type) ? [...trail, a] : [];
}

/** The id of the table's button that plays `a`, or null when `a` is played on the board. */
export function buttonId(a: Action): string | null {
  switch (a.type) {
    case 'activate':
      return `activate:${a.agent}`;
    case 'ask':
      return `ask:${a.feature}${a.dolphin ? ':dolphin' : ''}`;
    case 'shakedown':
      return `shakedown:${a.feature}`;
    case 'chooseRecruiterCard':
      return `card:${a.card}`;
    case 'answerAsk':
      return a.at === null ? 'cannotPlace' : null;
    case 'reveal':
    case 'capture':
    case 'scan':
    case 'endTurn':
    case 'endActivation':
    case 'undo':
      return a.type;
    default:
      return null;
  }
}

/** The table's buttons for `legal`, in order (the Black Ops Dolphin is a tick box beside the Asks). */
export function buttonsOf(legal: readonly Action[]): string[] {
  const out: string[] = [];
  for (const a of legal) {
    const id = buttonId(a);
    if (id && !id.endsWith(':dolphin') && !out.includes(id)) out.push(id);
  }
  return out;
}

/** The default board tool's locations for `legal` and the action a click on each sends; a tool
 * with a button choice first (an agent to place) takes its first option, as the table does. */
export function boardChoices(legal: readonly Action[]): Map<Loc, Action> {
  const tool = BOARD_TOOLS.find((t) => legal.some((a) => a.type === t));
  const out = new Map<Loc, Action>();
  if (!tool) return out;
  const ofTool = legal.filter((a) => a.type === tool);
  const first = ofTool[0] as Record<string, unknown> | undefined;
  for (const a of ofTool) {
    const o = a as Record<string, unknown>;
    if (tool === 'placeAgent' && o.agent !== first?.agent) continue;
    const at = o.to ?? o.at;
    if (typeof at === 'number' && !out.has(at) && !('from' in o) && !('stepToken' in o)) out.set(at, a);
  }
  return out;
}
