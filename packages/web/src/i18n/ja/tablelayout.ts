import type { Section } from '../section.js';
import type { TABLELAYOUT_EN } from '../en/tablelayout.js';

export const TABLELAYOUT_JA: Section<typeof TABLELAYOUT_EN> = {
  tl_skipActions: 'アクションへ移動',
  tl_skipBoard: '盤面へ移動',
  tl_toLog: 'ログ ↓',
  tl_left: '今できること：{list}。',
  tl_or: '、または',
  tl_sep: '、',
  tl_ask: '尋問',
  tl_moveUpTo: '移動（2マスまで）',
  tl_choice: '今選べます',
  kb_title: 'キーボードショートカット',
  kb_intro:
    'キーボードだけでゲームを遊べます。入力欄で文字を打っているとき以外は、テーブルのどこでも次のキーが使えます。ゲーム中に「?」を押すとこの一覧が出ます。',
  kb_open: 'キーボードショートカット（?）',
  kb_undo: '取り消す',
  kb_confirm: '卓の確認に答える（逮捕、行動を残したままの終了）',
  kb_end: '起動または手番を終える',
  kb_board: '盤面へ移動',
  kb_log: 'ログへ移動',
  kb_help: 'この一覧を表示／非表示',
  kb_arrows: '盤面上',
  kb_arrowsText: '矢印キーでマスを移動し、Enter かスペースで選びます。Home と End で行の端へ移動します。',
  kb_shift: 'アクションから Tab 1回で盤面に届きます。',
};
