import type { Section } from '../section.js';
import type { UNDO_EN } from '../en/undo.js';

export const UNDO_ZH: Section<typeof UNDO_EN> = {
  u_title: '撤销',
  u_done: '已执行',
  u_note: '在有信息公开之前，你可以撤销。',
  u_undo: '撤销',
  u_endTurnLeft: '结束你的回合？你还可以移动一个不朽者。',
  u_endActivationLeft: '结束这次激活？这名特工还可以行动。',
};
