// The table's typed commands (a command line, as lichess's blind mode has): a line of text in
// en/zh/ja becomes exactly one of the actions the engine lists as legal, or a reading of the
// board, or a refusal that says why. No rules here: a command only names an element of `legal`;
// when it names none, the engine in this page says why when it can (explain.ts). Pure: the
// command line (CommandLine.tsx) sends what this returns and speaks its answer.
import {
  AGENTS,
  FEATURES,
  LOCATIONS,
  RECRUITER_CARDS,
  fieldNames,
  ACTION_DEFS,
  type Action,
  type ActionType,
  type AgentId,
  type FeatureId,
  type Loc,
  type Notes,
  type RecruiterCardId,
  type View,
} from '@mindmgmt/engine';
import type { Belief } from './deduction.js';
import { EN } from '../i18n/en.js';
import type { I18n, StringKey } from '../i18n/lookup.js';
import { refusalText } from '../i18n/refusals.js';
import { boardText, cellName, piecesText, rowText, sep, type CellContext } from './cell-facts.js';
import { asksFirst, BOARD_TOOLS } from './choices.js';
import { describeAction } from './describe.js';
import { explainRefusal } from './explain.js';

export interface CommandContext {
  i18n: I18n;
  view: View;
  legal: readonly Action[];
  /** The table's prompt line, said when this seat has nothing to play. */
  prompt: string;
  notes?: Notes;
  /** The recruiter's path as this seat sees it. */
  path?: readonly Loc[] | null;
  belief?: Belief | null;
  /** The action a "yes" would send (a capture, an early end: asked once, as the buttons do). */
  pending?: Action | null;
}

export type CommandAnswer =
  /** Send `action`; `say` names it. */
  | { kind: 'act'; action: Action; say: string }
  /** Ask first; a "yes" next sends `action`. */
  | { kind: 'confirm'; action: Action; say: string }
  | { kind: 'say'; say: string };

/** The verbs that play, each with the action types it may name (in order of preference). */
const PLAY: Readonly<Record<string, readonly ActionType[]>> = {
  activate: ['activate'],
  move: ['move', 'dustyMove', 'step'],
  ask: ['ask'],
  reveal: ['reveal'],
  shakedown: ['shakedown'],
  push: ['push'],
  capture: ['capture'],
  scan: ['scan'],
  nudge: ['nudge'],
  end: ['endActivation', 'endTurn'],
  undo: ['undo'],
  slip: ['mindSlip', 'placeMindSlip'],
  immortal: ['placeImmortal', 'moveImmortal', 'extraImmortalMove'],
  place: ['placeAgent', 'placeImmortal', 'placeMindSlip', 'chooseStart'],
  start: ['chooseStart'],
  mayhem: ['placeMayhem'],
  card: ['chooseRecruiterCard'],
  answer: ['answerAsk'],
};
const READ = ['yes', 'board', 'row', 'look', 'pieces', 'choices', 'status', 'odds', 'help'] as const;
type Verb = keyof typeof PLAY | (typeof READ)[number];
const VERBS = [...Object.keys(PLAY), ...READ] as Verb[];

/** Lower case, full-width forms folded (ＢＳ３ → b3), spaces squeezed. */
export const normalize = (s: string): string => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

const wordsOf = (i18n: I18n, key: StringKey): string[] => {
  const own = i18n.t(key).split('|');
  const en = i18n.lang === 'en' ? [] : String(EN[key]).split('|');
  return [...own, ...en].map(normalize).filter(Boolean);
};
const latin = (w: string) => /^[a-z?]/.test(w);

