// Epsilon-greedy playouts on the fast engine (Nijssen and Winands 2012), from a determinised
// state to the end of the game.
//
// The agents in a playout never read the determinised truth: they chase the set of locations
// where the recruiter can be as far as the public moves tell (location categorisation of
// Nijssen-Winands, reduced to "possible / not possible"). The set starts from the exact deduction
// of the public view at the root and is updated by each public fact of the playout (a step or a
// mind slip, a missed capture, a scan, a reveal). So the recruiter's search values moves by what
// the agents can know, not by what it knows itself; and the agents' search does not profit from
// a determinisation's hidden path (no strategy fusion on capture).
import {
  crossOf,
  DIAG_TWO,
  FAST_MAX_MOVES,
  FAST_W_NONE,
  fastApply,
  FastCodes,
  fastGenerate,
  fastP1,
  fastP2,
  type FastState,
  fastTypeOf,
  isOrthoAdjacent,
  kingDistance,
  LOCATION_COUNT,
  ORTHO_TWO,
  Sfc32,
} from '@mindmgmt/engine';
import type { Geo } from '../geo.js';
import { contactsOn, locFeatureBits } from './world.js';

const N = LOCATION_COUNT;
const C = FastCodes;
/** CROSS[c*N + l] = 1 when l is in Meru's scan cross around c (R26). */
const CROSS = new Uint8Array(N * N);
for (let c = 0; c < N; c++) for (const l of crossOf(c)) CROSS[c * N + l] = 1;
const SLIPS = [ORTHO_TWO, DIAG_TWO];

/** Tuning of the playout policies (exported for tuning runs; the defaults are what was measured). */
export const PLAYOUT = {
  epsilon: 0.1,
  /** Capture on a possible location when at most this many remain. */
  captureAt: 3,
  /** Cap on decisions per playout (a Full game has a few hundred). */
  maxDecisions: 1500,
  /**
   * Opponent model of the playout agents' weights (as the hard agents' model.ts): relative chance
   * that the recruiter steps where an agent can reach it, when a safe step exists.
   */
  unsafe: 0.3,
  /** Weight of a capture: the playout agents capture where their share of the belief is high. */
  captureShare: 8,
  /** The recruiter's penalty for arriving where the agents' predicted belief is concentrated. */
  exposure: 4,
  /** Share of the root belief spread evenly over the possible set (the root belief is sampled). */
  floor: 0.1,
  /**
   * The hard agents' escort model (model.ts): likelihood ratio for "the recruiter is where an
   * immortal was moved during its turn". Modelled so the recruiter's search sees both sides of
   * an escort: it blocks a capture (R25) but draws the agents' eyes, and a decoy draws them away.
   */
  escort: 6,
};

export class Playout {
  readonly moves = new Int32Array(FAST_MAX_MOVES);
  readonly rng = new Sfc32();
  /** possible[l] = 1 while the agents cannot rule out that the recruiter is on l now. */
  readonly possible = new Uint8Array(N);
  /**
   * The agents' belief (unnormalised) that the recruiter is on l now: zero off `possible`. Starts
   * from the sampled belief of the public view and moves with each public fact, re-weighting
   * steps by the opponent model (a recruiter rarely steps into reach), so the playout agents
   * chase the likely locations, not the merely possible ones, as the hard agents do.
   */
  readonly weight = new Float64Array(N);
  private wTotal = 0;
  private wMax = 0;
  private count = 0;
  private readonly spreadW = new Float64Array(N);
  private readonly threat = new Uint8Array(N);
  /** Locations immortals were moved onto during the recruiter turn in progress. */
  private readonly escortTo = new Uint8Array(N);
  /** Agent-move distance from each location to the nearest possible location. */
  private readonly toPossible = new Int8Array(N);
  private distDirty = true;
  private readonly scratch = new Uint8Array(N);

  constructor(private readonly geo: Geo) {}

  /**
   * Starts a playout's public knowledge from the root's set and, when given, the agents' belief
   * over it (`rootWeight[l]`, any scale; a share `PLAYOUT.floor` is spread evenly over the set so
   * a location the sampled belief missed stays reachable).
   */
  reset(root: Uint8Array, rootWeight?: Float64Array, escortTo?: Uint8Array): void {
    if (escortTo) this.escortTo.set(escortTo);
    else this.escortTo.fill(0);
    this.possible.set(root);
    this.count = 0;
    for (let l = 0; l < N; l++) this.count += this.possible[l]!;
    let total = 0;
    if (rootWeight) for (let l = 0; l < N; l++) if (root[l]) total += rootWeight[l]!;
    const even = this.count ? (total > 0 ? PLAYOUT.floor / this.count : 1 / this.count) : 0;
    const scale = total > 0 ? (1 - PLAYOUT.floor) / total : 0;
    for (let l = 0; l < N; l++) this.weight[l] = root[l] ? even + (rootWeight ? rootWeight[l]! * scale : 0) : 0;
    this.reweigh();
  }

