// Every catalogue at once, for tests and node tools (screenshots); the page itself loads only the
// language in use (lookup.ts).
import { makeI18n, type Dict, type I18n, type Lang } from './lookup.js';
import { EN } from './en.js';
import { JA } from './ja.js';
import { ZH } from './zh.js';

export const DICTS: Record<Lang, Dict> = { en: EN, zh: ZH, ja: JA };

export const i18nFor = (lang: Lang): I18n => makeI18n(lang, DICTS[lang]);
