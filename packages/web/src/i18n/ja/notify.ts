// 手番をお知らせ——プロフィールページの通知の切り替え。
import type { NOTIFY_EN } from '../en/notify.js';
import type { Section } from '../section.js';

export const NOTIFY_JA: Section<typeof NOTIFY_EN> = {
  nt_title: '通知',
  nt_hint:
    'あなたの手番になったとき、テーブルに誰かが参加したとき、あなたのゲームが終わったときに、タブを閉じていてもこの端末に通知します。通知にはテーブル名だけが書かれ、ゲームのほかの内容は含まれません。',
  nt_on: 'この端末で通知をオンにする',
  nt_off: 'この端末で通知をオフにする',
  nt_isOn: 'この端末の通知はオンです。',
  nt_denied: 'このブラウザはこのサイトの通知をブロックしています。先にブラウザの設定で許可してください。',
  nt_failed: 'このブラウザでは通知をオンにできませんでした。',
  nt_email: '通知を受け取るメールアドレス',
  nt_emailSave: 'アドレスを保存',
  nt_emailPending: '受信箱を確認してください。送ったリンクを開くと、このアドレスに通知が届くようになります。',
  nt_emailVerified: 'このアドレスにも通知が届きます。どのメールにも配信停止のリンクがあります。',
  nt_emailRemove: 'アドレスを削除',
};
