// The player's rulebook: stable chapter ids (the game deep-links to them), their titles in the
// three languages, and the link helpers. This file is in the first-load bundle; the chapters'
// text, diagrams and search load on demand (Rulebook.tsx, text-*.ts).
import type { Lang } from '../i18n/lookup.js';

export const CHAPTERS = [
  'overview',
  'setup',
  'recruiter-turn',
  'immortals',
  'mayhem',
  'agents-turn',
  'ask',
  'reveal',
  'shakedown',
  'capture',
  'abilities',
  'recruiter-cards',
  'mental-notes',
  'winning',
  'training',
  'companion',
  'controls',
  'offline',
  'keyboard',
  'words',
] as const;

export type ChapterId = (typeof CHAPTERS)[number];

export const CHAPTER_TITLES: Record<ChapterId, Record<Lang, string>> = {
  overview: { en: 'The game in brief', zh: '游戏概览', ja: 'ゲームの概要' },
  setup: { en: 'Setup', zh: '游戏准备', ja: 'ゲームの準備' },
  'recruiter-turn': { en: 'The recruiter’s turn', zh: '招募员回合', ja: '採用官の手番' },
  immortals: { en: 'Immortals', zh: '不朽者', ja: 'イモータル' },
  mayhem: { en: 'Mayhem', zh: '障碍', ja: '群衆' },
  'agents-turn': { en: 'The agents’ turn', zh: '反叛特工回合', ja: '不正エージェントの手番' },
  ask: { en: 'Ask', zh: '询问', ja: '尋問' },
  reveal: { en: 'Reveal', zh: '揭露', ja: '暴露' },
  shakedown: { en: 'Shakedown and push', zh: '逼供与推开', ja: '強制捜査と押し出し' },
  capture: { en: 'Capture', zh: '捕捉', ja: '捕獲' },
  abilities: { en: 'Agent and ally abilities', zh: '特工与同盟能力', ja: 'エージェントと協力者の能力' },
  'recruiter-cards': { en: 'Recruiter cards', zh: '招募员卡', ja: '採用官カード' },
  'mental-notes': { en: 'Mental notes', zh: '心灵笔记', ja: 'ノートトークン' },
  winning: { en: 'Winning', zh: '胜负', ja: '勝敗' },
  training: { en: 'Training Mission', zh: '训练任务', ja: 'トレーニングミッション' },
  companion: { en: 'Companion for the board game', zh: '实体桌游助手', ja: 'ボードゲームのコンパニオン' },
  controls: { en: 'Controls', zh: '操作方法', ja: '操作方法' },
  offline: { en: 'Playing offline', zh: '离线游戏', ja: 'オフラインで遊ぶ' },
  keyboard: { en: 'Keyboard', zh: '键盘操作', ja: 'キーボード操作' },
  words: { en: 'Words of the game', zh: '术语表', ja: '用語集' },
};

export const RULEBOOK_TITLE: Record<Lang, string> = { en: 'Rulebook', zh: '规则书', ja: 'ルールブック' };

export function isChapter(x: string): x is ChapterId {
  return (CHAPTERS as readonly string[]).includes(x);
}

/** The address of a chapter: opens the rulebook at it (from a bookmark, a shared link, or a click). */
export function rulebookLink(chapter: ChapterId): string {
  return `#/rules/${chapter}`;
}

/** The chapter a location hash asks for: `#/rules/ask` -> 'ask'; `#/rules` -> 'overview'. */
export function chapterOfHash(hash: string): ChapterId | null {
  const m = /^#\/rules(?:\/([\w-]+))?\/?$/.exec(hash);
  if (!m) return null;
  return m[1] && isChapter(m[1]) ? m[1] : 'overview';
}

/** The chapter that explains a prompt or tool of the table, by its i18n key, so the table can put a
 * RuleLink next to each (`<RuleLink chapter={chapterFor('t_ask')!} />`). */
const KEY_CHAPTERS: readonly [RegExp, ChapterId][] = [
  [/^p_mayhem|^t_placeMayhem$|^mayhem$/, 'mayhem'],
  [/^p_recruiterCard|^(recruiterCard|yourCard|potential|cardPower_\w+)$/, 'recruiter-cards'],
  [
    /^p_(start|setupSteps|immortals|agents|mindSlipToken)(_public)?(_me)?$|^t_(chooseStart|placeImmortal|placeMindSlip|placeAgent\w*)$/,
    'setup',
  ],
  [/^p_recruiterTurn|^t_(step|mindSlip|token|endTurn)$|^(timeTrack|secondMindSlip|mindSlip)$/, 'recruiter-turn'],
  [/^t_(moveImmortal|extraImmortalMove)$|^(immortalCards|immortal|immortals)$/, 'immortals'],
  [/^p_answerAsk|^t_(ask|answerAsk|cannotPlace)$|^stepToken$/, 'ask'],
  [/^p_agentsTurn|^t_(activate|move|confirmMove|endActivation)$/, 'agents-turn'],
  [/^t_reveal$|^confirmedNote$/, 'reveal'],
  [/^t_(shakedown|push)$|^exposed$/, 'shakedown'],
  [/^t_capture$|^c_capture$/, 'capture'],
  [/^u_\w+$/, 'controls'],
  [/^t_(scan|nudge|dustyMove|withDolphin)$|^(ally|ability_\w+)$/, 'abilities'],
  [/^t_note$|^(mentalNote|noteAt|ded\w+)$/, 'mental-notes'],
  [/^(p_over|recruitsTotal|winRecruiter|winAgents|r_\w+)$/, 'winning'],
  [/^training$/, 'training'],
];

export function chapterFor(key: string): ChapterId | null {
  return KEY_CHAPTERS.find(([re]) => re.test(key))?.[1] ?? null;
}

/** The chapter that explains each ruling of docs/rules.md (R1-R38), so a refusal citing one can
 * link to it: the ids are the developers' names, the chapter is what a player reads. */
const RULING_CHAPTERS: Readonly<Record<ChapterId, readonly number[]>> = {
  overview: [],
  setup: [5, 6, 7, 8, 9, 32],
  'recruiter-turn': [1, 2, 10, 11, 12, 15, 16, 17, 18, 36, 37],
  immortals: [3, 19, 34],
  mayhem: [4],
  'agents-turn': [20, 21],
  ask: [22],
  reveal: [23],
  shakedown: [24, 38],
  capture: [25],
  abilities: [26, 27, 28, 29, 35],
  'recruiter-cards': [],
  'mental-notes': [30],
  winning: [13, 14, 33],
  training: [31],
  companion: [],
  controls: [],
  offline: [],
  keyboard: [],
  words: [],
};

export function rulingChapter(id: string): ChapterId | null {
  const n = /^R(\d+)$/.exec(id)?.[1];
  if (n === undefined) return null;
  return CHAPTERS.find((c) => RULING_CHAPTERS[c].includes(Number(n))) ?? null;
}

export const OPEN_RULEBOOK = 'mm:rulebook';

/** Opens the rulebook over the current screen (a game stays where it is). */
export function openRulebook(chapter: ChapterId = 'overview'): void {
  dispatchEvent(new CustomEvent<ChapterId>(OPEN_RULEBOOK, { detail: chapter }));
}
