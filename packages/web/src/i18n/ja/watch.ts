import type { Section } from '../section.js';
import type { WATCH_EN } from '../en/watch.js';

export const WATCH_JA: Section<typeof WATCH_EN> = {
  dedShowAssistant: '推理アシスタントを表示（候補数・確率・ヒートマップ）',
  liveTables: '対戦中のテーブル',
  liveNone: '公開中のテーブルで対戦中のものは今ありません。',
  liveMore: 'さらに表示',
  listTable: 'このテーブルを「対戦中のテーブル」に載せる（誰でも観戦できます）',
  replayByAction: 'アクションごと',
  replayByHour: '時刻ごと',
  replayStepBy: '進め方',
  replayAction: '{i} / {n} アクション目',
  replayHour: '{i} / {n} 時刻目',
  replayKeys: 'キー：← → で前後、Home / End で最初と最後。',
};
