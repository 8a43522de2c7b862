// 对局分析：从终局对话框和回放中打开。
import type { Section } from '../section.js';
import type { ANALYSIS_EN } from '../en/analysis.js';

export const ANALYSIS_ZH: Section<typeof ANALYSIS_EN> = {
  an_open: '分析',
  an_title: '对局分析',
  an_computing: '服务器正在分析本局……可能需要几分钟；完成后本页会自动显示。',
  an_failed: '无法完成分析：{why}',
  an_back: '返回',
  an_help:
    '阅读方法：每次特工激活和每个招募员回合之后，精确推理会根据特工当时所知（仅公开信息）计算招募员仍可能所在的地点数。可能的地点越少，说明特工越接近招募员。每一行旁边是专家机器人在该处会采取的行动。',
  an_chartTitle: '招募员可能所在的地点（每半轮）',
  an_chartLegend:
    '阴影：特工看来仍有可能的地点，每个地点一行（A1 至 F7，每条带为版图的一行）。红点：招募员的实际位置。折线：可能的地点数。',
  an_chartSummary: '整局中可能的地点数：{list}。',
  an_momentsTitle: '改变局势最多的三个时刻',
  an_momentNarrowed: '{when}，{who}——{what}：可能的地点从 {before} 个减少到 {after} 个。',
  an_momentWidened: '{when}，{who}——{what}：可能的地点从 {before} 个增加到 {after} 个。',
  an_momentSame: '{when}，{who}——{what}：可能的地点仍为 {after} 个。',
  an_momentEnded: '这一步结束了游戏。',
  an_momentExpert: '专家会走另一步：{what}。',
  an_noMoments: '没有哪个时刻改变了特工所能知道的信息。',
  an_when: '{time}点',
  an_tableTitle: '逐回合',
  an_colWhen: '时间',
  an_colWho: '谁',
  an_colPlayed: '实际行动',
  an_colPossible: '可能的地点',
  an_colExpert: '专家会',
  an_recruiter: '招募员',
  an_sameAsPlayed: '相同',
  an_captureChance: '捕捉成功率 {p}%',
  an_winEstimate: '预计胜率 {p}%',
  an_escapes: '模拟的特工下一回合中未被抓获的比例 {p}%',
  an_capped: '专家只分析了前 {n} 个决定（每局的工作上限）。',
  an_nothing: '无',
};
