// Applies a packed action to a fast state in place. The action must come from generate() for
// this state (no legality check here: that is the move generator's job; isLegal() checks).
// Each branch mirrors a rule's run() in rules/*.ts, and the turn boundaries mirror turns.ts.
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
  HENRY,
  NONE,
  p1Of,
  p2Of,
  p3Of,
  PH_AGENTS,
  PH_AGENTS_TURN,
  PH_ANSWER,
  PH_CARD,
  PH_IMMORTALS,
  PH_OVER,
  PH_RECRUITER,
  PH_SETUP_STEPS,
  PH_SLIP_TOKEN,
  PH_START,
  R_BOXED_IN,
  R_CAPTURE,
  R_RECRUITS,
  R_TIME,
  SRC_ASK,
  SRC_DOLPHIN,
  SRC_EXTRA,
  typeOf,
  W_AGENTS,
  W_NONE,
  W_RECRUITER,
} from './codes.js';
import { generate } from './movegen.js';
import { contactsAt, current, declareBoxedIn, hasLegalStep, markable } from './queries.js';
import type { FastState } from './state.js';
import { EDGE_CLASH, FEAT_LOCS, LOC_FEAT, NEDGE, NLOC, ORTHO, ORTHO_ADJ } from './tables.js';

/** R13 */
function recruitsToWin(s: FastState): number {
  return s.full ? 12 : 9;
}
/** R14 */
function finalTime(s: FastState): number {
  return s.full ? 16 : 14;
}

function finish(s: FastState, winner: number, reason: number): void {
  if (s.winner !== W_NONE) return;
  s.winner = winner;
  s.reason = reason;
  s.resultTime = s.time;
  s.phase = PH_OVER;
  s.turnActive = false;
  s.actAgent = -1;
  s.askFeature = -1;
  s.askAgent = -1;
}

function pushRevealed(s: FastState, time: number, count: number): void {
  s.revealedTime[s.revealedLen] = time;
  s.revealedCount[s.revealedLen] = count;
  s.revealedLen++;
  s.recruits += count;
}

function moveImmortal(s: FastState, from: number, to: number): void {
  for (let i = 0; i < s.immortalCount; i++) if (s.immortals[i] === from) s.immortals[i] = to;
  s.immAt[from] = 0;
  s.immAt[to] = 1;
  let m = 0;
  for (let i = 0; i < s.immortalCount; i++) m |= LOC_FEAT[s.immortals[i]!]!;
  s.immFeatMask = m;
}

function placeStepToken(s: FastState, l: number, time: number, src: number): void {
  s.tokTime[l] = time;
  s.tokSrc[l] = src;
}

// ---- turn boundaries (turns.ts) ----

function startRecruiterTurn(s: FastState): void {
  s.phase = PH_RECRUITER;
  s.turnActive = true;
  s.actionDone = false;
  s.immMoves = 0;
  s.extraDone = false;
  s.actAgent = -1;
  s.activationsThisHalf = 0;
  // D1: immortal recruiting first, then the boxed-in check.
  immortalRecruiting(s);
  checkBoxedIn(s);
}

/** R17 with R37: at the turn's start and after each immortal move made before the action. */
function checkBoxedIn(s: FastState): void {
  if (s.winner !== W_NONE || s.phase !== PH_RECRUITER || s.actionDone) return;
  if (declareBoxedIn(s)) finish(s, W_AGENTS, R_BOXED_IN);
}

/** R19: a face-up card recruits once when two immortals stand on locations with its feature,
 * neither on nor orthogonally next to Henry Lyme. Only during the recruiter's turn. */