  /** Recomputes the belief's total and maximum (after a change of `weight`). */
  private reweigh(): void {
    let t = 0;
    let m = 0;
    for (let l = 0; l < N; l++) {
      const x = this.weight[l]!;
      t += x;
      if (x > m) m = x;
    }
    this.wTotal = t;
    this.wMax = m;
    this.distDirty = true;
  }

  /** Plays `s` to the end; returns the fast winner code (W_RECRUITER / W_AGENTS). */
  run(s: FastState): number {
    const moves = this.moves;
    for (let d = 0; d < PLAYOUT.maxDecisions && s.winner === FAST_W_NONE; d++) {
      const n = fastGenerate(s, moves);
      if (n === 0) break;
      const agents = s.phase === C.PH_AGENTS_TURN;
      const code = n === 1 ? moves[0]! : agents ? this.agentsPick(s, n) : this.recruiterPick(s, n);
      this.play(s, code);
    }
    // a cut playout (never seen) counts for the recruiter, as running out of time does (R14)
    return s.winner === FAST_W_NONE ? C.W_RECRUITER : s.winner;
  }

  /** Applies `code` and updates the public knowledge with what it reveals. */
  play(s: FastState, code: number): void {
    const t = fastTypeOf(code);
    const at = s.actAgent >= 0 ? s.agents[s.actAgent]! : -1;
    const slipsBefore = (s.slip1UsedAt >= 0 ? 1 : 0) + (s.slip2UsedAt >= 0 ? 1 : 0);
    const recruiterTurn = s.phase === C.PH_RECRUITER;
    fastApply(s, code);
    if (s.phase < C.PH_RECRUITER && s.phase !== C.PH_OVER) return; // setup: not searched
    if (recruiterTurn && s.phase !== C.PH_RECRUITER) this.closeTurn(s);
    switch (t) {
      case C.A_STEP:
        this.spread(s, false, 0);
        break;
      case C.A_MIND_SLIP:
        this.spread(s, true, slipsBefore);
        break;
      case C.A_CAPTURE:
        if (s.winner === FAST_W_NONE) this.remove(at);
        break;
      case C.A_MOVE_IMMORTAL:
      case C.A_EXTRA_IMMORTAL:
        this.escortTo[fastP1(code)] = 0;
        this.escortTo[fastP2(code)] = 1;
        break;
      case C.A_SCAN: {
        const here = s.path[s.pathLen - 1]!;
        const yes = CROSS[at * N + here] === 1;
        for (let l = 0; l < N; l++) if ((CROSS[at * N + l] === 1) !== yes) this.remove(l);
        break;
      }
      case C.A_REVEAL: {
        // the recruiter was on `at` at confTime[at]; it has moved at most one step per hour since
        // (two for a mind slip): a bound in king distance
        const dt = s.time - s.confTime[at]!;
        const r = dt + slipsBefore;
        for (let l = 0; l < N; l++) if (kingDist(l, at) > r) this.remove(l);
        break;
      }
      default:
        break;
    }
    if (this.count === 0) this.lost(s);
  }

  /** The recruiter's turn ended: the agents weigh the locations it escorted (model.ts). */
  private closeTurn(s: FastState): void {
    let any = false;
    for (let l = 0; l < N; l++) {
      if (!this.escortTo[l]) continue;
      this.escortTo[l] = 0;
      if (s.immAt[l] && this.weight[l]! > 0) {
        this.weight[l]! *= PLAYOUT.escort;
        any = true;
      }
    }
    if (any) this.reweigh();
  }

  private remove(l: number): void {
    if (this.possible[l]) {
      this.possible[l] = 0;
      this.count--;
      this.wTotal -= this.weight[l]!;
      const top = this.weight[l] === this.wMax;
      this.weight[l] = 0;
      if (top) this.reweigh();
      this.distDirty = true;
    }
  }

  /** Agents lost track (their model was too coarse): every unmarked location is possible again. */
  private lost(s: FastState): void {
    this.count = 0;
    for (let l = 0; l < N; l++) {
      const ok = s.tokTime[l]! < 0 && s.confTime[l] === 0 ? 1 : 0;
      this.possible[l] = ok;
      this.weight[l] = ok;
      this.count += ok;
    }
    this.reweigh();
  }

