// Read-only questions about a fast state that both the move generator and apply ask.
// Each mirrors the function of the same name in rules/queries.ts.
import { HENRY } from './codes.js';
import type { FastState } from './state.js';
import { FEAT_LOCS, IMM, LOC_FEAT, NLOC, ORTHO_ADJ, SLIP, STEP } from './tables.js';

/** The recruiter's current location, -1 before the start is chosen. */
export function current(s: FastState): number {
  return s.pathLen > 0 ? s.path[s.pathLen - 1]! : -1;
}

/** R12: recruits contacted by the recruiter arriving at l (live cards only). */
export function contactsAt(s: FastState, l: number): number {
  const m = LOC_FEAT[l]! & s.liveMask; // at most two bits: a location shows two features
  return m === 0 ? 0 : (m & (m - 1)) === 0 ? 1 : 2;
}

/** R1, R2: a step from `from` to STEP.TO[k] is open when no mayhem lies on its edge. */
export function stepOpen(s: FastState, k: number): boolean {
  const e = STEP.EDGE[k]!;
  return e < 0 || s.blocked[e] === 0;
}

export function hasLegalStep(s: FastState): boolean {
  const here = current(s);
  for (let k = STEP.OFF[here]!, end = STEP.OFF[here + 1]!; k < end; k++)
    if (s.visitAt[STEP.TO[k]!] === 0 && stepOpen(s, k)) return true;
  return false;
}

/** R16, R18: does the recruiter hold a mind slip token? */
export function holdsMindSlip(s: FastState): boolean {
  return s.slip1UsedAt < 0 || s.slip2Held;
}

/** R17: no legal step and no held mind slip with a legal landing. */
export function boxedIn(s: FastState): boolean {
  if (hasLegalStep(s)) return false;
  if (!holdsMindSlip(s) || s.card < 0) return true;
  const t = SLIP[s.card]!;
  const here = current(s);
  for (let k = t.OFF[here]!, end = t.OFF[here + 1]!; k < end; k++) if (s.visitAt[t.TO[k]!] === 0) return false;
  return true;
}

/** R15: immortal moves left this turn (the extra one needs a markable visited location). */
function immortalMovesLeft(s: FastState): number {
  if (!s.full) return 0;
  let extra = 0;
  if (!s.extraDone)
    for (let i = 0; i < s.pathLen; i++)
      if (markable(s, s.path[i]!)) {
        extra = 1;
        break;
      }
  return s.immMoves === 0 ? 1 + extra : extra;
}

/** R19: the face-up cards (as a feature mask) that recruit with the immortals where they stand. */
function recruitingMask(s: FastState, cards: number, henry: number): number {
  let won = 0;
  for (let m = cards; m !== 0; m &= m - 1) {
    const bit = m & -m;
    let on = 0;
    for (let i = 0; i < s.immortalCount; i++) {
      const l = s.immortals[i]!;
      if ((LOC_FEAT[l]! & bit) === 0) continue;
      if (henry >= 0 && (henry === l || ORTHO_ADJ[henry * NLOC + l] === 1)) continue;
      on++;
    }
    if (on >= 2) won |= bit;
  }
  return won;
}

function popcount(x: number): number {
  let n = 0;
  for (; x !== 0; x &= x - 1) n++;
  return n;
}

/** R37: can `moves` immortal moves win `need` recruits from the cards in `cards`? Moves the
 * immortals of `s` to try and always puts them back. */
function winReachable(s: FastState, cards: number, need: number, moves: number, henry: number): boolean {
  if (need <= 0) return true;
  if (moves <= 0 || need > popcount(cards)) return false;
  for (let i = 0; i < s.immortalCount; i++) {
    const from = s.immortals[i]!;
    for (let k = IMM.OFF[from]!, end = IMM.OFF[from + 1]!; k < end; k++) {
      const to = IMM.TO[k]!;
      const e = IMM.EDGE[k]!;
      if (s.immAt[to] !== 0 || (e >= 0 && s.blocked[e] !== 0)) continue;
      s.immortals[i] = to;
      s.immAt[from] = 0;
      s.immAt[to] = 1;
      const won = recruitingMask(s, cards, henry);
      const ok = winReachable(s, cards & ~won, need - popcount(won), moves - 1, henry);
      s.immortals[i] = from;
      s.immAt[to] = 0;
      s.immAt[from] = 1;
      if (ok) return true;
    }
  }
  return false;
}

/** R37 (R17, D1): no action left, and no immortal move left this turn could win first. */
export function declareBoxedIn(s: FastState): boolean {
  if (!boxedIn(s)) return false;
  let cards = 0;
  for (let j = 0; j < s.immCardCount; j++) cards |= 1 << s.immCards[j]!;
  const need = (s.full ? 12 : 9) - s.recruits;
  return !winReachable(s, cards, need, immortalMovesLeft(s), s.full ? s.agents[HENRY]! : -1);
}

/** R22, R15: a step token may go on a visited location with no step token and no confirmed note. */
export function markable(s: FastState, l: number): boolean {
  return s.visitAt[l]! > 0 && s.tokTime[l]! < 0 && s.confTime[l] === 0;
}

/** R22: writes the locations that may take a step token for feature f; returns their count. */
export function askCandidates(s: FastState, f: number, out: Int8Array): number {
  let n = 0;
  for (let k = f * 5, end = k + 5; k < end; k++) {
    const l = FEAT_LOCS[k]!;
    if (markable(s, l)) out[n++] = l;
  }
  return n;
}

// Scratch for breadth-first search: a stamp per location instead of clearing a visited array.
const seen = new Int32Array(NLOC);
let stamp = 0;
const queue = new Int8Array(NLOC);
const depth = new Int8Array(NLOC);

/**
 * R20, R21, R28: locations within 1..max agent moves of `from` (mayhem blocks orthogonal
 * edges, diagonals only to or from a temple), `from` excluded. Writes them to out; returns count.
 */
export function reachable(s: FastState, from: number, max: number, out: Int8Array): number {
  stamp++;
  if (stamp === 0x7fffffff) {
    seen.fill(0);
    stamp = 1;
  }
  seen[from] = stamp;
  queue[0] = from;
  depth[0] = 0;
  let head = 0;
  let tail = 1;
  let n = 0;
  while (head < tail) {
    const l = queue[head]!;
    const d = depth[head]!;
    head++;
    if (d === max) continue;
    for (let k = STEP.OFF[l]!, end = STEP.OFF[l + 1]!; k < end; k++) {
      const m = STEP.TO[k]!;
      if (seen[m] === stamp || !stepOpen(s, k)) continue;
      seen[m] = stamp;
      queue[tail] = m;
      depth[tail] = d + 1;
      tail++;
      out[n++] = m;
    }
  }
  return n;
}
