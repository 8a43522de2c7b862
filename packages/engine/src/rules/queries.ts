// Read-only questions about a state that several rules ask.
import {
  DIAG_TWO,
  type FeatureId,
  hasFeature,
  LOCATION_COUNT,
  type Loc,
  ORTHO_NEIGHBOURS,
  ORTHO_TWO,
  stepNeighbours,
} from '../board/board.js';
import { AGENTS, type AgentId, MODE_RULES } from '../model/pieces.js';
import type { GameState } from '../model/state.js';

export function current(s: GameState): Loc | null {
  return s.path.length ? s.path[s.path.length - 1]! : null;
}

export function visited(s: GameState, l: Loc): boolean {
  return s.path.includes(l);
}

/** R12: features of cards not yet exposed still recruit. */
export function liveCards(s: GameState): FeatureId[] {
  return s.cards.filter((_, i) => s.exposedAt[i] === null);
}

/** R12: recruits contacted by the recruiter arriving at a location. */
export function contactsAt(s: GameState, l: Loc): number {
  return liveCards(s).filter((f) => hasFeature(l, f)).length;
}

export function revealedRecruits(s: GameState): number {
  return s.revealed.reduce((n, r) => n + r.count, 0) + s.immortalRecruits.length;
}

export function recruitsToWin(s: GameState): number {
  return MODE_RULES[s.mode].recruitsToWin;
}

export function finalTime(s: GameState): number {
  return MODE_RULES[s.mode].finalTime;
}

export function legalSteps(s: GameState): Loc[] {
  const here = current(s);
  if (here === null) return [];
  return stepNeighbours(here, s.mayhem).filter((n) => !visited(s, n));
}

/** Mind slip tokens the recruiter holds now (R16, R18). */
export function heldMindSlips(s: GameState): (1 | 2)[] {
  const out: (1 | 2)[] = [];
  if (s.firstMindSlipUsedAt === null) out.push(1);
  if (s.secondMindSlipHeld) out.push(2);
  return out;
}

/** R16: landings of the recruiter card's mind slip, whether or not a token is held. */
export function slipLandings(s: GameState): Loc[] {
  const here = current(s);
  if (here === null || s.recruiterCard === null) return [];
  const table = s.recruiterCard === 'carl' ? ORTHO_TWO : DIAG_TWO;
  return table[here]!.filter((n) => !visited(s, n));
}

/** R17: no legal step and no held mind slip with a legal landing. */
export function boxedIn(s: GameState): boolean {
  if (legalSteps(s).length > 0) return false;
  return heldMindSlips(s).length === 0 || slipLandings(s).length === 0;
}

export function immortalAt(s: GameState, l: Loc): boolean {
  return s.immortals.includes(l);
}

export function agentAt(s: GameState, agent: AgentId): Loc | null {
  return s.agents[AGENTS.indexOf(agent)] ?? null;
}

export function abilitiesOn(s: GameState): boolean {
  return s.mode === 'full';
}

/** R19 with Henry Lyme's block: locations where immortals cannot recruit. */
export function henryBlocks(s: GameState, l: Loc): boolean {
  if (!abilitiesOn(s)) return false;
  const h = agentAt(s, 'henry');
  return h !== null && (h === l || ORTHO_NEIGHBOURS[h]!.includes(l));
}

/** R22: a step token may go on a visited location with no step token and no confirmed note. */
export function markable(s: GameState, l: Loc): boolean {
  return visited(s, l) && !s.stepTokens.some((t) => t.at === l) && !s.confirmed.some((c) => c.at === l);
}

export function askCandidates(s: GameState, f: FeatureId): Loc[] {
  const out: Loc[] = [];
  for (const l of s.path) if (hasFeature(l, f) && markable(s, l)) out.push(l);
  return out.sort((a, b) => a - b);
}

/** R22: a feature shown on any location with an immortal cannot be asked about. */
export function featureBlockedByImmortal(s: GameState, f: FeatureId): boolean {
  return s.immortals.some((l) => hasFeature(l, f));
}

export function visitTime(s: GameState, l: Loc): number | null {
  const i = s.path.indexOf(l);
  return i < 0 ? null : i + 1;
}

export const ALL_LOCS: readonly Loc[] = Array.from({ length: LOCATION_COUNT }, (_, i) => i);
