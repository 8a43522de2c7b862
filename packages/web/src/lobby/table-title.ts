// A table's name in the reader's language (the zh and ja lobbies listed English names). The
// names the page makes itself -- the default name and a solo table's "Rita vs Rogue agents
// (easy)" -- are stored in English, the catalogue every page holds, built from their parts; a
// reader's page finds the parts again and writes them in its own language. A name a host typed
// is shown as typed.
import { BOT_LEVELS } from '@mindmgmt/table';
import { BOT_LEVEL_KEYS, type I18n, type StringKey } from '../i18n/lookup.js';
import { EN } from '../i18n/en.js';

const SIDES = ['recruiter', 'agents'] as const;
const LEVELS = BOT_LEVELS.map((l) => BOT_LEVEL_KEYS[l]);
type Side = (typeof SIDES)[number];
type Level = (typeof LEVELS)[number];

/** The parts of a name the page makes. */
export type TitleParts =
  | { readonly kind: 'default' }
  | { readonly kind: 'solo'; readonly name: string; readonly side: Side; readonly level: Level };

const fill = (s: string, p: Record<string, string>) => s.replace(/\{(\w+)\}/g, (m, k: string) => p[k] ?? m);

/** The name as stored: in English. */
export function storedTitle(parts: TitleParts): string {
  if (parts.kind === 'default') return EN.defaultGameName;
  return fill(EN.soloTitle, { name: parts.name, side: EN[parts.side], level: EN[parts.level] });
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SOLO = new RegExp(
  `^${esc(EN.soloTitle)
    .replace(esc('{name}'), '(?<name>.+)')
    .replace(esc('{side}'), `(?<side>${SIDES.map((k) => esc(EN[k])).join('|')})`)
    .replace(esc('{level}'), `(?<level>${LEVELS.map((k) => esc(EN[k])).join('|')})`)}$`,
);

/** The parts of a stored name the page made, or null for a name a host typed. */
export function titleParts(title: string): TitleParts | null {
  if (title === EN.defaultGameName) return { kind: 'default' };
  const g = SOLO.exec(title)?.groups;
  if (!g) return null;
  const side = SIDES.find((k) => EN[k] === g.side)!;
  const level = LEVELS.find((k) => EN[k] === g.level)!;
  return { kind: 'solo', name: g.name!, side, level };
}

/** A stored table name as the reader reads it. */
export function readTitle(i18n: I18n, title: string): string {
  const p = titleParts(title);
  if (!p) return title;
  if (p.kind === 'default') return i18n.t('defaultGameName');
  return i18n.t('soloTitle' as StringKey, { name: p.name, side: i18n.t(p.side), level: i18n.t(p.level) });
}