/** The verb the line starts with (the longest word that fits) and the rest of the line. */
function splitVerb(i18n: I18n, line: string): { verb: Verb; rest: string; w: string } | null {
  let best: { verb: Verb; w: string } | null = null;
  for (const verb of VERBS)
    for (const w of wordsOf(i18n, `cmd_w_${verb}` as StringKey)) {
      if (!line.startsWith(w)) continue;
      // a Latin word ends at a non-letter ("ask garden", not "asked"); CJK words need no space
      if (latin(w) && /[a-z]/.test(line[w.length] ?? '')) continue;
      if (!best || w.length > best.w.length) best = { verb, w };
    }
  if (best) return { verb: best.verb, rest: line.slice(best.w.length).trim(), w: best.w };
  // Japanese puts the verb last ("メルを起動"): a CJK word at the end, its object before it
  for (const verb of VERBS)
    for (const w of wordsOf(i18n, `cmd_w_${verb}` as StringKey))
      if (!latin(w) && line.endsWith(w) && (!best || w.length > best.w.length)) best = { verb, w };
  return best
    ? {
        verb: best.verb,
        rest: line
          .slice(0, line.length - best.w.length)
          .replace(/[をにへで]\s*$/, '')
          .trim(),
        w: best.w,
      }
    : null;
}

interface Args {
  locs: Loc[];
  agent: AgentId | null;
  feature: FeatureId | null;
  card: RecruiterCardId | null;
  token: number | null;
  dolphin: boolean;
  none: boolean;
}

const LABEL = /([a-f])\s?([1-7])(?![0-9])/g;

/** Where `rest` holds one of `all` whole (at word ends for a Latin name: "bill" is not in
 * "billboard"), as [start, end], or null. */
function whole(rest: string, all: readonly string[]): [number, number] | null {
  for (const n of all) {
    if (!n) continue;
    if (!latin(n)) {
      const i = rest.indexOf(n);
      if (i >= 0) return [i, i + n.length];
      continue;
    }
    const m = new RegExp(`(^|[^a-z])(${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})($|[^a-z])`).exec(rest);
    if (m) return [m.index + m[1]!.length, m.index + m[1]!.length + n.length];
  }
  return null;
}

function parseArgs(i18n: I18n, rest: string): Args {
  const locs: Loc[] = [];
  let left = rest.replace(LABEL, (_m, c: string, r: string) => {
    const l = LOCATIONS.find((i) => i.label === `${c.toUpperCase()}${r}`);
    if (l) locs.push(l.id);
    return ' ';
  });
  const both = (key: StringKey) => [normalize(i18n.t(key)), normalize(String(EN[key]))];
  const kinds = [
    AGENTS.map((a) => [a, [a, ...both(`agent_${a}` as StringKey)]] as const),
    FEATURES.map((f) => [f, [f, ...both(`f_${f}` as StringKey)]] as const),
    RECRUITER_CARDS.map((c) => [c, [c, ...both(`card_${c}` as StringKey)]] as const),
  ];
  // whole names first, each taken out of the line; then a word that starts a name ("coffee")
  const found: (string | null)[] = kinds.map((list) => {
    for (const [id, ns] of list) {
      const at = whole(left, ns);
      if (at) {
        left = `${left.slice(0, at[0])} ${left.slice(at[1])}`;
        return id;
      }
    }
    return null;
  });
  const tokens = left.split(/[\s,，、。]+/).filter(Boolean);
  kinds.forEach((list, k) => {
    if (found[k]) return;
    const hit = list.find(([, ns]) =>
      tokens.some((x) => x.length >= 3 && ns.some((n) => n.split(/[\s·・-]+/).some((w) => w.startsWith(x)))),
    );
    if (hit) found[k] = hit[0];
  });
  const [agent, feature, card] = found as [AgentId | null, FeatureId | null, RecruiterCardId | null];
  const num = /(?:^|[^0-9])([12])(?![0-9])/.exec(left);
  const has = (key: StringKey) => wordsOf(i18n, key).some((w) => (latin(w) ? tokens.includes(w) : left.includes(w)));
  return {
    locs,
    agent,
    feature,
    card,
    token: num ? Number(num[1]) : null,
    dolphin: has('cmd_w_dolphin'),
    none: has('cmd_w_none'),
  };
}

