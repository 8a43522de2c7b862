import type { Section } from '../section.js';
import type { PROFILEHINTS_EN } from '../en/profilehints.js';

export const PROFILEHINTS_ZH: Section<typeof PROFILEHINTS_EN> = {
  mu_youAreMuted: '房主已将你禁言：你可以阅读聊天，但不能发言。',
  pw_tooShort: '密码太短：请设置至少 {n} 个字符的密码。',
  pw_tooLong: '密码太长：请设置不超过 {n} 个字符的密码。',
};
