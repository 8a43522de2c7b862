// Profile and chat hints: a muted player is told so in the chat box; a password of the wrong
// length gets a sentence in the player's language (the server's own is English).
export const PROFILEHINTS_EN = {
  mu_youAreMuted: 'The host has muted you: you can read the chat but not write in it.',
  pw_tooShort: 'That password is too short: choose one of at least {n} characters.',
  pw_tooLong: 'That password is too long: choose one of at most {n} characters.',
};
