// What a notification says, in the profile's language (the language its device or address was
// registered in). Only public facts: the table's title (shown in the lobby) and what happened.
// Never a card, a location, a move or anything of the recruiter's.
import type { Lang } from '@mindmgmt/table';

/** D13: `lowTime`: the seat's time is running low; `standIn`: a bot took the seat. */
export type NotifyKind = 'turn' | 'join' | 'over' | 'lowTime' | 'standIn';

export interface NotifyText {
  readonly title: string;
  readonly body: string;
}

const TEXTS: Record<Lang, Record<NotifyKind, (table: string) => NotifyText>> = {
  en: {
    turn: (t) => ({ title: `Your turn at ${t}`, body: 'Mind MGMT: the table is waiting for your move.' }),
    join: (t) => ({ title: `Someone joined ${t}`, body: 'Mind MGMT: a new player took a place at your table.' }),
    over: (t) => ({ title: `The game at ${t} has ended`, body: 'Mind MGMT: see how it ended.' }),
    lowTime: (t) => ({
      title: `Your time is running low at ${t}`,
      body: 'Mind MGMT: the table is waiting for your move.',
    }),
    standIn: (t) => ({
      title: `A bot is playing for you at ${t}`,
      body: 'Mind MGMT: your time ran out. Come back to take your seat.',
    }),
  },
  zh: {
    turn: (t) => ({ title: `轮到你了：${t}`, body: 'Mind MGMT：牌桌在等你行动。' }),
    join: (t) => ({ title: `有人加入了：${t}`, body: 'Mind MGMT：有新玩家在你的牌桌就座。' }),
    over: (t) => ({ title: `对局已结束：${t}`, body: 'Mind MGMT：来看看结果。' }),
    lowTime: (t) => ({ title: `你的时间快用完了：${t}`, body: 'Mind MGMT：牌桌在等你行动。' }),
    standIn: (t) => ({ title: `机器人正在替你下：${t}`, body: 'Mind MGMT：你的时间用完了。回来就能回到你的座位。' }),
  },
  ja: {
    turn: (t) => ({ title: `あなたの手番です：${t}`, body: 'Mind MGMT：テーブルがあなたの手を待っています。' }),
    join: (t) => ({
      title: `参加者が来ました：${t}`,
      body: 'Mind MGMT：あなたのテーブルに新しいプレイヤーが着席しました。',
    }),
    over: (t) => ({ title: `ゲームが終わりました：${t}`, body: 'Mind MGMT：結果を見てみましょう。' }),
    lowTime: (t) => ({
      title: `持ち時間が残りわずかです：${t}`,
      body: 'Mind MGMT：テーブルがあなたの手を待っています。',
    }),
    standIn: (t) => ({
      title: `ボットがあなたの代わりに打っています：${t}`,
      body: 'Mind MGMT：時間切れになりました。戻って席に着いてください。',
    }),
  },
};

/** A table without a title is named by its id's start, as the lobby does not. */
export function notifyText(lang: Lang, kind: NotifyKind, table: string): NotifyText {
  return TEXTS[lang][kind](table);
}
