// The table host: one pure loop for a table session (apply an action for a seat, decide what each
// viewer may see, build each viewer's frames), wrapped by the server (storage, locks, the cluster,
// fan-out) and by the offline game and the companion in the browser.
export { catchUpFrame, eventsFrames, type StateBody, stateFrame } from './frames.js';
export { legalFor, offeredTo } from './offered.js';
export {
  type Position,
  POSITIONS_KEPT,
  positionOf,
  publicPosition,
  RecentPositions,
  shownTo,
  shownToOthers,
} from './positions.js';
export { type NoteWritten, play, type Played, writeNote } from './table.js';
