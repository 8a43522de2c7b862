// Your turn reaches you: the opt-in for notifications on the profile page.
export const NOTIFY_EN = {
  nt_title: 'Notifications',
  nt_hint:
    'This device is told when it is your turn, when someone joins your table and when a game of yours ends, with the tab closed too. A notification names the table and nothing else of the game.',
  nt_on: 'Turn on notifications on this device',
  nt_off: 'Turn off notifications on this device',
  nt_isOn: 'Notifications are on for this device.',
  nt_denied: 'This browser blocks notifications from this site; allow them in its settings first.',
  nt_failed: 'This browser could not turn notifications on.',
  nt_email: 'E-mail address for notifications',
  nt_emailSave: 'Save address',
  nt_emailPending: 'Check your inbox: the address is used once you open the link we sent to it.',
  nt_emailVerified: 'Notifications also go to this address. Every e-mail has a link to stop them.',
  nt_emailRemove: 'Remove address',
};
