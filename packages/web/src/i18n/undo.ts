// Strings of one-click play and undo (issue 25 item 1, D12): the Undo bar under the board and the
// one confirmation an early end asks. Game terms come from the main dictionaries and the glossary
// (回合 / 手番 for a turn, 激活 / 起動 for an activation).

export const UNDO_EN = {
  u_title: 'Undo',
  u_done: 'Done',
  u_note: 'Until something is revealed, you can take it back.',
  u_undo: 'Undo',
  u_endTurnLeft: 'End your turn? You could still move an immortal.',
  u_endActivationLeft: 'End this activation? This agent could still act.',
};

export type UndoDict = typeof UNDO_EN;

export const UNDO_ZH: UndoDict = {
  u_title: '撤销',
  u_done: '已执行',
  u_note: '在有信息公开之前，你可以撤销。',
  u_undo: '撤销',
  u_endTurnLeft: '结束你的回合？你还可以移动一个不朽者。',
  u_endActivationLeft: '结束这次激活？这名特工还可以行动。',
};

export const UNDO_JA: UndoDict = {
  u_title: '取り消し',
  u_done: '実行済み',
  u_note: '何かが公開されるまでは取り消せます。',
  u_undo: '取り消す',
  u_endTurnLeft: '手番を終えますか？まだイモータルを動かせます。',
  u_endActivationLeft: 'この起動を終えますか？このエージェントはまだ行動できます。',
};
