import type { Section } from '../section.js';
import type { SOLOOFFLINE_EN } from '../en/solooffline.js';

export const SOLOOFFLINE_ZH: Section<typeof SOLOOFFLINE_EN> = {
  so_play: '离线游戏',
  so_text: '整局游戏在本浏览器中运行并保存在这里：页面加载后无需联网，可以关闭标签页稍后继续。离线对局从不计分。',
  so_games: '本浏览器中的离线对局',
  so_resume: '继续',
  so_delete: '删除',
  so_over: '已结束',
  so_moves: '{n} 步',
  so_badge: '离线对局 · 不计分',
  so_missing: '本浏览器中没有保存这局离线游戏。',
  so_upload: '上传到我的战绩（不计分）',
  so_uploaded: '已加入你的战绩，作为不计分对局。',
  so_uploadFailed: '无法上传：{reason}',
};
