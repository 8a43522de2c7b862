import type { Section } from '../section.js';
import type { STANDIN_EN } from '../en/standin.js';

export const STANDIN_ZH: Section<typeof STANDIN_EN> = {
  tc_label: '时间',
  tc_off: '不限时',
  tc_realtime: '{min} 分钟 + 每回合 {inc} 秒',
  tc_hours: '每步 {n} 小时',
  tc_days: '每步 {n} 天',
  tc_seconds: '每步 {n} 秒',
  si_level: '代打机器人',
  si_tag: '机器人正在替{name}下',
  si_back: '下个回合回来',
  si_leave: '离开牌桌',
  si_leaveConfirm:
    '离开这局游戏？机器人会立即接替你的座位，其他人继续游戏。除非你回来，这局会记为你的负局（计入战绩和等级分），并算作未完成。',
  si_away: '机器人正在替你下。',
  si_takeBack: '回到我的座位',
  si_backSoon: '你将在下个回合回到座位。',
  rp_proposed: '{name}提议特工方认输。',
  rp_waiting: '正在询问队友特工方是否认输。如果他们拒绝或不回答，你将离开牌桌，由机器人替你继续。',
  rp_accept: '一起认输',
  rp_refuse: '继续游戏',
  fr_rate: '最近 {started} 局中完成了 {finished} 局',
  fr_short: '完成率 {pct}%',
  fr_min: '玩家的完成率至少',
  fr_any: '不限',
  fr_tableMin: '玩家完成率须 ≥ {pct}%',
  vc_label: '回合制对局休假：',
  vc_days: '{n} 天',
  vc_take: '开始休假',
  vc_until: '你的回合制计时将暂停到 {date}。今年还剩 {left} 天。',
  vc_on: '休假至 {date}',
};
