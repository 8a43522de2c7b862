// The e-mails' words, in the language the address was registered in (issue 27 §4). Like the
// pushes (texts.ts): the table's title and what happened, never anything of the game's secrets.
import type { Lang } from '@mindmgmt/table';

export interface MailWords {
  readonly verifySubject: string;
  readonly verifyBody: (link: string) => string;
  readonly open: string;
  readonly unsubscribe: string;
  readonly verified: string;
  readonly unsubscribed: string;
  readonly badLink: string;
}

export const MAIL_WORDS: Record<Lang, MailWords> = {
  en: {
    verifySubject: 'Mind MGMT: confirm your e-mail address',
    verifyBody: (l) =>
      `Open this link within 24 hours to get Mind MGMT notifications at this address:\n${l}\n\nIf you did not ask for this, ignore this message.`,
    open: 'Open the table:',
    unsubscribe: 'No more e-mails (no sign-in needed):',
    verified: 'Your e-mail address is confirmed. You can close this page.',
    unsubscribed: 'You will get no more e-mails from Mind MGMT at this address.',
    badLink: 'This link has expired or was already used.',
  },
  zh: {
    verifySubject: 'Mind MGMT：请确认你的电子邮件地址',
    verifyBody: (l) =>
      `请在 24 小时内打开下面的链接，以便在此地址接收 Mind MGMT 的通知：\n${l}\n\n如果这不是你的请求，请忽略本邮件。`,
    open: '打开牌桌：',
    unsubscribe: '不再接收邮件（无需登录）：',
    verified: '你的电子邮件地址已确认。可以关闭此页面了。',
    unsubscribed: '此地址将不再收到 Mind MGMT 的邮件。',
    badLink: '此链接已过期或已被使用。',
  },
  ja: {
    verifySubject: 'Mind MGMT：メールアドレスの確認',
    verifyBody: (l) =>
      `このアドレスで Mind MGMT の通知を受け取るには、24 時間以内に次のリンクを開いてください：\n${l}\n\n心当たりがない場合は、このメールを無視してください。`,
    open: 'テーブルを開く：',
    unsubscribe: 'メールの配信を停止する（ログイン不要）：',
    verified: 'メールアドレスを確認しました。このページは閉じてかまいません。',
    unsubscribed: 'このアドレスには今後 Mind MGMT からメールを送りません。',
    badLink: 'このリンクは期限切れか、すでに使われています。',
  },
};