function immortalRecruiting(s: FastState): void {
  if (!s.full || s.phase !== PH_RECRUITER) return;
  const count = s.immCardCount;
  const c0 = s.immCards[0]!;
  const c1 = s.immCards[1]!;
  const henry = s.agents[HENRY]!;
  for (let j = 0; j < count; j++) {
    const f = j === 0 ? c0 : c1;
    const bit = 1 << f;
    let on = 0;
    for (let i = 0; i < s.immortalCount; i++) {
      const l = s.immortals[i]!;
      if ((LOC_FEAT[l]! & bit) === 0) continue;
      if (henry >= 0 && (henry === l || ORTHO_ADJ[henry * NLOC + l] === 1)) continue;
      on++;
    }
    if (on < 2) continue;
    // remove f from the face-up cards, keeping the order of the rest
    let w = 0;
    for (let i = 0; i < s.immCardCount; i++) if (s.immCards[i] !== f) s.immCards[w++] = s.immCards[i]!;
    s.immCardCount = w;
    s.discards[s.discardCount++] = f;
    s.immRecFeature[s.immRecLen] = f;
    s.immRecTime[s.immRecLen] = s.time + 1;
    s.immRecLen++;
    s.recruits++;
    if (s.recruits >= recruitsToWin(s)) return finish(s, W_RECRUITER, R_RECRUITS); // R13
  }
}

/** R15: refill immortal cards, then advance time (R10), reveal on alerts (R11), check R13/R14. */
function endRecruiterTurn(s: FastState): void {
  if (s.full && s.immCardCount < 2 && s.deckPos < 16) {
    while (s.immCardCount < 2 && s.deckPos < 16) s.immCards[s.immCardCount++] = s.deck[s.deckPos++]!;
  }
  s.time++;
  s.turnActive = false;
  if (s.time > 5 && (s.time & 1) === 1) pushRevealed(s, s.time, s.contacts[s.time - 1]! + s.contacts[s.time]!);
  if (s.recruits >= recruitsToWin(s)) return finish(s, W_RECRUITER, R_RECRUITS); // R13
  if (s.time >= finalTime(s)) return finish(s, W_RECRUITER, R_TIME); // R14
  s.phase = PH_AGENTS_TURN;
  s.activationsThisHalf = 0;
  s.actAgent = -1;
}

/** R20: two activations per half-round; the round ends after the agents' turn at an odd hour. */
function endActivation(s: FastState): void {
  if (s.actAgent < 0) return;
  s.actAgent = -1;
  s.activationsThisHalf++;
  if (s.activationsThisHalf < 2) return;
  if ((s.time & 1) === 1) s.activatedMask = 0;
  startRecruiterTurn(s);
}

/** D4: the action is done; the activation ends by itself when no free action is left. */
function afterAgentAction(s: FastState): void {
  if (s.actAgent < 0 || s.winner !== W_NONE) return;
  s.actDone = true;
  settleActivation(s);
}

function settleActivation(s: FastState): void {
  if (s.actAgent < 0 || s.winner !== W_NONE || !s.actDone) return;
  const free = s.full && (s.actAgent === BILL || s.actAgent === DUSTY) && !s.actFree;
  if (!free && s.pushFrom < 0) endActivation(s);
}

/** D3: the turn ends by itself once the action is taken and no immortal move is left. */
function maybeAutoEnd(s: FastState): void {
  if (s.phase !== PH_RECRUITER || !s.actionDone) return;
  if (!s.full || s.extraDone) endRecruiterTurn(s);
}

/** The recruiter arrives at `to` by a step or a mind slip (R12, R18). */
function arrive(s: FastState, to: number): void {
  s.path[s.pathLen++] = to;
  const time = s.time + 1;
  s.visitAt[to] = time;
  s.contacts[time] = contactsAt(s, to); // R12
  // R18: the 2nd token is acquired silently by arriving on it.
  if (s.slip2At === to && !s.slip2Held && s.slip2UsedAt < 0) s.slip2Held = true;
  s.actionDone = true;
}

