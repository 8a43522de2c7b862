import type { Section } from '../section.js';
import type { TABLELAYOUT_EN } from '../en/tablelayout.js';

export const TABLELAYOUT_ZH: Section<typeof TABLELAYOUT_EN> = {
  tl_skipActions: '跳到行动',
  tl_skipBoard: '跳到棋盘',
  tl_toLog: '记录 ↓',
  tl_left: '现在可以：{list}。',
  tl_or: '或',
  tl_sep: '、',
  tl_ask: '询问',
  tl_moveUpTo: '移动（最多 2 格）',
  tl_choice: '当前可选',
  kb_title: '键盘快捷键',
  kb_intro: '整局游戏都可以只用键盘进行。除在输入框中打字时以外，以下按键在游戏桌上随处可用；对局中按“?”可显示此列表。',
  kb_open: '键盘快捷键（?）',
  kb_undo: '撤销',
  kb_confirm: '确认桌面提出的询问（捕捉、还有行动时提前结束）',
  kb_end: '结束激活或结束回合',
  kb_board: '跳到棋盘',
  kb_log: '跳到记录',
  kb_help: '显示或隐藏此列表',
  kb_arrows: '在棋盘上',
  kb_arrowsText: '方向键在地点之间移动；Enter 或空格键选择地点；Home 和 End 跳到该行两端。',
  kb_shift: '从行动按 Tab 一次即可到达棋盘。',
};
