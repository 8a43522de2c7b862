// The client side of a table session: one reducer of the frames, shared by the online table, the
// offline game and the companion.
export { mergeLog } from './log.js';
export {
  type ClientTable,
  EMPTY_TABLE,
  reconnected,
  reduceFrame,
  resumeSeq,
  seqOf,
  type Shown,
  type TableFrame,
} from './reducer.js';
export { turnKey, turnSideOf, turnStarts, type TurnSide } from './turns.js';
