import type { Section } from '../section.js';
import type { OFFLINE_EN } from '../en/offline.js';

export const OFFLINE_JA: Section<typeof OFFLINE_EN> = {
  shellOffline: 'オフラインです。再接続中…',
  shellOfflineHint: 'サーバーに接続できません。接続でき次第、このページは自動的に戻ります。',
};
