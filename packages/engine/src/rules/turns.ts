// Turn boundaries: start and end of the recruiter's turn (R10, R11, R14, R15, R17, R19) and of
// an activation and half-round (R20, round end).
import { hasFeature } from '../board/board.js';
import { AGENTS, IMMORTAL_CARD_SLOTS, isAlertTime } from '../model/pieces.js';
import type { GameState } from '../model/state.js';
import { declareBoxedIn } from './boxedIn.js';
import { finalTime, henryBlocks, recruitsToWin, revealedRecruits } from './queries.js';
import { finish, type Sink } from './rule.js';

export function startRecruiterTurn(s: GameState, out: Sink): void {
  s.phase = 'recruiterTurn';
  s.turn = { actionDone: false, immortalMoves: 0, extraDone: false };
  s.activation = null;
  s.activationsThisHalf = 0;
  out.emit({ kind: 'recruiterTurnStarted', time: s.time + 1 });
  // D1: immortal recruiting first, then the boxed-in check.
  immortalRecruiting(s, out);
  checkBoxedIn(s, out);
}

/**
 * R17 with R37: boxed in is declared when the recruiter has no action and none of the
 * turn's optional immortal moves left could bring the winning recruit. Checked at the start
 * of the turn and after each immortal move made before the action.
 */
export function checkBoxedIn(s: GameState, out: Sink): void {
  if (s.result || s.phase !== 'recruiterTurn' || s.turn?.actionDone) return;
  if (declareBoxedIn(s)) finish(s, 'agents', 'boxedIn', out);
}

/**
 * R19: each face-up immortal card recruits once when two immortals stand on two different
 * locations showing its feature, neither of them on or orthogonally next to Henry Lyme.
 */
export function immortalRecruiting(s: GameState, out: Sink): void {
  if (s.mode !== 'full' || s.phase !== 'recruiterTurn') return;
  for (const feature of [...s.immortalCards]) {
    const at = s.immortals.filter((l) => hasFeature(l, feature) && !henryBlocks(s, l));
    if (at.length < 2) continue;
    s.immortalCards = s.immortalCards.filter((f) => f !== feature);
    s.immortalDiscards.push(feature);
    s.immortalRecruits.push({ feature, time: s.time + 1 });
    out.emit({ kind: 'immortalRecruited', feature, at: at.slice(0, 2), time: s.time + 1 });
    if (revealedRecruits(s) >= recruitsToWin(s)) return finish(s, 'recruiter', 'recruits', out); // R13
  }
}

/** R15: refill immortal cards, then advance time (R10), reveal on alerts (R11), check R13/R14. */
export function endRecruiterTurn(s: GameState, out: Sink): void {
  if (s.mode === 'full' && s.immortalCards.length < IMMORTAL_CARD_SLOTS && s.deck.length > 0) {
    const drawn = s.deck.splice(0, IMMORTAL_CARD_SLOTS - s.immortalCards.length);
    s.immortalCards.push(...drawn);
    out.emit({ kind: 'immortalCardsDrawn', features: drawn });
  }
  s.time += 1;
  s.turn = null;
  let alert: number | null = null;
  if (isAlertTime(s.time)) {
    alert = (s.contacts[s.time - 1] ?? 0) + (s.contacts[s.time] ?? 0);
    s.revealed.push({ time: s.time, count: alert });
  }
  out.emit({ kind: 'timeAdvanced', time: s.time, alert });
  if (revealedRecruits(s) >= recruitsToWin(s)) return finish(s, 'recruiter', 'recruits', out); // R13
  if (s.time >= finalTime(s)) return finish(s, 'recruiter', 'time', out); // R14
  s.phase = 'agentsTurn';
  s.activationsThisHalf = 0;
  s.activation = null;
}

/** R20: two activations per half-round; the round ends after the agents' turn at an odd hour. */
export function endActivation(s: GameState, out: Sink): void {
  const a = s.activation;
  if (!a) return;
  s.activation = null;
  s.activationsThisHalf += 1;
  out.emit({ kind: 'activationEnded', agent: a.agent });
  if (s.activationsThisHalf < 2) return;
  if (s.time % 2 === 1) {
    s.activated = AGENTS.map(() => false);
    out.emit({ kind: 'roundEnded', time: s.time });
  }
  startRecruiterTurn(s, out);
}

/** D4: the action is done; the activation ends by itself when no free action is left. */
export function afterAgentAction(s: GameState, out: Sink): void {
  if (!s.activation || s.result) return;
  s.activation.actionDone = true;
  settleActivation(s, out);
}

export function hasFreeAction(s: GameState): boolean {
  const a = s.activation;
  return !!a && s.mode === 'full' && (a.agent === 'bill' || a.agent === 'dusty') && !a.freeUsed;
}

export function settleActivation(s: GameState, out: Sink): void {
  const a = s.activation;
  if (!a || s.result || !a.actionDone) return;
  if (!hasFreeAction(s) && a.pushFrom === null) endActivation(s, out);
}
