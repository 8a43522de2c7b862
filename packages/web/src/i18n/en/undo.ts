// Strings of one-click play and undo (D12): the Undo bar under the board and the
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
