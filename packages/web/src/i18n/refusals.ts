// The engine's refusals in the player's language (issue 12: "clear refusals", zh/ja passes).
// The engine answers an illegal action with a stable code, an English sentence and, where the
// sentence is one a player can meet by clicking, its parameters (`v` picks which of the code's
// sentences). A translation is used when it exists for that code (and `v`) and the engine sent
// parameters; otherwise the engine's English text is shown. Game terms come in as {params} from
// the main dictionaries, so the glossary decides them.
import type { I18n } from '../i18n.js';

export interface Refusal {
  code: string;
  message: string;
  params?: Readonly<Record<string, string | number>>;
}

type Sentences = Readonly<Record<string, string>>;

const ZH: Sentences = {
  game_over: '游戏已经结束。',
  not_your_turn: '现在轮到其他座位行动。',
  already_visited: '你已经到过 {loc}（{rule}）。',
  'blocked_by_mayhem.step': '{mayhem}挡住了从 {from} 到 {to} 的路（{rule}）。',
  'not_adjacent.step': '{to} 与 {from} 不相邻：只能直走一格，或斜走进出{temple}（{rule}）。',
  'not_here.immortal': '{loc} 上没有{immortal}。',
  'occupied.immortal': '{loc} 上已经有另一个{immortal}（{rule}）。',
  'blocked_by_mayhem.immortal': '{mayhem}挡住了{immortal}从 {from} 到 {to}（{rule}）。',
  'not_adjacent.immortal': '{immortal}只能向任意方向移动一格；{to} 与 {from} 不相邻（{rule}）。',
  'not_allowed.mindSlip': '{loc} 不是{mindSlip}的落点：按{recruiter}卡的方向直线跳过两格，落在未到过的地点（{rule}）。',
  'bad_answer.mustPlace': '你到过有此特征、还能放{stepToken}的地点（{locs}）：必须放置（{rule}）。',
  'bad_answer.options':
    '{stepToken}必须放在你到过、有此特征且没有{stepToken}或{confirmedNote}的地点：{locs}（{rule}）。',
  'bad_answer.none': '没有可以放{stepToken}的地点，请回答“无法放置”（{rule}）。',
  edge_location: '{immortal}不能从版图边缘的地点开始（{rule}）。',
  'occupied.immortalStart': '那里已经有另一个{immortal}（{rule}）。',
  not_edge: '特工从版图边缘开始（{rule}）。',
  not_near_temple: '第二个{mindSlip}标记放在{temple}旁边（直向或斜向），不能放在{temple}上（{rule}）。',
  mayhem_touches: '{mayhem}标记不能相接：这条边与另一个标记共用一个角（{rule}）。',
  'not_adjacent.agentMove': '{to} 不在 {from} 两步之内：直走，只能斜走进出{temple}，不能穿过{mayhem}（{rule}）。',
  feature_blocked: '有{immortal}站在带有{feature}的地点上，所以任何人都不能询问它（{rule}）。',
  'not_allowed.push':
    '{immortal}只能被直向推动一格，不能穿过{mayhem}，也不能推到另一个{immortal}上；{loc} 不行（{rule}）。',
  'not_allowed.nudgeFrom': '只能移动与自己直向相邻的{immortal}；{loc} 上没有（{rule}）。',
  'not_adjacent.dusty': '{agent}最多只能按特工移动规则移动 {n} 格；{loc} 太远（{rule}）。',
};