  /** After the recruiter moved: every unmarked location one step (or one slip) from a possible one. */
  private spread(s: FastState, slip: boolean, slipsBefore: number): void {
    const next = this.spreadW;
    this.predict(s, slip, slipsBefore, next);
    this.count = 0;
    for (let l = 0; l < N; l++) {
      const ok = next[l]! > 0 ? 1 : 0;
      this.possible[l] = ok;
      this.weight[l] = next[l]!;
      this.count += ok;
    }
    this.reweigh();
  }

  /**
   * The agents' belief after a public step (or slip) of the recruiter, into `next`: each possible
   * location's weight goes to its unmarked destinations, a destination in an agent's reach counting
   * `PLAYOUT.unsafe` of a safe one (the hard agents' opponent model; not for slips).
   */
  private predict(s: FastState, slip: boolean, slipsBefore: number, next: Float64Array): void {
    next.fill(0);
    // after a first slip the agents can usually tell the card from its geometry
    const tables = slip ? (slipsBefore > 0 ? [SLIPS[s.card]!] : SLIPS) : null;
    const open = this.scratch;
    for (let l = 0; l < N; l++) open[l] = s.tokTime[l]! < 0 && s.confTime[l] === 0 ? 1 : 0;
    const threat = this.threat;
    if (!tables) this.threats(s, threat);
    for (let p = 0; p < N; p++) {
      const wp = this.weight[p]!;
      if (!(wp > 0)) continue;
      if (tables) {
        let n = 0;
        for (const tb of tables) for (const l of tb[p]!) n += open[l]!;
        if (n) for (const tb of tables) for (const l of tb[p]!) if (open[l]) next[l]! += wp / n;
      } else {
        const st = this.geo.step[p]!;
        let tot = 0;
        for (const l of st) if (open[l]) tot += threat[l] ? PLAYOUT.unsafe : 1;
        if (tot > 0) for (const l of st) if (open[l]) next[l]! += (wp * (threat[l] ? PLAYOUT.unsafe : 1)) / tot;
      }
    }
  }

  /** threat[l] = 1 when an agent on the board can reach l in its next activation. */
  private threats(s: FastState, threat: Uint8Array): void {
    threat.fill(0);
    const dist = this.geo.dist;
    for (let a = 0; a < 4; a++) {
      const at = s.agents[a]!;
      if (at < 0) continue;
      const reach = a === C.DUSTY && s.full ? 3 : 2;
      const d = dist[at]!;
      for (let l = 0; l < N; l++) if (d[l]! <= reach) threat[l] = 1;
    }
  }

  private distances(): Int8Array {
    if (this.distDirty) {
      const dist = this.geo.dist;
      // the likely locations: a quarter of the most likely one's weight or more
      const cut = Math.max(1e-12, this.wMax * 0.25);
      for (let l = 0; l < N; l++) {
        let m = 99;
        const dl = dist[l]!;
        for (let p = 0; p < N; p++) if (this.weight[p]! >= cut && dl[p]! < m) m = dl[p]!;
        this.toPossible[l] = m;
      }
      this.distDirty = false;
    }
    return this.toPossible;
  }

  /** The agents' belief that the recruiter is on l now. */
  private share(l: number): number {
    return this.wTotal > 0 ? this.weight[l]! / this.wTotal : 0;
  }

  // ---- the agents' policy: chase the possible set, capture when it is small ----

  private agentsPick(s: FastState, n: number): number {
    const moves = this.moves;
    const rng = this.rng;
    if (rng.next() < PLAYOUT.epsilon) return moves[Math.floor(rng.next() * n)]!;
    const dp = this.distances();
    const here = s.actAgent >= 0 ? s.agents[s.actAgent]! : -1;
    let best = moves[0]!;
    let bestV = -Infinity;
    for (let i = 0; i < n; i++) {
      const code = moves[i]!;
      const p1 = fastP1(code);
      let v: number;
      switch (fastTypeOf(code)) {
        case C.A_ACTIVATE:
          v = -dp[s.agents[p1]!]!;
          break;
        case C.A_MOVE:
          v = -0.5 * dp[p1]! + (this.possible[p1] ? 1 + 4 * this.share(p1) : 0);
          if (s.tokTime[p1]! >= 0) v += 0.6;
          break;
        case C.A_CAPTURE:
          v = this.possible[here]
            ? this.count <= PLAYOUT.captureAt
              ? 5
              : PLAYOUT.captureShare * this.share(here)
            : -5;
          break;
        case C.A_REVEAL:
          v = 1.2;
          break;
        case C.A_SCAN: {
          let inside = 0;
          for (let l = 0; l < N; l++) if (this.possible[l] && CROSS[here * N + l]) inside++;
          v = inside > 0 && inside < this.count ? 1.1 : -1;
          break;
        }
        case C.A_ASK:
          v = fastP2(code) === 1 ? 0.1 : 0.4;
          break;
        case C.A_SHAKEDOWN:
          v = 0.2;
          break;
        case C.A_DUSTY:
          v = -0.3 - 0.2 * dp[fastP2(code)]!;
          break;
        case C.A_END_ACTIVATION:
          v = s.actDone ? 0 : -0.5;
          break;
        default:
          v = -0.3;
      }
      v += rng.next() * 0.05;
      if (v > bestV) {
        bestV = v;
        best = code;
      }
    }
    return best;
  }

