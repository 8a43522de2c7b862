// プレイヤーIDではなくログイン名で別の端末にログインする。
import type { HANDLES_EN } from '../en/handles.js';
import type { Section } from '../section.js';

export const HANDLES_JA: Section<typeof HANDLES_EN> = {
  hd_handle: 'ログイン名',
  hd_signInHint: '別の端末のプロフィールを使う：ログイン名とパスワード',
  hd_save: 'ログイン名を保存',
  hd_hint:
    'ログイン名とパスワードで別の端末にログインでき、あなたのテーブルもそこに表示されます。ログイン名はほかの人には見えません。',
  hd_none: 'ログイン名はまだありません。3〜32文字の文字・数字・ドット・ハイフン・アンダースコアで決めてください。',
};
