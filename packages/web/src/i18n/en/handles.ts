// Every device has your games: signing in with a handle instead of the player id.
export const HANDLES_EN = {
  hd_handle: 'Handle',
  hd_signInHint: 'Have a profile elsewhere? Its handle and password:',
  hd_save: 'Save handle',
  hd_hint:
    'Your handle and password sign you in on another device, and your tables follow you there. Nobody else sees your handle.',
  hd_none: 'No handle yet: choose one of 3 to 32 letters, digits, dots, dashes or underscores.',
};
