import type { Section } from '../section.js';
import type { STANDIN_EN } from '../en/standin.js';

export const STANDIN_JA: Section<typeof STANDIN_EN> = {
  tc_label: '持ち時間',
  tc_off: '時間制限なし',
  tc_realtime: '{min} 分 + 手番ごとに {inc} 秒',
  tc_hours: '1 手 {n} 時間',
  tc_days: '1 手 {n} 日',
  tc_seconds: '1 手 {n} 秒',
  si_level: '代打ちボット',
  si_tag: 'ボットが{name}の代わりに打っています',
  si_back: '次の手番で復帰',
  si_leave: '卓を離れる',
  si_leaveConfirm:
    'このゲームを離れますか？ボットがすぐにあなたの席を引き継ぎ、他の人は続けます。戻らなければ、このゲームは戦績とレーティングで負けとなり、未完了として数えられます。',
  si_away: 'ボットがあなたの代わりに打っています。',
  si_takeBack: '席に戻る',
  si_backSoon: '次の手番であなたが席に戻ります。',
  rp_proposed: '{name}がエージェント側の投了を提案しています。',
  rp_waiting:
    'チームメイトにエージェント側の投了を尋ねています。断られるか返事がなければ、あなたは卓を離れ、ボットが代わりに続けます。',
  rp_accept: '一緒に投了する',
  rp_refuse: '続ける',
  ab_propose: 'ゲームの中止を提案',
  ab_confirm:
    'このゲームの中止を提案しますか？ テーブルの他のプレイヤー全員が1分以内に同意すると、勝者なし・レーティング対象外で終了します。一人でも拒否するか答えなければ、ゲームは続きます。',
  ab_proposed: '{name}がゲームの中止を提案しています（勝者なし・レーティング対象外）。',
  ab_waiting: '他のプレイヤーにゲームを中止するか尋ねています。一人でも拒否するか答えなければ、ゲームは続きます。',
  ab_accept: 'ゲームを中止する',
  ab_refuse: '続ける',
  fr_rate: '直近 {started} 局のうち {finished} 局を最後まで打ちました',
  fr_short: '完走率 {pct}%',
  fr_min: '参加者の完走率',
  fr_any: '制限なし',
  fr_tableMin: '参加条件：完走率 {pct}% 以上',
  vc_label: 'ターン制ゲームの休暇：',
  vc_days: '{n} 日',
  vc_take: '休暇を取る',
  vc_until: 'ターン制の持ち時間は {date} まで止まります。今年の残りは {left} 日です。',
  vc_on: '{date} まで休暇中',
};
