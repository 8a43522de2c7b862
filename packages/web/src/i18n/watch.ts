// Strings of watching and replaying (issue 25 §5) and of the assistant setting of solo tables
// (issue 25 §4). Game terms come in as {params} from the main dictionaries (i18n.ts).

export const WATCH_EN = {
  dedShowAssistant: 'Show the assistant (count, odds, heatmap)',
  liveTables: 'Live tables',
  liveNone: 'No listed table is being played right now.',
  liveMore: 'More tables',
  listTable: 'List this table under live tables (anyone may watch)',
  replayByAction: 'By action',
  replayByHour: 'By hour',
  replayStepBy: 'Step',
  replayAction: 'Action {i} of {n}',
  replayHour: 'Hour {i} of {n}',
  replayKeys: 'Keys: ← → step, Home / End first and last.',
};

export const WATCH_ZH: typeof WATCH_EN = {
  dedShowAssistant: '显示推理助手（数量、概率、热力图）',
  liveTables: '正在进行的牌局',
  liveNone: '目前没有公开列出的牌局正在进行。',
  liveMore: '更多牌局',
  listTable: '在“正在进行的牌局”中列出此牌局（任何人都可观战）',
  replayByAction: '按行动',
  replayByHour: '按时间',
  replayStepBy: '步进',
  replayAction: '第 {i} / {n} 个行动',
  replayHour: '第 {i} / {n} 个时间点',
  replayKeys: '按键：← → 前后一步，Home / End 跳到开头和结尾。',
};

export const WATCH_JA: typeof WATCH_EN = {
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
