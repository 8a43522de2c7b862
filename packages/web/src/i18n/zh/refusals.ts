import type { ErrorCode } from '@mindmgmt/engine';
import type { RefusalSentences, Section } from '../section.js';
import type { REFUSALS_EN } from '../en/refusals.js';

// the sentences must be here: Chinese/Japanese have no engine text of their own to fall back on
export const REFUSALS_ZH: Section<typeof REFUSALS_EN> & { refusals: RefusalSentences } = {
  refusalRule: '规则：{chapter}',
  refusals: {
    specific: {
      game_over: '游戏已经结束。',
      not_your_turn: '现在轮到其他座位行动。',
      already_visited: '你已经到过 {loc}。',
      'blocked_by_mayhem.step': '{mayhem}挡住了从 {from} 到 {to} 的路。',
      'not_adjacent.step': '{to} 与 {from} 不相邻：只能直走一格，或斜走进出{temple}。',
      'not_here.immortal': '{loc} 上没有{immortal}。',
      'occupied.immortal': '{loc} 上已经有另一个{immortal}。',
      'blocked_by_mayhem.immortal': '{mayhem}挡住了{immortal}从 {from} 到 {to}。',
      'not_adjacent.immortal': '{immortal}只能向任意方向移动一格；{to} 与 {from} 不相邻。',
      'not_allowed.mindSlip': '{loc} 不是{mindSlip}的落点：按{recruiter}卡的方向直线跳过两格，落在未到过的地点。',
      'bad_answer.mustPlace': '你到过有此特征、还能放{stepToken}的地点（{locs}）：必须放置。',
      'bad_answer.options': '{stepToken}必须放在你到过、有此特征且没有{stepToken}或{confirmedNote}的地点：{locs}。',
      'bad_answer.none': '没有可以放{stepToken}的地点，请回答“无法放置”。',
      edge_location: '{immortal}不能从版图边缘的地点开始。',
      'occupied.immortalStart': '那里已经有另一个{immortal}。',
      not_edge: '特工从版图边缘开始。',
      not_near_temple: '第二个{mindSlip}标记放在{temple}旁边（直向或斜向），不能放在{temple}上。',
      mayhem_touches: '{mayhem}标记不能相接：这条边与另一个标记共用一个角。',
      'not_adjacent.agentMove': '{to} 不在 {from} 两步之内：直走，只能斜走进出{temple}，不能穿过{mayhem}。',
      feature_blocked: '有{immortal}站在带有{feature}的地点上，所以任何人都不能询问它。',
      'not_allowed.push': '{immortal}只能被直向推动一格，不能穿过{mayhem}，也不能推到另一个{immortal}上；{loc} 不行。',
      'not_allowed.nudgeFrom': '只能移动与自己直向相邻的{immortal}；{loc} 上没有。',
      'not_adjacent.dusty': '{agent}最多只能按特工移动规则移动 {n} 格；{loc} 太远。',
    },
    // One sentence per code for the refusals no click can cause (a hand-made frame, an old
    // client): true of every refusal with that code, without its details. The compiler keeps the
    // list complete as codes are added.
    generic: {
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
    } satisfies Record<ErrorCode, string>,
  },
};
