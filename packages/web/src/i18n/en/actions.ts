// Strings of the typed lobby frames: a table whose recruiter card the host fixed
// says so without naming the card, which is secret (D10).
export const ACTIONS_EN = {
  rcFixed: 'Set by the host (secret)',
};