/** The location fields of an action, in picking order (their values; an edge gives its two ends). */
function locValues(a: Action): (Loc | null)[] {
  const o = a as unknown as Record<string, unknown>;
  const defs = ACTION_DEFS[a.type] as Readonly<Record<string, string>>;
  const out: (Loc | null)[] = [];
  for (const k of fieldNames(a.type)) {
    if (defs[k] === 'loc' || defs[k] === 'locOrNull') out.push(o[k] as Loc | null);
    if (defs[k] === 'edge') out.push(...(o[k] as readonly Loc[]));
  }
  return out;
}

function matches(a: Action, x: Args, view: View): boolean {
  const o = a as unknown as Record<string, unknown>;
  const vals = locValues(a);
  if (a.type === 'placeMayhem') {
    if (x.locs.length && !(x.locs.length === 2 && x.locs.every((l) => vals.includes(l)))) return false;
  } else if (x.locs.length) {
    if (x.locs.length > vals.length) return false;
    const tail = vals.slice(vals.length - x.locs.length);
    if (!tail.every((v, i) => v === x.locs[i])) return false;
  }
  if (x.agent) {
    // "move Meru B3": the active agent may be named for a move of its own
    const agent = 'agent' in o ? o.agent : view.activation?.agent;
    if (agent !== x.agent) return false;
  }
  if (x.feature && o.feature !== x.feature) return false;
  if (x.card && o.card !== x.card) return false;
  if (x.token !== null && 'token' in o && o.token !== x.token) return false;
  if ('dolphin' in o && o.dolphin !== x.dolphin) return false;
  if (a.type === 'answerAsk' && (o.at === null) !== x.none) return false;
  return true;
}

/** The action `x` describes of type `type`, built field by field, or null when a field is missing
 * (to ask the engine why it is refused). */
function build(type: ActionType, x: Args, seat: number): Action | null {
  const defs = ACTION_DEFS[type] as Readonly<Record<string, string>>;
  const o: Record<string, unknown> = { type, seat };
  const locs = [...x.locs];
  const locFields = fieldNames(type).filter((k) => defs[k] === 'loc' || defs[k] === 'locOrNull');
  if (type === 'answerAsk' && x.none) {
    o.at = null;
    locFields.length = 0;
  }
  if (locs.length !== locFields.length) return null;
  for (const k of fieldNames(type)) {
    const kind = defs[k];
    if (kind === 'loc' || kind === 'locOrNull') {
      if (!(k in o)) o[k] = locs.shift();
    } else if (kind === 'agent') o[k] = x.agent;
    else if (kind === 'feature') o[k] = x.feature;
    else if (kind === 'card') o[k] = x.card;
    else if (kind === 'token') o[k] = x.token;
    else if (kind === 'bool') o[k] = x.dolphin;
    else if (kind === 'edge') return null;
    if (o[k] === null && kind !== 'locOrNull') return null;
  }
  return o as unknown as Action;
}

const L = (l: Loc) => LOCATIONS[l]!.label;

/** The legal actions as a short list: one entry per action, those that differ only by one
 * location grouped ("Move: A2, B3"). */
