import type { Section } from '../section.js';
import type { WATCH_EN } from '../en/watch.js';

export const WATCH_ZH: Section<typeof WATCH_EN> = {
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
