import type { Section } from '../section.js';
import type { SOLOOFFLINE_EN } from '../en/solooffline.js';

export const SOLOOFFLINE_JA: Section<typeof SOLOOFFLINE_EN> = {
  so_play: 'オフラインで遊ぶ',
  so_text:
    'ゲーム全体がこのブラウザーの中で動き、ここに保存されます。ページを読み込んだ後は接続が不要で、タブを閉じても後で続きから遊べます。オフラインの対局はレートに数えません。',
  so_games: 'このブラウザーのオフライン対局',
  so_resume: '続ける',
  so_delete: '削除',
  so_over: '終了',
  so_moves: '{n} 手',
  so_badge: 'オフライン対局 · レートなし',
  so_missing: 'このオフライン対局はこのブラウザーに保存されていません。',
  so_upload: '自分の戦績にアップロード（レートなし）',
  so_uploaded: 'レートなしの対局として戦績に入りました。',
  so_uploadFailed: 'アップロードできませんでした：{reason}',
};
