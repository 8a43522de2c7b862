import type { ErrorCode } from '@mindmgmt/engine';
import type { RefusalSentences, Section } from '../section.js';
import type { REFUSALS_EN } from '../en/refusals.js';

// the sentences must be here: Chinese/Japanese have no engine text of their own to fall back on
export const REFUSALS_JA: Section<typeof REFUSALS_EN> & { refusals: RefusalSentences } = {
  refusalRule: 'ルール：{chapter}',
  refusals: {
    specific: {
      game_over: 'ゲームは終了しています。',
      not_your_turn: '今は別の席の手番です。',
      already_visited: '{loc} にはすでに行っています。',
      'blocked_by_mayhem.step': '{mayhem}が {from} から {to} への道をふさいでいます。',
      'not_adjacent.step': '{to} は {from} から1歩のマスではありません：縦横、または{temple}への出入りだけ斜め。',
      'not_here.immortal': '{loc} に{immortal}はいません。',
      'occupied.immortal': '{loc} には別の{immortal}がいます。',
      'blocked_by_mayhem.immortal': '{mayhem}が{immortal}の {from} から {to} への移動をふさいでいます。',
      'not_adjacent.immortal': '{immortal}はどの方向にも1マスだけ動きます。{to} は {from} の隣ではありません。',
      'not_allowed.mindSlip':
        '{loc} は{mindSlip}の着地点ではありません：{recruiter}カードの向きにまっすぐ2マス、まだ行っていないマスです。',
      'bad_answer.mustPlace':
        'この特徴物があり{stepToken}を置ける訪問済みのマスがあります（{locs}）：置かなければなりません。',
      'bad_answer.options':
        '{stepToken}は、訪れたこの特徴物のあるマスで{stepToken}も{confirmedNote}もない所に置きます：{locs}。',
      'bad_answer.none': '{stepToken}を置けるマスはありません。「置けない」と答えてください。',
      edge_location: '{immortal}は外周のマスからは始められません。',
      'occupied.immortalStart': 'そこにはすでに別の{immortal}がいます。',
      not_edge: 'エージェントは盤の外周から始めます。',
      not_near_temple: '2つ目の{mindSlip}トークンは{temple}の隣（縦横斜め）に置きます。{temple}の上には置けません。',
      mayhem_touches: '{mayhem}トークンは接してはいけません：この辺は別のトークンと角を共有しています。',
      'not_adjacent.agentMove':
        '{to} は {from} から2移動以内ではありません：縦横、斜めは{temple}への出入りだけ、{mayhem}は通れません。',
      feature_blocked: '{feature}のあるマスに{immortal}がいるため、誰も尋問できません。',
      'not_allowed.push':
        '{immortal}は縦横に1マスだけ押せます。{mayhem}越しや別の{immortal}の上には押せません。{loc} は不可です。',
      'not_allowed.nudgeFrom': '動かせるのは縦横に隣接する{immortal}だけです。{loc} にはいません。',
      'not_adjacent.dusty': '{agent}はエージェントの移動ルールで最大 {n} マスまでです。{loc} は届きません。',
    },
    // One sentence per code for the refusals no click can cause (a hand-made frame, an old
    // client): true of every refusal with that code, without its details. The compiler keeps the
    // list complete as codes are added.
    generic: {
      malformed: 'その操作は理解できません。',
      game_over: 'ゲームは終了しています。',
      not_your_turn: '今は別の席の手番です。',
      wrong_phase: 'ゲームの今の段階ではできません。',
      not_in_mode: 'このモードにはそのルールはありません。',
      bad_location: 'そのマスはありません。',
      not_adjacent: 'そのマスには届きません。',
      blocked_by_mayhem: '{mayhem}が道をふさいでいます。',
      already_visited: 'そのマスにはすでに行っています。',
      occupied: 'そこはすでにふさがっています。',
      mayhem_touches: '{mayhem}トークンは接してはいけません。',
      not_edge: 'エージェントは盤の外周から始めます。',
      edge_location: '{immortal}は外周のマスからは始められません。',
      not_near_temple: '2つ目の{mindSlip}トークンは{temple}の隣に置きます。',
      already_done: 'それはすでに済んでいます。',
      no_token: 'そこに必要なトークンはありません。',
      immortal_here: 'ここに{immortal}がいるため、できません。',
      feature_blocked: 'その特徴物のあるマスに{immortal}がいるため、誰も尋問できません。',
      not_here: 'そこには対象がありません。',
      not_allowed: 'それは許されていません。',
      not_controlled: 'それはあなたの席の担当ではありません。',
      must_act: '先に必要な行動をしてください。',
      bad_answer: 'その答えはルールに合いません。',
      undo_nothing: '取り消せる行動はありません。',
      undo_after_reveal: 'その後に情報が公開された（または手番が移った）ため、取り消せません。',
    } satisfies Record<ErrorCode, string>,
  },
};
