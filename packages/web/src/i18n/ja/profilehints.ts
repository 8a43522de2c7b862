import type { Section } from '../section.js';
import type { PROFILEHINTS_EN } from '../en/profilehints.js';

export const PROFILEHINTS_JA: Section<typeof PROFILEHINTS_EN> = {
  mu_youAreMuted: 'ホストがあなたをミュートしました。チャットは読めますが、書き込めません。',
  pw_tooShort: 'パスワードが短すぎます。{n}文字以上にしてください。',
  pw_tooLong: 'パスワードが長すぎます。{n}文字以下にしてください。',
};
