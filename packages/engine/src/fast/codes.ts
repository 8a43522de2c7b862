// Packed integer encoding of actions and the small enums of the fast state.
//
// An action is one int: bits 0-4 the type, bits 5-11 p1, bits 12-18 p2, bits 19-25 p3
// (each 0..127). Seats are not encoded: the agents are one side, and the recruiter is the
// other; convert.ts picks a seat when an action goes to the readable engine.

// ---- action types (field meanings in brackets) ----
export const A_MAYHEM = 0; // [edge id]
export const A_CARD = 1; // [0 carl, 1 girl]
export const A_START = 2; // [loc]
export const A_PLACE_IMMORTAL = 3; // [loc]
export const A_PLACE_AGENT = 4; // [agent, loc]
export const A_PLACE_SLIP = 5; // [loc]
export const A_STEP = 6; // [to]
export const A_MIND_SLIP = 7; // [to, token 1|2]
export const A_MOVE_IMMORTAL = 8; // [from, to]
export const A_EXTRA_IMMORTAL = 9; // [from, to, stepToken]
export const A_END_TURN = 10; // []
export const A_ANSWER = 11; // [loc or NONE]
export const A_ACTIVATE = 12; // [agent]
export const A_MOVE = 13; // [to]
export const A_ASK = 14; // [feature, dolphin 0|1]
export const A_REVEAL = 15; // []
export const A_SHAKEDOWN = 16; // [feature]
export const A_PUSH = 17; // [to]
export const A_CAPTURE = 18; // []
export const A_SCAN = 19; // []
export const A_NUDGE = 20; // [from, to]
export const A_DUSTY = 21; // [agent, to]
export const A_END_ACTIVATION = 22; // []
export const ACTION_TYPE_COUNT = 23;

/** p1 of an answer that is "cannot place" (R22). */
export const NONE = 127;

export function enc(type: number, p1: number, p2: number, p3: number): number {
  return type | (p1 << 5) | (p2 << 12) | (p3 << 19);
}
export function typeOf(code: number): number {
  return code & 31;
}
export function p1Of(code: number): number {
  return (code >> 5) & 127;
}
export function p2Of(code: number): number {
  return (code >> 12) & 127;
}
export function p3Of(code: number): number {
  return (code >> 19) & 127;
}

// ---- phases (same steps as the readable Phase) ----
export const PH_MAYHEM = 0;
export const PH_CARD = 1;
export const PH_START = 2;
export const PH_SETUP_STEPS = 3;
export const PH_IMMORTALS = 4;
export const PH_AGENTS = 5;
export const PH_SLIP_TOKEN = 6;
export const PH_RECRUITER = 7;
export const PH_AGENTS_TURN = 8;
export const PH_ANSWER = 9;
export const PH_OVER = 10;

// ---- agents, in AGENTS order (D9) ----
export const MERU = 0;
export const HENRY = 1;
export const BILL = 2;
export const DUSTY = 3;

// ---- results (D11; resign and timeout are not part of playouts) ----
export const W_NONE = -1;
export const W_RECRUITER = 0;
export const W_AGENTS = 1;
export const R_CAPTURE = 0;
export const R_BOXED_IN = 1;
export const R_RECRUITS = 2;
export const R_TIME = 3;

// ---- step token sources ----
export const SRC_ASK = 0;
export const SRC_DOLPHIN = 1;
export const SRC_EXTRA = 2;
