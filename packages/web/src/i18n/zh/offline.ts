import type { Section } from '../section.js';
import type { OFFLINE_EN } from '../en/offline.js';

export const OFFLINE_ZH: Section<typeof OFFLINE_EN> = {
  shellOffline: '离线，正在重连…',
  shellOfflineHint: '暂时无法连接服务器。一旦可以连接，此页面会自动恢复。',
};
