// Public API of the deduction module: exact belief about the hidden recruiter from
// public facts only. See ./README.md for the design and the argument for exactness.
export { Deduction, deduce, type Belief } from './engine.js';
export { Facts, type Filter, type LayerFacts, type Move } from './facts.js';
export {
  randomGame,
  chooseAction,
  agentsDecide,
  INFORMATIVE_BIAS,
  UNIFORM_TYPE_BIAS,
  type Bias,
  type RandomGameOptions,
} from './randomGames.js';
