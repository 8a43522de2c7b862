// Public API of the Mind MGMT rules engine. Pure: no I/O, no clock; randomness from the seed.
export * from './board/board.js';
export * from './model/pieces.js';
export type {
  Action,
  ActionType,
  ActionOf,
  ClientAction,
  ClientActionType,
  FieldKind,
  FieldKinds,
  NoteBody,
} from './model/actions.js';
export { ACTION_DEFS, ACTION_TYPES, CLIENT_ACTION_TYPES, SERVER_ACTIONS, fieldNames } from './model/actions.js';
export type { ErrorCode, ErrorParams, GameError, RuleId } from './model/errors.js';
export { ERRORS, ruleOf } from './model/errors.js';
export type { GameEvent, PublicEvent, PublicEventKind, SecretDetail } from './model/events.js';
export type {
  GameOptions,
  GameState,
  Phase,
  StepToken,
  Confirmed,
  RecruiterCardRule,
  UndoPoint,
} from './model/state.js';
export { checkShape, isAction, KIND_CHECKS } from './model/shape.js';
export { apply, applyLogged, check, legalActions, type ApplyResult, type Applied } from './game.js';
export { newGame, validateOptions } from './rules/setup.js';
export { agentControllers, agentsOfSeat, controls, expectedSeats } from './rules/seats.js';
export {
  askCandidates,
  boxedIn,
  current,
  legalSteps,
  slipLandings,
  heldMindSlips,
  revealedRecruits,
} from './rules/queries.js';
export { dustyRange } from './rules/agents.js';
export { UNDOABLE, hiddenTurn, publicLogLength, publicSeq, publicState } from './rules/undo.js';
export { declareBoxedIn, immortalWinReachable, type ImmortalWinInput } from './rules/boxedIn.js';
export {
  applyNote,
  checkNote,
  checkNoteBody,
  notesFromActions,
  sameNote,
  NOTE_TEXT_MAX,
  NOTES_MAX,
  type NoteChange,
  type NoteEntry,
  type Notes,
} from './rules/notes.js';
export { rngFrom, randomInt, shuffled, type Rng } from './rules/random.js';
export {
  view,
  viewsOf,
  eventsFor,
  eventFor,
  seenSeq,
  type View,
  type SeenEvent,
  type RecruiterSecrets,
} from './views/view.js';
export {
  exportRecord,
  replay,
  gameFromRecord,
  checkRecord,
  recordNotes,
  standingActions,
  actionToRecord,
  actionFromRecord,
  RECORD_FORMAT,
  RECORD_VERSION,
  ENGINE_VERSION,
  type GameRecord,
  type RecordAction,
  type RecordNote,
  type RecordSeat,
  type ReplayResult,
} from './record/record.js';

// The packed-integer playout engine (agrees with the readable rules; tested).
export * from './fast/index.js';
