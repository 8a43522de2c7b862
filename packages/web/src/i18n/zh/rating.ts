import type { Section } from '../section.js';
import type { RATING_EN } from '../en/rating.js';

export const RATING_ZH: Section<typeof RATING_EN> = {
  rt_label: '计分',
  rt_rated: '计分对局',
  rt_casual: '休闲对局（不计分）',
  rt_note: '在反叛特工的第一个回合开始之前结束的对局，一律不计分。',
  rt_casualTable: '休闲牌局：不影响任何人的等级分。',
  rt_provisional: '暂定：计分对局还不够多，等级分尚未稳定。',
  rt_boardProvisional: '暂定等级分（偏差高于 {rd}）在档案中标有“?”，不列入排行榜。',
  rt_level: '{level}（等级分约 {rating}）',
};
