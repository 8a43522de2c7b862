// The move generator: every legal action of the side the game waits on, as packed ints written
// into a preallocated buffer. Per side, not per seat: the agent seats share one list (an action
// any agent seat could take appears once). Mirrors the candidates + check of each rule in
// rules/*.ts; notes, resign and timeout are not generated.
import {
  A_ACTIVATE,
  A_ANSWER,
  A_ASK,
  A_CAPTURE,
  A_CARD,
  A_DUSTY,
  A_END_ACTIVATION,
  A_END_TURN,
  A_EXTRA_IMMORTAL,
  A_MAYHEM,
  A_MIND_SLIP,
  A_MOVE,
  A_MOVE_IMMORTAL,
  A_NUDGE,
  A_PLACE_AGENT,
  A_PLACE_IMMORTAL,
  A_PLACE_SLIP,
  A_PUSH,
  A_REVEAL,
  A_SCAN,
  A_SHAKEDOWN,
  A_START,
  A_STEP,
  BILL,
  DUSTY,
  enc,
  MERU,
  NONE,
  PH_AGENTS,
  PH_AGENTS_TURN,
  PH_ANSWER,
  PH_CARD,
  PH_IMMORTALS,
  PH_MAYHEM,
  PH_RECRUITER,
  PH_SETUP_STEPS,
  PH_SLIP_TOKEN,
  PH_START,
  W_NONE,
} from './codes.js';
import { askCandidates, current, reachable, stepOpen } from './queries.js';
import type { FastState } from './state.js';
import { EDGE_LOCS, IMM, INNER_LOCS, LOC_F0, LOC_F1, NEAR_TEMPLE, NEDGE, NLOC, ORTHO, SLIP, STEP } from './tables.js';

/** Large enough for any state: the most is about 17 markable locations x 32 immortal moves. */
export const MAX_MOVES = 2048;

const scratch = new Int8Array(NLOC);
/** Clears p3 of a packed action (codes.ts layout). */
const P3_CLEAR = ~(127 << 19);

/** Writes the legal actions of the expected side to out; returns how many (0 once the game is over). */
export function generate(s: FastState, out: Int32Array): number {
  if (s.winner !== W_NONE) return 0;
  switch (s.phase) {
    case PH_MAYHEM: {
      // R4: any orthogonal edge not taken and not touching a placed token.
      let n = 0;
      for (let e = 0; e < NEDGE; e++) if (s.forbidden[e] === 0) out[n++] = enc(A_MAYHEM, e, 0, 0);
      return n;
    }
    case PH_CARD:
      out[0] = enc(A_CARD, 0, 0, 0);
      out[1] = enc(A_CARD, 1, 0, 0);
      return 2;
    case PH_START: {
      // R6: any location, temples included.
      for (let l = 0; l < NLOC; l++) out[l] = enc(A_START, l, 0, 0);
      return NLOC;
    }
    case PH_SETUP_STEPS:
      return steps(s, out, 0);
    case PH_IMMORTALS: {
      // R7
      let n = 0;
      for (let i = 0; i < INNER_LOCS.length; i++) {
        const l = INNER_LOCS[i]!;
        if (s.immAt[l] === 0) out[n++] = enc(A_PLACE_IMMORTAL, l, 0, 0);
      }
      return n;
    }
    case PH_AGENTS: {
      // R8: each unplaced agent on any outside-edge location.
      let n = 0;
      for (let a = 0; a < 4; a++) {
        if (s.agents[a]! >= 0) continue;
        for (let i = 0; i < EDGE_LOCS.length; i++) out[n++] = enc(A_PLACE_AGENT, a, EDGE_LOCS[i]!, 0);
      }
      return n;
    }
    case PH_SLIP_TOKEN: {
      // R9
      for (let i = 0; i < NEAR_TEMPLE.length; i++) out[i] = enc(A_PLACE_SLIP, NEAR_TEMPLE[i]!, 0, 0);
      return NEAR_TEMPLE.length;
    }
    case PH_RECRUITER:
      return recruiterTurn(s, out);
    case PH_ANSWER: {
      // R22, D2: the recruiter always answers; "cannot place" only when nothing can take a token.
      const n = askCandidates(s, s.askFeature, scratch);
      if (n === 0) {
        out[0] = enc(A_ANSWER, NONE, 0, 0);
        return 1;
      }
      for (let i = 0; i < n; i++) out[i] = enc(A_ANSWER, scratch[i]!, 0, 0);
      return n;
    }
    case PH_AGENTS_TURN:
      return agentsTurn(s, out);
    default:
      return 0;
  }
}

/** R1, R2, R15: steps to unvisited neighbours not cut off by mayhem. */
function steps(s: FastState, out: Int32Array, n: number): number {
  const here = current(s);
  for (let k = STEP.OFF[here]!, end = STEP.OFF[here + 1]!; k < end; k++) {
    const to = STEP.TO[k]!;
    if (s.visitAt[to] === 0 && stepOpen(s, k)) out[n++] = enc(A_STEP, to, 0, 0);
  }
  return n;
}

/** R3: writes every immortal move (from, to) with `type` and p3, returns the new count. */
function immortalMoves(s: FastState, out: Int32Array, n: number, type: number, p3: number): number {
  for (let i = 0; i < s.immortalCount; i++) {
    const from = s.immortals[i]!;
    for (let k = IMM.OFF[from]!, end = IMM.OFF[from + 1]!; k < end; k++) {
      const to = IMM.TO[k]!;
      if (s.immAt[to] !== 0) continue;
      const e = IMM.EDGE[k]!;
      if (e >= 0 && s.blocked[e] !== 0) continue;
      out[n++] = enc(type, from, to, p3);
    }
  }
  return n;
}

