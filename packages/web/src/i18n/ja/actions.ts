import type { Section } from '../section.js';
import type { ACTIONS_EN } from '../en/actions.js';

export const ACTIONS_JA: Section<typeof ACTIONS_EN> = {
  rcFixed: 'ホストが指定（非公開）',
};
