import type { Section } from '../section.js';
import type { ACTIONS_EN } from '../en/actions.js';

export const ACTIONS_ZH: Section<typeof ACTIONS_EN> = {
  rcFixed: '由房主指定（保密）',
};
