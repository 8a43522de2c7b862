// Strings added with issue 26 §1 (typed lobby frames): a table whose recruiter card the host fixed
// says so without naming the card, which is secret (D10).

export const ACTIONS_EN = {
  rcFixed: 'Set by the host (secret)',
};

export const ACTIONS_ZH: Record<keyof typeof ACTIONS_EN, string> = {
  rcFixed: '由房主指定（保密）',
};

export const ACTIONS_JA: Record<keyof typeof ACTIONS_EN, string> = {
  rcFixed: 'ホストが指定（非公開）',
};
