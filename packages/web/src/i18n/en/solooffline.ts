// Solo offline in the browser: the lobby's entry, the list of offline games, and
// the end of such a game (export, upload to the history as an unrated game).
export const SOLOOFFLINE_EN = {
  so_play: 'Play offline',
  so_text:
    'The whole game runs in this browser and is saved here: once this page is loaded it needs no connection, and you can close the tab and resume later. Offline games are never rated.',
  so_games: 'Offline games in this browser',
  so_resume: 'Resume',
  so_delete: 'Delete',
  so_over: 'over',
  so_moves: '{n} moves',
  so_badge: 'Offline game · unrated',
  so_missing: 'This offline game is not stored in this browser.',
  so_upload: 'Upload to my history (unrated)',
  so_uploaded: 'In your history, as an unrated game.',
  so_uploadFailed: 'Could not upload: {reason}',
};