function recruiterTurn(s: FastState, out: Int32Array): number {
  let n = 0;
  if (!s.actionDone) {
    n = steps(s, out, 0);
    // R16, R18: each held token with each landing (over visited locations and mayhem).
    if (s.card >= 0) {
      const t = SLIP[s.card]!;
      const here = current(s);
      for (let token = 1; token <= 2; token++) {
        if (token === 1 ? s.slip1UsedAt >= 0 : !s.slip2Held) continue;
        for (let k = t.OFF[here]!, end = t.OFF[here + 1]!; k < end; k++) {
          const to = t.TO[k]!;
          if (s.visitAt[to] === 0) out[n++] = enc(A_MIND_SLIP, to, token, 0);
        }
      }
    }
  }
  if (s.full) {
    if (s.immMoves === 0) n = immortalMoves(s, out, n, A_MOVE_IMMORTAL, 0);
    else if (!s.extraDone) {
      // R15: the extra move is paid with a step token on a markable visited location. Often the
      // longest list of the game (markable locations x immortal moves), so the immortal moves
      // are generated once and the block is copied with each location written into p3.
      const base = n;
      const end = immortalMoves(s, out, n, A_EXTRA_IMMORTAL, 0);
      const k = end - base;
      let first = true;
      for (let i = 0; i < s.pathLen; i++) {
        const l = s.path[i]!;
        if (s.tokTime[l]! >= 0 || s.confTime[l] !== 0) continue;
        const tag = l << 19;
        if (first) {
          for (let j = base; j < end; j++) out[j] = out[j]! | tag;
          n = end;
          first = false;
        } else {
          for (let j = 0; j < k; j++) out[n + j] = (out[base + j]! & P3_CLEAR) | tag;
          n += k;
        }
      }
    }
  }
  if (s.actionDone) out[n++] = enc(A_END_TURN, 0, 0, 0); // R15, D3
  return n;
}

/** R24, R27, R3: orthogonal targets of a pushed immortal (no mayhem edge, no other immortal). */
function pushTargets(s: FastState, from: number, out: Int32Array, n: number, type: number, withFrom: boolean): number {
  for (let k = ORTHO.OFF[from]!, end = ORTHO.OFF[from + 1]!; k < end; k++) {
    const to = ORTHO.TO[k]!;
    if (s.immAt[to] !== 0 || s.blocked[ORTHO.EDGE[k]!] !== 0) continue;
    out[n++] = withFrom ? enc(type, from, to, 0) : enc(type, to, 0, 0);
  }
  return n;
}

function agentsTurn(s: FastState, out: Int32Array): number {
  let n = 0;
  const agent = s.actAgent;
  if (agent < 0) {
    // R20: activate an agent not yet activated this round.
    for (let a = 0; a < 4; a++) if ((s.activatedMask & (1 << a)) === 0) out[n++] = enc(A_ACTIVATE, a, 0, 0);
    return n;
  }
  const here = s.agents[agent]!;
  const immHere = s.immAt[here] !== 0;
  if (!s.actDone) {
    if (!s.actMoved) {
      // R20, R21: move 0-2 locations.
      const m = reachable(s, here, 2, scratch);
      for (let i = 0; i < m; i++) out[n++] = enc(A_MOVE, scratch[i]!, 0, 0);
    }
    if (!immHere) {
      // R22: a feature of this location not shown where an immortal stands; R29 the dolphin.
      const dolphin = s.full && !s.allyUsed;
      for (let j = 0; j < 2; j++) {
        const f = j === 0 ? LOC_F0[here]! : LOC_F1[here]!;
        if (f < 0 || (s.immFeatMask & (1 << f)) !== 0) continue;
        out[n++] = enc(A_ASK, f, 0, 0);
        if (dolphin) out[n++] = enc(A_ASK, f, 1, 0);
      }
      if (s.tokTime[here]! >= 0) out[n++] = enc(A_REVEAL, 0, 0, 0); // R23
      out[n++] = enc(A_CAPTURE, 0, 0, 0); // R25
      if (s.full && agent === MERU) out[n++] = enc(A_SCAN, 0, 0, 0); // R26
    } else if (s.full) {
      // R24, R38: any feature, an exposed one included (a sure miss).
      for (let f = 0; f < 16; f++) out[n++] = enc(A_SHAKEDOWN, f, 0, 0);
    }
  }
  if (s.pushFrom >= 0) n = pushTargets(s, s.pushFrom, out, n, A_PUSH, false); // R24, D5
  if (s.full && !s.actFree) {
    if (agent === BILL) {
      // R27: an immortal orthogonally next to Bill (not on his location), 1 location orthogonally.
      for (let k = ORTHO.OFF[here]!, end = ORTHO.OFF[here + 1]!; k < end; k++) {
        const from = ORTHO.TO[k]!;
        if (s.immAt[from] !== 0) n = pushTargets(s, from, out, n, A_NUDGE, true);
      }
    } else if (agent === DUSTY) {
      // R28: any agent, up to 1 + exposed cards locations.
      const range = 1 + s.exposedCount;
      for (let a = 0; a < 4; a++) {
        const m = reachable(s, s.agents[a]!, range, scratch);
        for (let i = 0; i < m; i++) out[n++] = enc(A_DUSTY, a, scratch[i]!, 0);
      }
    }
  }
  out[n++] = enc(A_END_ACTIVATION, 0, 0, 0); // R20, D4
  return n;
}
