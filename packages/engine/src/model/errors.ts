// Illegal actions come back as values with a stable code and a sentence for a person,
// never as exceptions (the server relays `message` to the seat that sent the action only).

export type ErrorCode =
  | 'malformed' // the action is not shaped like any action
  | 'game_over'
  | 'not_your_turn' // another seat is expected to act now
  | 'wrong_phase' // this kind of action does not fit the current step of the game
  | 'not_in_mode' // the rule does not exist in this mode (Training Mission, R31)
  | 'bad_location'
  | 'not_adjacent'
  | 'blocked_by_mayhem'
  | 'already_visited'
  | 'occupied'
  | 'mayhem_touches'
  | 'not_edge'
  | 'edge_location'
  | 'not_near_temple'
  | 'already_done'
  | 'no_token'
  | 'immortal_here'
  | 'feature_blocked'
  | 'not_here'
  | 'not_allowed'
  | 'not_controlled'
  | 'must_act' // an action must be taken before this
  | 'bad_answer'
  | 'undo_nothing' // D12: the seat has taken no undoable action since the last reveal
  | 'undo_after_reveal'; // D12: what the seat did since was revealed (or ended its turn)

/**
 * What a client needs to say `message` in the player's language: `v` tells apart the sentences
 * one code has (a step's "not adjacent" from an agent's), the rest fills it in (locations as
 * their labels, agent and feature ids, ruling ids). Only what `message` already says.
 */
export type ErrorParams = Readonly<Record<string, string | number>>;

export interface GameError {
  readonly ok: false;
  readonly code: ErrorCode;
  readonly message: string;
  readonly params?: ErrorParams;
}

export function err(code: ErrorCode, message: string, params?: ErrorParams): GameError {
  return params ? { ok: false, code, message, params } : { ok: false, code, message };
}
