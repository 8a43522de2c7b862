// Read-only questions about a fast state that both the move generator and apply ask.
// Each mirrors the function of the same name in rules/queries.ts.
import type { FastState } from './state.js';
import { FEAT_LOCS, LOC_FEAT, NLOC, SLIP, STEP } from './tables.js';

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
