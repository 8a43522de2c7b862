// What stands on a location, in words: the board's cell names, the command line's "look",
// "row" and "pieces" answers and the agents' region all read these, so a player who cannot see
// the board hears what a sighted player sees on it (pieces, tokens, notes, mayhem, choices).
import { LOCATIONS, type Loc, type Notes, type View } from '@mindmgmt/engine';
import type { I18n } from '../i18n/lookup.js';

export interface CellContext {
  /** The recruiter's path as this seat may see it (its own, or every path once the game is over). */
  path?: readonly Loc[] | null;
  notes?: Notes;
  targets?: ReadonlySet<Loc>;
}

const L = (l: Loc) => LOCATIONS[l]!.label;

/** The location's name with its features ("B3: Garden, Umbrellas"). */
export function locName(i18n: I18n, l: Loc): string {
  const info = LOCATIONS[l]!;
  const features = info.temple ? i18n.t('temple') : info.features.map((f) => i18n.feature(f)).join(sep(i18n));
  return i18n.t('locName', { label: info.label, features });
}

export const sep = (i18n: I18n): string => (i18n.lang === 'zh' ? '、' : i18n.lang === 'ja' ? '・' : ', ');
const stop = (i18n: I18n): string => (i18n.lang === 'en' ? '. ' : '。');

/** Everything on a location besides its features, in a fixed order; empty when nothing is. */
export function cellFacts(i18n: I18n, view: View, l: Loc, c: CellContext = {}): string[] {
  const { t } = i18n;
  const out: string[] = [];
  for (const a of view.agents) if (a.at === l) out.push(t('cf_agent', { agent: i18n.agent(a.id) }));
  for (const x of view.immortals) if (x === l) out.push(t('cf_immortal'));
  const step = view.stepTokens.find((s) => s.at === l);
  if (step) out.push(t('cf_step', { time: `${step.time}:00` }));
  const conf = view.confirmed.find((s) => s.at === l);
  if (conf) out.push(t('cf_confirmed', { time: `${conf.visitTime}:00` }));
  if (view.mindSlips.secondOnBoard === l) out.push(t('cf_slip'));
  for (const e of view.mayhem)
    if (e[0] === l || e[1] === l) out.push(t('cf_mayhem', { loc: L(e[0] === l ? e[1] : e[0]) }));
  const n = c.path ? c.path.lastIndexOf(l) : -1;
  if (n >= 0) out.push(t('cf_path', { n: n + 1 }));
  const note = c.notes?.find((x) => x.at === l)?.note;
  if (note) {
    const range = note.from !== null || note.to !== null ? `${note.from ?? '?'}–${note.to ?? '?'}` : '';
    const crossed = note.crossed.map((f) => `✗${i18n.feature(f)}`).join(' ');
    out.push(t('cf_note', { note: [range, crossed, note.text].filter(Boolean).join(' ') }));
  }
  if (c.targets?.has(l)) out.push(t('tl_choice'));
  return out;
}

/** A cell's whole name: "B3: Garden, Umbrellas. Meru, immortal, a choice". */
export function cellName(i18n: I18n, view: View, l: Loc, c: CellContext = {}): string {
  const facts = cellFacts(i18n, view, l, c);
  return facts.length ? `${locName(i18n, l)}${stop(i18n)}${facts.join(sep(i18n))}` : locName(i18n, l);
}

/** One row of the board (0-based), every cell with its features and what stands on it. */
export function rowText(i18n: I18n, view: View, row: number, c: CellContext = {}): string {
  const cells = LOCATIONS.filter((i) => i.row === row).map((i) => cellName(i18n, view, i.id, c));
  return i18n.t('cmd_row', { n: row + 1, cells: cells.join(i18n.lang === 'en' ? '; ' : '；') });
}

/** The board by row, naming only the cells where something stands or that are a choice. */
export function boardText(i18n: I18n, view: View, c: CellContext = {}): string {
  const rows: string[] = [];
  for (let r = 0; r < Math.max(...LOCATIONS.map((i) => i.row)) + 1; r++) {
    const cells = LOCATIONS.filter((i) => i.row === r && cellFacts(i18n, view, i.id, c).length).map((i) =>
      cellName(i18n, view, i.id, c),
    );
    rows.push(
      i18n.t('cmd_row', {
        n: r + 1,
        cells: cells.length ? cells.join(i18n.lang === 'en' ? '; ' : '；') : i18n.t('cf_empty'),
      }),
    );
  }
  return rows.join(' ');
}

/** The pieces, each with where it stands: agents, immortals, tokens, notes, mayhem, the path. */
export function piecesText(i18n: I18n, view: View, c: CellContext = {}): string {
  const { t } = i18n;
  const s = sep(i18n);
  const parts: string[] = [agentsText(i18n, view)];
  if (view.immortals.length) parts.push(`${t('immortal')}${t('colon')}${view.immortals.map(L).join(s)}`);
  if (view.stepTokens.length)
    parts.push(`${t('stepToken')}${t('colon')}${view.stepTokens.map((x) => `${L(x.at)} ${x.time}:00`).join(s)}`);
  if (view.confirmed.length)
    parts.push(
      `${t('confirmedNote')}${t('colon')}${view.confirmed.map((x) => `${L(x.at)} ${x.visitTime}:00`).join(s)}`,
    );
  if (view.mindSlips.secondOnBoard !== null)
    parts.push(`${t('cf_slip')}${t('colon')}${L(view.mindSlips.secondOnBoard)}`);
  if (view.mayhem.length)
    parts.push(`${t('mayhem')}${t('colon')}${view.mayhem.map((e) => `${L(e[0])}–${L(e[1])}`).join(s)}`);
  if (c.path?.length) parts.push(`${t('path')}${t('colon')}${c.path.map(L).join(' → ')}`);
  return parts.join(stop(i18n));
}

/** Each agent and where it stands (the agents' region and the "pieces" answer). */
export function agentLines(i18n: I18n, view: View): string[] {
  return view.agents.map((a) => {
    const where =
      a.at !== null
        ? i18n.t('ag_at', { agent: i18n.agent(a.id), loc: locName(i18n, a.at) })
        : i18n.t('ag_off', { agent: i18n.agent(a.id) });
    return a.activated ? `${where} (${i18n.t('ag_activated')})` : where;
  });
}

export const agentsText = (i18n: I18n, view: View): string =>
  `${i18n.t('ag_title')}${i18n.t('colon')}${agentLines(i18n, view).join(sep(i18n))}`;