const JA: Sentences = {
  game_over: 'ゲームは終了しています。',
  not_your_turn: '今は別の席の手番です。',
  already_visited: '{loc} にはすでに行っています（{rule}）。',
  'blocked_by_mayhem.step': '{mayhem}が {from} から {to} への道をふさいでいます（{rule}）。',
  'not_adjacent.step': '{to} は {from} から1歩の場所ではありません：縦横、または{temple}への出入りだけ斜め（{rule}）。',
  'not_here.immortal': '{loc} に{immortal}はいません。',
  'occupied.immortal': '{loc} には別の{immortal}がいます（{rule}）。',
  'blocked_by_mayhem.immortal': '{mayhem}が{immortal}の {from} から {to} への移動をふさいでいます（{rule}）。',
  'not_adjacent.immortal': '{immortal}はどの方向にも1マスだけ動きます。{to} は {from} の隣ではありません（{rule}）。',
  'not_allowed.mindSlip':
    '{loc} は{mindSlip}の着地点ではありません：{recruiter}カードの向きにまっすぐ2マス、まだ行っていない場所です（{rule}）。',
  'bad_answer.mustPlace':
    'この特徴物があり{stepToken}を置ける訪問済みの場所があります（{locs}）：置かなければなりません（{rule}）。',
  'bad_answer.options':
    '{stepToken}は、訪れたこの特徴物のある場所で{stepToken}も{confirmedNote}もない所に置きます：{locs}（{rule}）。',
  'bad_answer.none': '{stepToken}を置ける場所はありません。「置けない」と答えてください（{rule}）。',
  edge_location: '{immortal}は外周の場所からは始められません（{rule}）。',
  'occupied.immortalStart': 'そこにはすでに別の{immortal}がいます（{rule}）。',
  not_edge: 'エージェントは盤の外周から始めます（{rule}）。',
  not_near_temple:
    '2つ目の{mindSlip}トークンは{temple}の隣（縦横斜め）に置きます。{temple}の上には置けません（{rule}）。',
  mayhem_touches: '{mayhem}トークンは接してはいけません：この辺は別のトークンと角を共有しています（{rule}）。',
  'not_adjacent.agentMove':
    '{to} は {from} から2移動以内ではありません：縦横、斜めは{temple}への出入りだけ、{mayhem}は通れません（{rule}）。',
  feature_blocked: '{feature}のある場所に{immortal}がいるため、誰も尋問できません（{rule}）。',
  'not_allowed.push':
    '{immortal}は縦横に1マスだけ押せます。{mayhem}越しや別の{immortal}の上には押せません。{loc} は不可です（{rule}）。',
  'not_allowed.nudgeFrom': '動かせるのは縦横に隣接する{immortal}だけです。{loc} にはいません（{rule}）。',
  'not_adjacent.dusty': '{agent}はエージェントの移動ルールで最大 {n} マスまでです。{loc} は届きません（{rule}）。',
};

const SENTENCES: Readonly<Record<string, Sentences>> = { zh: ZH, ja: JA };

/** The refusal in the player's language, or the engine's English text when there is no
 * translation for its code (or the engine sent no parameters for it). */
export function refusalText(i18n: I18n, e: Refusal): string {
  return translatedRefusal(i18n, e) ?? e.message;
}

/** The refusal in the player's language (English: the engine's own text), or null when it has no
 * translation. */
export function translatedRefusal(i18n: I18n, e: Refusal): string | null {
  if (i18n.lang === 'en') return e.message;
  const table = SENTENCES[i18n.lang];
  const p = e.params;
  if (!table || !p) return null;
  const v = typeof p.v === 'string' ? p.v : null;
  const sentence = v ? table[`${e.code}.${v}`] : table[e.code];
  if (!sentence) return null;
  const { t } = i18n;
  const words: Record<string, string | number> = {
    immortal: t('immortal'),
    mayhem: t('mayhem'),
    stepToken: t('stepToken'),
    mindSlip: t('mindSlip'),
    temple: t('temple'),
    confirmedNote: t('confirmedNote'),
    recruiter: t('recruiter'),
  };
  for (const [k, val] of Object.entries(p)) {
    if (k === 'agent') words.agent = i18n.agent(String(val));
    else if (k === 'feature') words.feature = i18n.feature(String(val) as Parameters<I18n['feature']>[0]);
    else if (k !== 'v') words[k] = val;
  }
  const out = sentence.replace(/\{(\w+)\}/g, (m, k: string) => (k in words ? String(words[k]) : m));
  // a placeholder the engine did not fill: the translation does not fit this refusal
  return /\{\w+\}/.test(out) ? null : out;
}
