// Every stored text that may carry a player's name: read back after a deletion.
export const STORED_TEXT = [
  'SELECT id, title, start FROM games',
  'SELECT game_id, place, name FROM places',
  'SELECT id, name FROM players',
  'SELECT game_id, n, name, text FROM chat',
  'SELECT id, ledger FROM campaigns',
];
