import type { Section } from '../section.js';
import type { UNDO_EN } from '../en/undo.js';

export const UNDO_JA: Section<typeof UNDO_EN> = {
  u_title: '取り消し',
  u_done: '実行済み',
  u_note: '何かが公開されるまでは取り消せます。',
  u_undo: '取り消す',
  u_endTurnLeft: '手番を終えますか？まだイモータルを動かせます。',
  u_endActivationLeft: 'この起動を終えますか？このエージェントはまだ行動できます。',
};