export function choicesText(i18n: I18n, view: View, legal: readonly Action[]): string {
  const { t } = i18n;
  const groups = new Map<string, { head: string; locs: string[] }>();
  const out: string[] = [];
  for (const a of legal) {
    if (a.type === 'ask' && a.dolphin) continue;
    const fields = fieldNames(a.type);
    const o = a as unknown as Record<string, unknown>;
    const one = fields.length === 1 && typeof o[fields[0]!] === 'number';
    const agentAndLoc = a.type === 'placeAgent' || a.type === 'dustyMove';
    if (one || agentAndLoc) {
      const head = agentAndLoc
        ? `${t(`t_${a.type}` as 't_reveal', { agent: i18n.agent((a as { agent: string }).agent) })}${a.type === 'dustyMove' ? ` ${i18n.agent((a as { agent: string }).agent)}` : ''}`
        : t(`t_${a.type}` as 't_reveal');
      const key = `${a.type}|${agentAndLoc ? (a as { agent: string }).agent : ''}`;
      const g = groups.get(key) ?? { head, locs: [] };
      if (!groups.has(key)) {
        groups.set(key, g);
        out.push(key);
      }
      g.locs.push(L(o[agentAndLoc ? (a.type === 'placeAgent' ? 'at' : 'to') : fields[0]!] as Loc));
    } else {
      const d = describeAction(i18n, a, view);
      if (!out.includes(d)) out.push(d);
    }
  }
  const list = out.map((k) => {
    const g = groups.get(k);
    return g ? `${g.head}${t('colon')}${g.locs.join(' ')}` : k;
  });
  return t('cmd_choices', { list: list.join(i18n.lang === 'en' ? '; ' : '；') });
}

function oddsText(i18n: I18n, belief: Belief | null | undefined): string {
  if (!belief || belief.candidates === 0) return i18n.t('cmd_noOdds');
  const shares = Object.entries(belief.cardShares)
    .filter(([, p]) => (p ?? 0) > 0)
    .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))
    .map(([f, p]) => i18n.t('cmd_oddsShare', { feature: i18n.feature(f as FeatureId), p: Math.round(100 * (p ?? 0)) }));
  return i18n.t('cmd_odds', { n: belief.candidates, list: shares.join(sep(i18n)) });
}

/** The answer to one typed line. */
export function runCommand(line: string, ctx: CommandContext): CommandAnswer {
  const { i18n, view, legal } = ctx;
  const { t } = i18n;
  const text = normalize(line);
  const cells: CellContext = {
    path: ctx.path ?? null,
    notes: ctx.notes ?? [],
    targets: new Set(defaultTargets(legal)),
  };
  const say = (s: string): CommandAnswer => ({ kind: 'say', say: s });
  const nothing = () => say(t('cmd_noChoices', { prompt: ctx.prompt }));
  const choices = () => (legal.length ? choicesText(i18n, view, legal) : '');
  const play = (a: Action): CommandAnswer => {
    const what = describeAction(i18n, a, view);
    return asksFirst(a, legal)
      ? { kind: 'confirm', action: a, say: t('cmd_confirm', { what }) }
      : { kind: 'act', action: a, say: t('cmd_sent', { what }) };
  };
  if (!text) return say(t('cmd_help'));
  const split = splitVerb(i18n, text);
  if (!split) {
    // a location alone: what a click on it does (the default board tool, as on the board)
    const x = parseArgs(i18n, text);
    if (x.locs.length === 1 && text.replace(/\s/g, '').length <= 3) {
      const tool = BOARD_TOOLS.find((ty) => legal.some((a) => a.type === ty));
      const found = legal.filter((a) => a.type === tool && matches(a, x, view));
      const exact = found.filter((a) => locValues(a).length === 1);
      const pick = exact.length ? exact : found;
      if (pick.length >= 1 && (pick.length === 1 || tool === 'placeAgent')) return play(pick[0]!);
      if (!legal.length) return nothing();
      return say(t('cmd_noMatch', { what: line.trim(), choices: choices() }));
    }
    return say(t('cmd_unknown', { word: line.trim().split(/\s+/)[0] ?? '' }));
  }
  const { verb, rest } = split;
  const x = parseArgs(i18n, rest);
  switch (verb) {
    case 'help':
      return say(t('cmd_help'));
    case 'status':
      return say(`${ctx.prompt} ${t('time')}${t('colon')}${view.time}:00.`);
    case 'board':
      return say(boardText(i18n, view, cells));
    case 'pieces':
      return say(piecesText(i18n, view, cells));
    case 'choices':
      return legal.length ? say(choices()) : nothing();
    case 'odds':
      return say(oddsText(i18n, ctx.belief));
    case 'row': {
      const n = /([1-7])/.exec(rest);
      return say(n ? rowText(i18n, view, Number(n[1]) - 1, cells) : t('cmd_rowWhich'));
    }
    case 'look':
      return say(x.locs.length ? x.locs.map((l) => cellName(i18n, view, l, cells)).join(' ') : t('cmd_lookWhich'));
    case 'yes':
      if (ctx.pending && legal.some((a) => JSON.stringify(a) === JSON.stringify(ctx.pending)))
        return {
          kind: 'act',
          action: ctx.pending,
          say: t('cmd_sent', { what: describeAction(i18n, ctx.pending, view) }),
        };
      return say(t('cmd_nothingToConfirm'));
  }
  const types = PLAY[verb]!;
  const word = split.w;
  const ofVerb = legal.filter((a) => types.includes(a.type));
  const found = ofVerb.filter((a) => matches(a, x, view));
  // the same number of locations as typed first ("move C4": a step, not an immortal to C4)
  const exact = found.filter((a) => a.type === 'placeMayhem' || locValues(a).length === x.locs.length);
  const pick = exact.length ? exact : found;
  if (pick.length === 1) return play(pick[0]!);
  if (pick.length > 1) {
    const list = [...new Set(pick.map((a) => describeAction(i18n, a, view)))];
    if (list.length === 1) return play(pick[0]!);
    return say(t('cmd_which', { list: list.slice(0, 12).join(i18n.lang === 'en' ? '; ' : '；') }));
  }
  // nothing listed fits: the engine's reason when the words make a whole action, else the choices
  const seat = typeof view.viewer === 'number' ? view.viewer : 0;
  for (const ty of types) {
    const a = build(ty, x, seat);
    const why = a ? explainRefusal(view, a) : null;
    if (why) return say(t('refused', { reason: refusalText(i18n, why) }));
  }
  if (!legal.length) return nothing();
  return say(
    ofVerb.length
      ? t('cmd_noMatch', { what: line.trim(), choices: choices() })
      : t('cmd_notNow', { word, choices: choices() }),
  );
}

