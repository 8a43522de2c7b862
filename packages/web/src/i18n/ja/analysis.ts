// 対局の分析：終局ダイアログとリプレイから開く。
import type { Section } from '../section.js';
import type { ANALYSIS_EN } from '../en/analysis.js';

export const ANALYSIS_JA: Section<typeof ANALYSIS_EN> = {
  an_open: '分析',
  an_title: '対局の分析',
  an_computing: 'サーバーが対局を分析しています……数分かかることがあります。できしだいこのページに表示されます。',
  an_failed: '分析できませんでした：{why}',
  an_back: '戻る',
  an_help:
    '読み方：エージェントの起動と採用官の手番のたびに、厳密な推論が、その時点でエージェントが知っていたこと（公開情報のみ）から採用官がまだいる可能性のあるマスの数を数えます。マスが少ないほど、エージェントが迫っていたということです。各行の横には、エキスパートのボットならそこでどうしたかを示します。',
  an_chartTitle: '採用官がいる可能性のあるマス（半ラウンドごと）',
  an_chartLegend:
    '網掛け：エージェントから見てまだ可能なマス。1マスが1行（A1〜F7、帯ごとに盤の1行）。赤い点：採用官が実際にいたマス。折れ線：可能なマスの数。',
  an_chartSummary: '対局を通じた可能なマスの数：{list}。',
  an_momentsTitle: '対局を最も動かした3つの場面',
  an_momentNarrowed: '{when}、{who}——{what}：可能なマスが {before} から {after} に減りました。',
  an_momentWidened: '{when}、{who}——{what}：可能なマスが {before} から {after} に増えました。',
  an_momentSame: '{when}、{who}——{what}：可能なマスは {after} のままでした。',
  an_momentEnded: 'これで対局が終わりました。',
  an_momentExpert: 'エキスパートなら別の手（{what}）を選んでいました。',
  an_noMoments: 'エージェントが知りうることを変えた場面はありませんでした。',
  an_when: '{time}時',
  an_tableTitle: '手番ごと',
  an_colWhen: '時間',
  an_colWho: '誰',
  an_colPlayed: '実際の手',
  an_colPossible: '可能なマス',
  an_colExpert: 'エキスパートなら',
  an_recruiter: '採用官',
  an_sameAsPlayed: '同じ手',
  an_captureChance: '捕獲の成功率 {p}%',
  an_winEstimate: '予想勝率 {p}%',
  an_escapes: 'シミュレーションした次のエージェント手番で捕まらなかった割合 {p}%',
  an_capped: 'エキスパートは最初の {n} 回の判断だけを分析しました（1局あたりの作業上限）。',
  an_nothing: 'なし',
};
