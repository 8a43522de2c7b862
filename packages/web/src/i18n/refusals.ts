// The engine's refusals in the player's language (issue 12: "clear refusals", zh/ja passes).
// The engine answers an illegal action with a stable code, an English sentence and, where the
// sentence is one a player can meet by clicking, its parameters (`v` picks which of the code's
// sentences). That sentence is translated with its details; every other refusal gets its code's
// general sentence (and the ruling ids it cited); only an unknown code shows the English text. Game terms come in as {params} from
// the main dictionaries, so the glossary decides them.
import type { ErrorCode } from '@mindmgmt/engine';
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

// One sentence per code for the refusals no click can cause (a hand-made frame, an old client):
// true of every refusal with that code, without its details; the ruling ids the engine cited
// follow it. The compiler keeps the list complete as codes are added.
const ZH_GENERIC: Readonly<Record<ErrorCode, string>> = {
  malformed: '无法理解这个操作。',
  game_over: '游戏已经结束。',
  not_your_turn: '现在轮到其他座位行动。',
  wrong_phase: '游戏现在所处的阶段不能这样做。',
  not_in_mode: '这个模式没有这条规则。',
  bad_location: '没有这个地点。',
  not_adjacent: '那个地点到不了。',
  blocked_by_mayhem: '{mayhem}挡住了路。',
  already_visited: '你已经到过那个地点。',
  occupied: '那里已经有东西了。',
  mayhem_touches: '{mayhem}标记不能相接。',
  not_edge: '特工从版图边缘开始。',
  edge_location: '{immortal}不能从版图边缘的地点开始。',
  not_near_temple: '第二个{mindSlip}标记放在{temple}旁边。',
  already_done: '这件事已经做过了。',
  no_token: '那里没有所需的标记。',
  immortal_here: '有{immortal}在这里，所以不能这样做。',
  feature_blocked: '有{immortal}站在带有这个特征的地点上，所以任何人都不能询问它。',
  not_here: '那里没有可以这样做的对象。',
  not_allowed: '这样做不被允许。',
  not_controlled: '这不由你的座位控制。',
  must_act: '请先完成必须先做的行动。',
  bad_answer: '这个回答不符合规则。',
  undo_nothing: '你没有可以撤销的行动。',
  undo_after_reveal: '此后已有信息公开（或回合已交出），之前的行动不能撤销。',
};

const JA_GENERIC: Readonly<Record<ErrorCode, string>> = {
  malformed: 'その操作は理解できません。',
  game_over: 'ゲームは終了しています。',
  not_your_turn: '今は別の席の手番です。',
  wrong_phase: 'ゲームの今の段階ではできません。',
  not_in_mode: 'このモードにはそのルールはありません。',
  bad_location: 'その場所はありません。',
  not_adjacent: 'その場所には届きません。',
  blocked_by_mayhem: '{mayhem}が道をふさいでいます。',
  already_visited: 'その場所にはすでに行っています。',
  occupied: 'そこはすでにふさがっています。',
  mayhem_touches: '{mayhem}トークンは接してはいけません。',
  not_edge: 'エージェントは盤の外周から始めます。',
  edge_location: '{immortal}は外周の場所からは始められません。',
  not_near_temple: '2つ目の{mindSlip}トークンは{temple}の隣に置きます。',
  already_done: 'それはすでに済んでいます。',
  no_token: 'そこに必要なトークンはありません。',
  immortal_here: 'ここに{immortal}がいるため、できません。',
  feature_blocked: 'その特徴物のある場所に{immortal}がいるため、誰も尋問できません。',
  not_here: 'そこには対象がありません。',
  not_allowed: 'それは許されていません。',
  not_controlled: 'それはあなたの席の担当ではありません。',
  must_act: '先に必要な行動をしてください。',
  bad_answer: 'その答えはルールに合いません。',
  undo_nothing: '取り消せる行動はありません。',
  undo_after_reveal: 'その後に情報が公開された（または手番が移った）ため、取り消せません。',
};

const SENTENCES: Readonly<Record<string, Sentences>> = { zh: ZH, ja: JA };
const GENERIC: Readonly<Record<string, Readonly<Record<string, string>>>> = { zh: ZH_GENERIC, ja: JA_GENERIC };

/** The refusal in the player's language: its own sentence when the engine sent the parameters
 * for one, else its code's general sentence; the engine's English text only for a code the client
 * does not know. */
export function refusalText(i18n: I18n, e: Refusal): string {
  return translatedRefusal(i18n, e) ?? e.message;
}

/** The refusal in the player's language (English: the engine's own text), or null when it has no
 * translation. */
export function translatedRefusal(i18n: I18n, e: Refusal): string | null {
  if (i18n.lang === 'en') return e.message;
  return specific(i18n, e) ?? generic(i18n, e);
}

/** The code's one sentence, with the ruling ids the engine's text cites. */
function generic(i18n: I18n, e: Refusal): string | null {
  const sentence = GENERIC[i18n.lang]?.[e.code];
  if (!sentence) return null;
  const ids = e.message.match(/\b[RD]\d+\b/g) ?? [];
  const text = fill(i18n, sentence, {});
  if (text === null) return null;
  return ids.length ? `${text.replace(/。$/, '')}（${ids.join('、')}）。` : text;
}

function specific(i18n: I18n, e: Refusal): string | null {
  const table = SENTENCES[i18n.lang];
  const p = e.params;
  if (!table || !p) return null;
  const v = typeof p.v === 'string' ? p.v : null;
  const sentence = v ? table[`${e.code}.${v}`] : table[e.code];
  if (!sentence) return null;
  return fill(i18n, sentence, p);
}

function fill(i18n: I18n, sentence: string, p: Readonly<Record<string, string | number>>): string | null {
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
