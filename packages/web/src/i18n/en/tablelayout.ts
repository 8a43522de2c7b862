// Strings of the table's layout, keyboard and screen-reader support. Action
// names are not repeated here: the prompt and the shortcut list reuse the buttons' own labels
// (t_endActivation, t_reveal, ...) from i18n/lookup.ts, so the words the table shows stay one set.
export const TABLELAYOUT_EN = {
  tl_skipActions: 'Skip to the actions',
  tl_skipBoard: 'Skip to the board',
  tl_toLog: 'Log ↓',
  tl_left: 'Now: {list}.',
  tl_or: ' or ',
  tl_sep: ', ',
  tl_ask: 'Ask',
  tl_moveUpTo: 'Move (up to 2)',
  tl_choice: 'a choice now',
  kb_title: 'Keyboard shortcuts',
  kb_intro:
    'The table can be played with the keyboard alone. These keys work anywhere on the table except while typing in a field; “?” shows them during a game.',
  kb_open: 'Keyboard shortcuts (?)',
  kb_undo: 'Undo',
  kb_confirm: 'Confirm the question the table asks (a capture, ending with actions left)',
  kb_end: 'End the activation or the turn',
  kb_board: 'Go to the board',
  kb_log: 'Go to the log',
  kb_help: 'Show or hide this list',
  kb_arrows: 'On the board',
  kb_arrowsText: 'Arrow keys move between locations; Enter or Space chooses one; Home and End go to the row’s ends.',
  kb_shift: 'Tab from the actions reaches the board in one stop.',
};
