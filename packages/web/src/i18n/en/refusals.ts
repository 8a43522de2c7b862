// The engine's refusals. English shows the engine's own sentence (it is written in English), so
// this catalogue has none; zh/refusals.ts and ja/refusals.ts translate them.
import type { RefusalSentences } from '../section.js';

export const REFUSALS_EN = {
  // the link after a refusal to the rulebook chapter that explains it
  refusalRule: 'Rule: {chapter}',
  refusals: null as RefusalSentences | null,
};