/** Applies a legal packed action in place. */
export function applyFast(s: FastState, code: number): void {
  const p1 = p1Of(code);
  switch (typeOf(code)) {
    case A_MAYHEM: {
      // R4, R5
      s.mayhem[s.mayhemCount++] = p1;
      s.blocked[p1] = 1;
      for (let f = 0, row = p1 * NEDGE; f < NEDGE; f++) if (EDGE_CLASH[row + f] === 1) s.forbidden[f] = 1;
      if (s.mayhemCount === 5) s.phase = s.card < 0 ? PH_CARD : PH_START;
      return;
    }
    case A_CARD: // D10
      s.card = p1;
      s.phase = PH_START;
      return;
    case A_START: {
      // R5, R6, R31 (Training: the start is revealed with a confirmed note "1")
      s.path[0] = p1;
      s.pathLen = 1;
      s.visitAt[p1] = 1;
      s.time = 1;
      if (!s.full) s.confTime[p1] = 1;
      s.liveMask = 0;
      for (let i = 0; i < 3; i++) {
        const f = s.deck[s.deckPos++]!;
        s.cards[i] = f;
        s.exposedAt[i] = -1;
        s.liveMask |= 1 << f;
      }
      s.cardCount = 3;
      s.contacts[1] = contactsAt(s, p1);
      s.phase = PH_SETUP_STEPS;
      return;
    }
    case A_STEP:
      if (s.phase === PH_SETUP_STEPS) return setupStep(s, p1);
      arrive(s, p1); // R15
      maybeAutoEnd(s);
      return;
    case A_PLACE_IMMORTAL: // R7
      s.immortals[s.immortalCount++] = p1;
      s.immAt[p1] = 1;
      s.immFeatMask |= LOC_FEAT[p1]!;
      if (s.immortalCount === 4) s.phase = PH_AGENTS;
      return;
    case A_PLACE_AGENT: // R8
      s.agents[p1] = p2Of(code);
      s.agentsPlaced++;
      if (s.agentsPlaced === 4) {
        if (s.full) s.phase = PH_SLIP_TOKEN;
        else startRecruiterTurn(s);
      }
      return;
    case A_PLACE_SLIP: // R9, then R5's last step: 2 immortal recruiting cards face up
      s.slip2At = p1;
      s.immCards[0] = s.deck[s.deckPos++]!;
      s.immCards[1] = s.deck[s.deckPos++]!;
      s.immCardCount = 2;
      startRecruiterTurn(s);
      return;
    case A_MIND_SLIP: {
      // R16, R18
      const time = s.time + 1;
      if (p2Of(code) === 1) s.slip1UsedAt = time;
      else {
        s.slip2Held = false;
        s.slip2UsedAt = time;
        s.slip2At = -1;
      }
      arrive(s, p1);
      maybeAutoEnd(s);
      return;
    }
    case A_MOVE_IMMORTAL: // R15, R3, R19
      moveImmortal(s, p1, p2Of(code));
      s.immMoves++;
      immortalRecruiting(s);
      checkBoxedIn(s); // R37
      if (s.winner === W_NONE) maybeAutoEnd(s);
      return;
    case A_EXTRA_IMMORTAL: // R15: a step token first, then the move
      placeStepToken(s, p3Of(code), s.time + 1, SRC_EXTRA);
      moveImmortal(s, p1, p2Of(code));
      s.immMoves++;
      s.extraDone = true;
      immortalRecruiting(s);
      checkBoxedIn(s); // R37
      if (s.winner === W_NONE) maybeAutoEnd(s);
      return;
    case A_END_TURN: // R15, D3
      endRecruiterTurn(s);
      return;
    case A_ANSWER: // R22, D2
      s.askFeature = -1;
      s.askAgent = -1;
      if (p1 !== NONE) placeStepToken(s, p1, s.time, SRC_ASK);
      s.phase = PH_AGENTS_TURN;
      afterAgentAction(s);
      return;
    case A_ACTIVATE: // R20
      s.activatedMask |= 1 << p1;
      s.actAgent = p1;
      s.actMoved = false;
      s.actDone = false;
      s.actFree = false;
      s.pushFrom = -1;
      return;
    case A_MOVE: // R20, R21
      s.pushFrom = -1;
      s.agents[s.actAgent] = p1;
      s.actMoved = true;
      return;
    case A_ASK: // R22, R29
      s.pushFrom = -1;
      if (p2Of(code) === 1) {
        s.allyUsed = true;
        for (let k = p1 * 5, end = k + 5; k < end; k++) {
          const l = FEAT_LOCS[k]!;
          if (markable(s, l)) placeStepToken(s, l, s.time, SRC_DOLPHIN);
        }
        afterAgentAction(s);
        return;
      }
      s.askFeature = p1;
      s.askAgent = s.actAgent;
      s.phase = PH_ANSWER;
      return;
    case A_REVEAL: {
      // R23
      s.pushFrom = -1;
      const at = s.agents[s.actAgent]!;
      s.tokTime[at] = -1;
      s.confTime[at] = s.visitAt[at]!;
      afterAgentAction(s);
      return;
    }
    case A_SHAKEDOWN: {
      // R24; R38: naming an exposed card is a miss.
      for (let i = 0; i < 3; i++)
        if (s.cards[i] === p1 && s.exposedAt[i]! < 0) {
          s.exposedAt[i] = s.time;
          s.exposedCount++;
          s.exposedMask |= 1 << p1;
          s.liveMask &= ~(1 << p1);
        }
      const at = s.agents[s.actAgent]!;
      s.pushFrom = -1;
      for (let k = ORTHO.OFF[at]!, end = ORTHO.OFF[at + 1]!; k < end; k++)
        if (s.immAt[ORTHO.TO[k]!] === 0 && s.blocked[ORTHO.EDGE[k]!] === 0) {
          s.pushFrom = at;
          break;
        }
      afterAgentAction(s);
      return;
    }
    case A_PUSH: {
      // R24, R3, D5
      const from = s.pushFrom;
      s.pushFrom = -1;
      moveImmortal(s, from, p1);
      settleActivation(s);
      return;
    }
    case A_CAPTURE: // R25
      s.pushFrom = -1;
      if (current(s) === s.agents[s.actAgent]) return finish(s, W_AGENTS, R_CAPTURE);
      afterAgentAction(s);
      return;
    case A_SCAN: // R26: the yes/no answer is an event, not state
      s.pushFrom = -1;
      afterAgentAction(s);
      return;
    case A_NUDGE: // R27
      s.pushFrom = -1;
      moveImmortal(s, p1, p2Of(code));
      s.actFree = true;
      settleActivation(s);
      return;
    case A_DUSTY: // R28
      s.pushFrom = -1;
      s.agents[p1] = p2Of(code);
      s.actFree = true;
      settleActivation(s);
      return;
    case A_END_ACTIVATION: // R20, D4
      s.pushFrom = -1;
      endActivation(s);
      return;
    default:
      throw new RangeError(`unknown fast action type ${typeOf(code)}`);
  }
}

/** The hidden setup steps (R5: times 2..5, step rules, no mind slip; D6: boxed in loses). */
function setupStep(s: FastState, to: number): void {
  s.path[s.pathLen++] = to;
  s.time = s.pathLen;
  s.visitAt[to] = s.time;
  s.contacts[s.time] = contactsAt(s, to);
  if (s.pathLen < 5) {
    if (!hasLegalStep(s)) finish(s, W_AGENTS, R_BOXED_IN);
    return;
  }
  let count = 0;
  for (let t = 1; t <= 5; t++) count += s.contacts[t]!;
  pushRevealed(s, 5, count);
  if (s.recruits >= recruitsToWin(s)) return finish(s, W_RECRUITER, R_RECRUITS); // R13
  s.phase = s.full ? PH_IMMORTALS : PH_AGENTS;
}

/** Is `code` one of the legal actions now? (Generates the list: for checks, not hot loops.) */
export function isLegal(s: FastState, code: number, buf: Int32Array): boolean {
  const n = generate(s, buf);
  for (let i = 0; i < n; i++) if (buf[i] === code) return true;
  return false;
}
