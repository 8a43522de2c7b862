// The companion's compact input as data: every legal action of the agent seat is a
// short sequence of taps (an agent, a location, an action button, a feature), and the screen
// offers the next taps of the sequences that begin with what was tapped so far. The legal actions
// come from the engine (legalActions): this file holds no rule, only how an action is tapped.
import { ACTION_DEFS, fieldNames, type Action, type ActionType } from '@mindmgmt/engine';

/** One tap: `loc:14`, `agent:bill`, `feature:pool`, `act:reveal`, `token:1`, `card:carl`. */
export type Tap = string;

/** Never entered on the compact board: notes are the player's own paper, resigning is a menu. */
const NOT_TAPPED: ReadonlySet<ActionType> = new Set(['note', 'resign', 'timeout', 'abandon']);

/** Types whose first field is a location or an agent begin with it (one tap for a move or an
 * activation); every other type begins with its own button. */
const DIRECT_FIRST = new Set(['loc', 'locOrNull', 'edge', 'agent']);

function fieldTaps(kind: string, v: unknown): Tap[][] {
  switch (kind) {
    case 'loc':
      return [[`loc:${String(v)}`]];
    case 'locOrNull':
      return [[v === null ? 'act:cannotPlace' : `loc:${String(v)}`]];
    case 'edge': {
      // a mayhem edge is tapped as its two locations, in either order
      const [a, b] = v as readonly [number, number];
      return [
        [`loc:${a}`, `loc:${b}`],
        [`loc:${b}`, `loc:${a}`],
      ];
    }
    default:
      return [[`${kind}:${String(v)}`]];
  }
}

/** The button a type's sequence begins with (the Ask with the Black Ops Dolphin is its own). */
function actTap(a: Action): Tap {
  return a.type === 'ask' && a.dolphin ? 'act:askDolphin' : `act:${a.type}`;
}

/** All tap sequences that enter `a`; `prefixed` puts its button first. */
function sequencesOf(a: Action, prefixed: boolean): Tap[][] {
  const defs = ACTION_DEFS[a.type] as Record<string, string>;
  let seqs: Tap[][] = [prefixed ? [actTap(a)] : []];
  for (const f of fieldNames(a.type)) {
    const kind = defs[f]!;
    if (a.type === 'ask' && f === 'dolphin') continue; // in the button
    const options = fieldTaps(kind, (a as unknown as Record<string, unknown>)[f]);
    seqs = seqs.flatMap((s) => options.map((o) => [...s, ...o]));
  }
  return seqs;
}

export interface Entry {
  readonly seq: readonly Tap[];
  readonly action: Action;
}

/** Every legal action as its tap sequences. A type that would start like another type (a move
 * and Bill Falls's nudge both start on a location) gets its button first, so no sequence is
 * ambiguous. */
export function entriesOf(legal: readonly Action[]): Entry[] {
  const tapped = legal.filter((a) => !NOT_TAPPED.has(a.type));
  const direct = (t: ActionType) => {
    const first = fieldNames(t)[0];
    return first !== undefined && DIRECT_FIRST.has((ACTION_DEFS[t] as Record<string, string>)[first]!);
  };
  const firstKinds = new Map<ActionType, Set<string>>();
  for (const a of tapped)
    if (direct(a.type)) {
      const firsts = firstKinds.get(a.type) ?? new Set();
      for (const s of sequencesOf(a, false)) firsts.add(s[0]!.split(':')[0]!);
      firstKinds.set(a.type, firsts);
    }
  const clashes = (t: ActionType) =>
    [...firstKinds].some(([u, ks]) => u !== t && [...ks].some((k) => firstKinds.get(t)?.has(k)));
  return tapped.flatMap((a) => {
    const prefixed = !direct(a.type) || clashes(a.type);
    return sequencesOf(a, prefixed).map((seq) => ({ seq, action: a }));
  });
}

/** What the screen offers after `prefix`: the next taps, and the action when `prefix` is a whole
 * sequence (then it is sent at once: no Confirm). */
export function next(
  entries: readonly Entry[],
  prefix: readonly Tap[],
): { readonly taps: ReadonlySet<Tap>; readonly done: Action | null } {
  const taps = new Set<Tap>();
  let done: Action | null = null;
  for (const e of entries) {
    if (e.seq.length < prefix.length || prefix.some((t, i) => e.seq[i] !== t)) continue;
    if (e.seq.length === prefix.length) done = e.action;
    else taps.add(e.seq[prefix.length]!);
  }
  return { taps, done };
}
