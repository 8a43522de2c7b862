// Strings of time controls, stand-ins and leaving a running game (docs/rules.md D13,
// docs/players.md "Absent players").
export const STANDIN_EN = {
  tc_label: 'Time',
  tc_off: 'No time limit',
  tc_realtime: '{min} min + {inc} s a turn',
  tc_hours: '{n} h a move',
  tc_days: '{n} days a move',
  tc_seconds: '{n} s a move',
  si_level: 'Stand-in bot',
  si_tag: 'a bot plays for {name}',
  si_back: 'back at the next turn',
  si_leave: 'Leave the table',
  si_leaveConfirm:
    'Leave this game? A bot takes your seat at once and the others play on. Unless you come back, the game counts as a loss on your record and your rating, and as not finished.',
  si_away: 'A bot is playing for you.',
  si_takeBack: 'Take my seat back',
  si_backSoon: 'You take your seat back at your next turn.',
  rp_proposed: '{name} proposes that the agents resign.',
  rp_waiting:
    'Your teammates are asked whether the agents resign. If they refuse or do not answer, you leave the table and a bot plays on for you.',
  rp_accept: 'Resign together',
  rp_refuse: 'Play on',
  fr_rate: 'Finished {finished} of their last {started} games',
  fr_short: '{pct}% finished',
  fr_min: 'Players must finish',
  fr_any: 'anyone',
};