  // ---- the recruiter's policy: stay out of reach, recruit, keep exits, keep the slips ----

  private recruiterPick(s: FastState, n: number): number {
    const moves = this.moves;
    const rng = this.rng;
    if (rng.next() < PLAYOUT.epsilon) return moves[Math.floor(rng.next() * n)]!;
    let best = moves[0]!;
    let bestV = -Infinity;
    // where the agents will believe it is after a step (public, so the same for every step)
    let seen: Float64Array | null = null;
    let seenTotal = 0;
    for (let i = 0; i < n; i++) {
      const code = moves[i]!;
      const p1 = fastP1(code);
      let v: number;
      switch (fastTypeOf(code)) {
        case C.A_STEP:
          if (!seen) {
            seen = this.spreadW;
            this.predict(s, false, 0, seen);
            for (let l = 0; l < N; l++) seenTotal += seen[l]!;
          }
          v = this.spot(s, p1) - (seenTotal > 0 ? (PLAYOUT.exposure * seen[p1]!) / seenTotal : 0);
          break;
        case C.A_MIND_SLIP:
          v = this.spot(s, p1) - 1.5;
          break;
        case C.A_MOVE_IMMORTAL:
          v = recruitGain(s, p1, fastP2(code)) * 3 - 0.2;
          break;
        case C.A_EXTRA_IMMORTAL:
          v = recruitGain(s, p1, fastP2(code)) * 3 - 1;
          break;
        case C.A_ANSWER:
          v = p1 === C.NONE ? 0 : -0.1 * s.visitAt[p1]!; // the oldest visit teaches least
          break;
        default:
          v = 0;
      }
      v += rng.next() * 0.05;
      if (v > bestV) {
        bestV = v;
        best = code;
      }
    }
    return best;
  }

  /** How good it is for the recruiter to arrive on l now. */
  private spot(s: FastState, l: number): number {
    const dist = this.geo.dist;
    let threat = 0;
    for (let a = 0; a < 4; a++) {
      const at = s.agents[a]!;
      if (at < 0) continue;
      const reach = a === C.DUSTY && s.full ? 3 : 2;
      if (dist[at]![l]! <= reach) threat++;
    }
    let exits = 0;
    for (const m of this.geo.step[l]!) if (s.visitAt[m] === 0) exits++;
    return (
      -3 * Math.min(threat, 1.5) + 0.6 * contactsOn(l, s.liveMask) + 0.1 * Math.min(exits, 3) - (exits === 0 ? 4 : 0)
    );
  }
}

/**
 * R19: 1 when moving an immortal from -> to completes a face-up immortal card. Henry Lyme's
 * Mental Block counts: an immortal on his location or orthogonally next to it recruits nothing
 * (the playouts' recruiter ignored it until 2026-12-02 and spent moves on blocked recruits).
 */
export function recruitGain(s: FastState, from: number, to: number): number {
  const henry = s.agents[C.HENRY]!;
  for (let j = 0; j < s.immCardCount; j++) {
    const bit = 1 << s.immCards[j]!;
    let on = 0;
    for (let i = 0; i < s.immortalCount; i++) {
      const l = s.immortals[i] === from ? to : s.immortals[i]!;
      if (locFeatureBits(l) & bit && !(henry >= 0 && (henry === l || ORTHO[henry * N + l] === 1))) on++;
    }
    if (on >= 2) return 1;
  }
  return 0;
}

/** ORTHO[a*N + b] = 1 when a and b are orthogonal neighbours (R19's Mental Block). */
const ORTHO = new Uint8Array(N * N);
for (let a = 0; a < N; a++) for (let b = 0; b < N; b++) ORTHO[a * N + b] = isOrthoAdjacent(a, b) ? 1 : 0;

/** King distance between all pairs (R3 geometry), flat. */
const KING = new Int8Array(N * N);
for (let a = 0; a < N; a++) for (let b = 0; b < N; b++) KING[a * N + b] = kingDistance(a, b);
function kingDist(a: number, b: number): number {
  return KING[a * N + b]!;
}
