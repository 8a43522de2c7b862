// What the clicks so far have picked of an action and what can be picked next, from the server's
// `legal` list alone (no rules here): the board tool in use, the fields still open, the buttons
// for a field that is not a place (its first option taken by default), and the locations or
// edges a click can pick now.
import {
  ACTION_DEFS,
  LOCATIONS,
  fieldNames,
  type Action,
  type ActionType,
  type Edge,
  type FieldKind,
  type Loc,
} from '@mindmgmt/engine';
import type { ChapterId } from '../rulebook/chapters.js';
import { BOARD_TOOLS } from './choices.js';

/** Fields picked by clicking a location (kinds `loc` and `locOrNull`). */
export const LOC_FIELDS: ReadonlySet<string> = new Set(
  Object.values(ACTION_DEFS).flatMap((fields: Readonly<Record<string, FieldKind>>) =>
    Object.entries(fields)
      .filter(([, kind]) => kind === 'loc' || kind === 'locOrNull')
      .map(([name]) => name),
  ),
);

/** The fields of an action picked so far. */
export type Partial_ = Record<string, unknown>;
export const label = (l: Loc) => LOCATIONS[l]!.label;
export const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);

/** Why the last click could not be used (one line, and the rulebook chapter of the engine's rule
 * when the engine said why). */
export interface ClickRefusal {
  text: string;
  chapter: ChapterId | null;
}

/** A field chosen with buttons: its options and the one taken. */
export interface ButtonSlot {
  slot: string;
  values: unknown[];
  chosen: unknown;
}

export interface Pick {
  /** The board tools `legal` offers. */
  boardTools: ActionType[];
  /** The board tool in use: the one chosen while `legal` offers it, else the first. */
  current: ActionType | null;
  /** The fields of the current tool's action, in the order a player picks them. */
  slots: readonly string[];
  /** The fields picked, with the buttons' defaults. */
  effPartial: Partial_;
  /** The next field a click picks. */
  effSlot: string | undefined;
  /** The actions still possible. */
  effCands: Action[];
  buttonSlots: ButtonSlot[];
  targets: Set<Loc>;
  edgeTargets: Edge[];
  /** The last location picked. */
  selected: Loc | null;
}

export function pickFrom(legal: readonly Action[], tool: ActionType | null, partial: Partial_): Pick {
  const types = new Set(legal.map((a) => a.type));
  const boardTools = BOARD_TOOLS.filter((x) => types.has(x));
  const current: ActionType | null =
    tool && types.has(tool) && BOARD_TOOLS.includes(tool) ? tool : (boardTools[0] ?? null);
  const candidates = current
    ? legal.filter(
        (a) =>
          a.type === current && Object.entries(partial).every(([k, v]) => same((a as Record<string, unknown>)[k], v)),
      )
    : [];
  // the fields to pick, in order: the engine's one definition (ACTION_DEFS)
  const slots = current ? fieldNames(current) : [];
  const nextSlot = slots.find((s) => !(s in partial));
  // non-location slots are chosen with buttons; pick the first option by default
  let effPartial = partial;
  let effSlot = nextSlot;
  let effCands = candidates;
  const buttonSlots: ButtonSlot[] = [];
  while (effSlot && !LOC_FIELDS.has(effSlot) && effSlot !== 'between') {
    const vals = (() => {
      const out: unknown[] = [];
      for (const a of effCands) {
        const v = (a as Record<string, unknown>)[effSlot!];
        if (!out.some((o) => same(o, v))) out.push(v);
      }
      return out;
    })();
    const chosen = vals[0];
    buttonSlots.push({ slot: effSlot, values: vals, chosen });
    effPartial = { ...effPartial, [effSlot]: chosen };
    const s = effSlot;
    effCands = effCands.filter((a) => same((a as Record<string, unknown>)[s], chosen));
    effSlot = slots.find((x) => !(x in effPartial));
  }

  const targets = new Set<Loc>();
  let edgeTargets: Edge[] = [];
  // The engine lists every destination within the agent's 2 moves (R20): one `move` reaches it.
  if (effSlot === 'between') edgeTargets = effCands.map((a) => (a as Extract<Action, { type: 'placeMayhem' }>).between);
  else if (effSlot && LOC_FIELDS.has(effSlot))
    for (const a of effCands) {
      const v = (a as Record<string, unknown>)[effSlot];
      if (typeof v === 'number') targets.add(v);
    }

  const selected = (() => {
    const locs = Object.entries(partial).filter(([k]) => LOC_FIELDS.has(k));
    const last = locs[locs.length - 1];
    return last ? (last[1] as Loc) : null;
  })();

  return { boardTools, current, slots, effPartial, effSlot, effCands, buttonSlots, targets, edgeTargets, selected };
}

/** What the player is asked to pick next (the hint under the tools). */
export function hintKey(
  current: ActionType | null,
  effSlot: string | undefined,
): 'pick_move' | 'pick_stepToken' | 'pick_from' | 'pick_between' | 'pick_to' | 'pick_at' {
  return current === 'move'
    ? 'pick_move'
    : effSlot === 'stepToken'
      ? 'pick_stepToken'
      : effSlot === 'from'
        ? 'pick_from'
        : effSlot === 'between'
          ? 'pick_between'
          : effSlot === 'to'
            ? 'pick_to'
            : 'pick_at';
}
