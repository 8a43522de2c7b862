// Every move a seat can make, as plain JSON. Locations are board ids (0..41); game records
// write them as labels (see record/).
import type { FeatureId, Loc } from '../board/board.js';
import type { AgentId, RecruiterCardId, Seat } from './pieces.js';

/** A mental note an agent writes on a location (D8, R30). */
export interface NoteBody {
  /** Earliest time the recruiter can have been here, if noted. */
  readonly from: number | null;
  /** Latest time, if noted. */
  readonly to: number | null;
  /** Features crossed out on this location. */
  readonly crossed: readonly FeatureId[];
  readonly text: string;
}

export type Action =
  // ---- setup (R5) ----
  | { readonly type: 'placeMayhem'; readonly seat: Seat; readonly between: readonly [Loc, Loc] }
  | { readonly type: 'chooseRecruiterCard'; readonly seat: Seat; readonly card: RecruiterCardId }
  | { readonly type: 'chooseStart'; readonly seat: Seat; readonly at: Loc }
  | { readonly type: 'placeImmortal'; readonly seat: Seat; readonly at: Loc }
  | { readonly type: 'placeAgent'; readonly seat: Seat; readonly agent: AgentId; readonly at: Loc }
  | { readonly type: 'placeMindSlip'; readonly seat: Seat; readonly at: Loc }
  // ---- recruiter (R15-R19); `step` is also the hidden setup step ----
  | { readonly type: 'step'; readonly seat: Seat; readonly to: Loc }
  | { readonly type: 'mindSlip'; readonly seat: Seat; readonly to: Loc; readonly token: 1 | 2 }
  | { readonly type: 'moveImmortal'; readonly seat: Seat; readonly from: Loc; readonly to: Loc }
  | {
      readonly type: 'extraImmortalMove';
      readonly seat: Seat;
      readonly stepToken: Loc;
      readonly from: Loc;
      readonly to: Loc;
    }
  | { readonly type: 'endTurn'; readonly seat: Seat }
  | { readonly type: 'answerAsk'; readonly seat: Seat; readonly at: Loc | null }
  // ---- agents (R20-R29) ----
  | { readonly type: 'activate'; readonly seat: Seat; readonly agent: AgentId }
  | { readonly type: 'move'; readonly seat: Seat; readonly to: Loc }
  | { readonly type: 'ask'; readonly seat: Seat; readonly feature: FeatureId; readonly dolphin: boolean }
  | { readonly type: 'reveal'; readonly seat: Seat }
  | { readonly type: 'shakedown'; readonly seat: Seat; readonly feature: FeatureId }
  | { readonly type: 'push'; readonly seat: Seat; readonly to: Loc }
  | { readonly type: 'capture'; readonly seat: Seat }
  | { readonly type: 'scan'; readonly seat: Seat }
  | { readonly type: 'nudge'; readonly seat: Seat; readonly from: Loc; readonly to: Loc }
  | { readonly type: 'dustyMove'; readonly seat: Seat; readonly agent: AgentId; readonly to: Loc }
  | { readonly type: 'endActivation'; readonly seat: Seat }
  // ---- D12: take back the seat's own actions since the last thing revealed ----
  | { readonly type: 'undo'; readonly seat: Seat }
  // ---- any time ----
  | { readonly type: 'note'; readonly seat: Seat; readonly at: Loc; readonly note: NoteBody | null }
  | { readonly type: 'resign'; readonly seat: Seat }
  /** Sent by the server, never by a client: the seat the game waits on ran out of time (R33). */
  | { readonly type: 'timeout'; readonly seat: Seat };

export type ActionType = Action['type'];
export type ActionOf<T extends ActionType> = Extract<Action, { type: T }>;

export const ACTION_TYPES: readonly ActionType[] = [
  'placeMayhem',
  'chooseRecruiterCard',
  'chooseStart',
  'placeImmortal',
  'placeAgent',
  'placeMindSlip',
  'step',
  'mindSlip',
  'moveImmortal',
  'extraImmortalMove',
  'endTurn',
  'answerAsk',
  'activate',
  'move',
  'ask',
  'reveal',
  'shakedown',
  'push',
  'capture',
  'scan',
  'nudge',
  'dustyMove',
  'endActivation',
  'undo',
  'note',
  'resign',
  'timeout',
];
