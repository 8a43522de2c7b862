// The three moments that changed the game most. Measure: the bits of information
// about the recruiter's location the agents gained or lost in one activation or one recruiter
// turn, |log2(after / before)| of the exact deduction's possible-location count; the activation or
// turn that ended the game ranks first. Ties: the earlier moment.
import type { ActivationRow, Moment, RecruiterTurnRow } from './types.js';

export const MOMENTS = 3;

/** The row (activation or recruiter turn) whose action ended the game. */
export interface EndedIn {
  readonly kind: 'activation' | 'recruiterTurn';
  readonly index: number;
}

const ENDING: ReadonlySet<string> = new Set([
  'capture',
  'step',
  'mindSlip',
  'moveImmortal',
  'extraImmortalMove',
  'scan',
]);

export function pickMoments(
  activations: readonly ActivationRow[],
  turns: readonly RecruiterTurnRow[],
  ended: EndedIn | null,
): Moment[] {
  const bits = (b: number, a: number) => Math.abs(Math.log2(Math.max(1, a) / Math.max(1, b)));
  const all: Moment[] = [];
  for (const a of activations) {
    const action = mainAction(a.actions.map((x) => x.type));
    const endedGame = ended?.kind === 'activation' && ended.index === a.index;
    all.push({
      kind: 'activation',
      index: a.index,
      time: a.time,
      agent: a.agent,
      action,
      before: a.before,
      after: a.after,
      endedGame,
      expertDiffers: !!a.expert && !sameAction(a.expert.action, a.actions[0]),
      score: bits(a.before, a.after),
    });
  }
  for (const t of turns) {
    const action = mainAction(t.actions.map((x) => x.type));
    const endedGame = ended?.kind === 'recruiterTurn' && ended.index === t.index;
    const moveAt = t.actions.findIndex((x) => x.type === 'step' || x.type === 'mindSlip');
    all.push({
      kind: 'recruiterTurn',
      index: t.index,
      time: t.time,
      agent: null,
      action,
      before: t.before,
      after: t.exposure,
      endedGame,
      expertDiffers: !!t.expert && moveAt >= 0 && !sameAction(t.expert.action, t.actions[moveAt]),
      score: bits(t.before, t.exposure),
    });
  }
  const order = (m: Moment) => m.time * 2 + (m.kind === 'activation' ? 1 : 0);
  return all
    .filter((m) => m.score > 0 || m.endedGame)
    .sort((x, y) => Number(y.endedGame) - Number(x.endedGame) || y.score - x.score || order(x) - order(y))
    .slice(0, MOMENTS);
}

/** The action that characterises a row: the first of the deciding kinds, else the first. */
function mainAction(types: readonly string[]): string {
  for (const k of ['capture', 'scan', 'shakedown', 'reveal', 'ask', 'push', 'mindSlip', 'step'])
    if (types.includes(k)) return k;
  return types.find((t) => ENDING.has(t)) ?? types[0] ?? 'endTurn';
}

function sameAction(a: { readonly type: string } | undefined, b: { readonly type: string } | undefined): boolean {
  if (!a || !b) return false;
  const strip = (x: object) => JSON.stringify({ ...x, seat: undefined });
  return strip(a) === strip(b);
}
