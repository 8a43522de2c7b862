// placeholder, replaced by `ladder --write`
import type { LevelRatings } from './level-rating-types.js';

const r = { rating: 1500, low: 1500, high: 1500 };
export const LEVEL_RATINGS: LevelRatings = {
  command: '',
  date: '',
  mode: 'full',
  seed: 0,
  gamesPerPairing: 0,
  iterations: 0,
  anchor: { side: 'recruiter', level: 'easy', rating: 1500 },
  ratings: { recruiter: { easy: r, hard: r, expert: r }, agents: { easy: r, hard: r, expert: r } },
  recruiterWins: {
    easy: { easy: 0, hard: 0, expert: 0 },
    hard: { easy: 0, hard: 0, expert: 0 },
    expert: { easy: 0, hard: 0, expert: 0 },
  },
};
