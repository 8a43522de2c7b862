// The secret setup of a game (deck order, a random recruiter card) drawn with node:crypto and
// handed to the engine explicitly. Before, both came from a 32-bit seed: with 2^32 seeds
// enumerable in minutes, the public immortal cards gave the seed away and with it the
// recruiter's secret cards. The seed is still stored (the engine keeps one)
// but no secret depends on it.
import { randomInt } from 'node:crypto';
import {
  FEATURES,
  type FeatureId,
  type GameState,
  newGame,
  RECRUITER_CARDS,
  type RecruiterCardId,
} from '@mindmgmt/engine';
import type { StartInfo } from '../store/types.js';

/** Fisher-Yates with crypto.randomInt (uniform, no modulo bias). */
export function secretDeck(): FeatureId[] {
  const deck = [...FEATURES];
  for (let i = deck.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return deck;
}

export function secretRecruiterCard(): RecruiterCardId {
  return RECRUITER_CARDS[randomInt(RECRUITER_CARDS.length)]!;
}

/** The engine options and seed of a new game, every secret drawn here. */
export function drawStart(
  mode: 'full' | 'training',
  agentSeats: number,
  recruiterCard: StartInfo['engineOptions']['recruiterCard'],
): Pick<StartInfo, 'engineOptions' | 'seed'> {
  return {
    seed: randomInt(2 ** 32 - 1),
    engineOptions: {
      mode,
      agentSeats,
      recruiterCard,
      deck: secretDeck(),
      ...(recruiterCard === 'random' ? { card: secretRecruiterCard() } : {}),
    },
  };
}

/** The state a started game begins from. Rows started before the deck was stored replay from
 * their seed as they always did. */
export function initialState(start: Pick<StartInfo, 'engineOptions' | 'seed'>): GameState {
  const o = start.engineOptions;
  const s = newGame(
    {
      mode: o.mode,
      agentSeats: o.agentSeats,
      recruiterCard: o.recruiterCard === 'random' && o.card ? o.card : o.recruiterCard,
      ...(o.deck ? { deck: o.deck } : {}),
    },
    start.seed,
  );
  // A card drawn at random is still "random" to the players (as gameFromRecord does).
  return o.recruiterCard === 'random' ? { ...s, recruiterCardRule: 'random' } : s;
}
