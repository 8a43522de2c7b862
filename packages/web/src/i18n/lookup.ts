// The lookup: `t(key, {x})` in the language in use, replacing {x}; a plural message picks its
// form by `{n}` (Intl.PluralRules). The words themselves are catalogues, one per language
// (i18n/en.ts, zh.ts, ja.ts); English is in the first-load bundle as the source of keys and the
// fallback, the others load only when the page is in their language (`loadI18n`).
import { createContext, useContext } from 'react';
import type { FeatureId } from '@mindmgmt/engine';
import { LANGS as LANG_IDS, type BotLevel, type Lang } from '@mindmgmt/table';
import { EN } from './en.js';
import type { Catalogue } from './en.js';
import type { Plural } from './section.js';

export type { Lang };
/** Each language in its own words, for the picker. */
const LANG_NAMES: Readonly<Record<Lang, string>> = { en: 'English', zh: '简体中文', ja: '日本語' };
export const LANGS: readonly { id: Lang; name: string }[] = LANG_IDS.map((id) => ({ id, name: LANG_NAMES[id] }));

export type Dict = Catalogue;
export type Key = keyof Dict;

// Each import() is its own chunk: a page in Chinese never downloads the Japanese words.
const LOADERS: Record<Exclude<Lang, 'en'>, () => Promise<Catalogue>> = {
  zh: () => import('./zh.js').then((m) => m.ZH),
  ja: () => import('./ja.js').then((m) => m.JA),
};
const loaded: Partial<Record<Lang, Catalogue>> = { en: EN };

/** The tools for `lang`, once its catalogue has arrived. */
export async function loadI18n(lang: Lang): Promise<I18n> {
  const dict = loaded[lang] ?? (loaded[lang] = await LOADERS[lang as Exclude<Lang, 'en'>]());
  return makeI18n(lang, dict);
}

export function detectLang(): Lang {
  try {
    const saved = localStorage.getItem('mm.lang');
    if (saved === 'en' || saved === 'zh' || saved === 'ja') return saved;
  } catch {
    /* storage unavailable */
  }
  for (const l of navigator.languages ?? [navigator.language]) {
    const p = l.toLowerCase();
    if (p.startsWith('zh')) return 'zh';
    if (p.startsWith('ja')) return 'ja';
    if (p.startsWith('en')) return 'en';
  }
  return 'en';
}

type KeyOf<V> = { [K in Key]: Dict[K] extends V ? K : never }[Key];
export type StringKey = KeyOf<string>;
type PluralKey = KeyOf<Plural>;
type Params = Record<string, string | number>;

export interface I18n {
  lang: Lang;
  /** A message; a plural one takes its count as `n`. */
  t: {
    (key: StringKey, params?: Params): string;
    (key: PluralKey, params: Params & { n: number }): string;
  };
  list: (key: 'hint_recruiter' | 'hint_agents' | 'hint_spectator') => readonly string[];
  feature: (f: FeatureId) => string;
  agent: (a: string) => string;
  /** A player's name as shown: the server names bot seats "Bot (easy)" (a name no person may take,
   * @mindmgmt/table's text.ts); they read as a bot of that level in the page's language. */
  player: (name: string) => string;
  /** The catalogue itself, for the few lookups by computed key (refusals). */
  dict: Dict;
}

function fill(s: string, params?: Params): string {
  return params ? s.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m)) : s;
}

/** The form of a plural message for `n`: an exact `=n` form first, else the language's category. */
export function pluralForm(lang: Lang, p: Plural, n: number): string {
  const exact = p[`=${n}` as '=0' | '=1'];
  if (exact !== undefined) return exact;
  return p[new Intl.PluralRules(lang).select(n)] ?? p.other;
}

// server/src/seating.ts `botName`
const BOT_NAME = /^Bot \((random|easy|hard|expert)\)$/;
/** Each bot level's name in the catalogues: the one map from a level to its key. */
export const BOT_LEVEL_KEYS = {
  random: 'lvRandom',
  easy: 'lvEasy',
  hard: 'lvHard',
  expert: 'lvExpert',
} as const satisfies Record<BotLevel, StringKey>;

export function makeI18n(lang: Lang, dict: Dict): I18n {
  const t = (key: StringKey | PluralKey, params?: Params): string => {
    const v: string | Plural | undefined = dict[key] ?? EN[key];
    if (v === undefined) return key;
    return fill(typeof v === 'string' ? v : pluralForm(lang, v, Number(params?.n)), params);
  };
  return {
    lang,
    t: t as I18n['t'],
    list: (key) => dict[key],
    feature: (f) => t(`f_${f}` as StringKey),
    agent: (a) => t(`agent_${a}` as StringKey),
    player: (name) => {
      const level = BOT_NAME.exec(name)?.[1] as 'random' | 'easy' | 'hard' | 'expert' | undefined;
      return level ? t('botLevel', { level: t(BOT_LEVEL_KEYS[level]) }) : name;
    },
    dict,
  };
}

export const I18nContext = createContext<I18n>(makeI18n('en', EN));
export const useI18n = (): I18n => useContext(I18nContext);