/** The verb that names each action type in `commandFor`. */
const VERB_OF: Readonly<Partial<Record<ActionType, keyof typeof PLAY>>> = {
  step: 'move',
  dustyMove: 'move',
  placeImmortal: 'immortal',
  placeMindSlip: 'slip',
  placeAgent: 'place',
};

/** A command that plays `a` in the language of `i18n` (the first word of each list): the
 * answer to "which words play this?", and the tests' way to type every legal action. */
export function commandFor(i18n: I18n, a: Action): string {
  const verb = VERB_OF[a.type] ?? (Object.keys(PLAY) as (keyof typeof PLAY)[]).find((v) => PLAY[v]!.includes(a.type))!;
  const first = (key: StringKey) => i18n.t(key).split('|')[0]!;
  const o = a as unknown as Record<string, unknown>;
  const parts = [first(`cmd_w_${verb}` as StringKey)];
  if (typeof o.agent === 'string') parts.push(i18n.agent(o.agent));
  if (typeof o.feature === 'string') parts.push(i18n.feature(o.feature as FeatureId));
  if (typeof o.card === 'string') parts.push(o.card);
  if (typeof o.token === 'number') parts.push(String(o.token));
  if (o.dolphin === true) parts.push(first('cmd_w_dolphin'));
  if (a.type === 'answerAsk' && a.at === null) parts.push(first('cmd_w_none'));
  for (const l of locValues(a)) if (l !== null) parts.push(L(l));
  return parts.join(' ');
}

/** The default board tool's locations (what the board marks as a choice). */
function defaultTargets(legal: readonly Action[]): Loc[] {
  const tool = BOARD_TOOLS.find((ty) => legal.some((a) => a.type === ty));
  const out: Loc[] = [];
  for (const a of legal)
    if (a.type === tool) {
      const v = locValues(a);
      const l = v[v.length - 1];
      if (typeof l === 'number' && !out.includes(l)) out.push(l);
    }
  return out;
}
