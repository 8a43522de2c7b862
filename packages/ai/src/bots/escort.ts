// The escort tell (R25, R24, R19). An immortal on the recruiter's location blocks a capture there,
// but strong agents read an immortal moved during the recruiter's turn as the recruiter's location
// (the opponent model, model.ts), push it off with a shakedown and capture: 62 of 90 captures of
// the old hard recruiter came the turn after it escorted itself (docs/bots.md, "Hard recruiter:
// the escort tell"). The hard and expert recruiters move an immortal onto their own location only
// when it recruits there and then, unless the agents have shown they do not read one
// (immortalReading: they leave moved immortals standing within their reach).
import { type Action, hasFeature, isOrthoAdjacent, type Loc, type View } from '@mindmgmt/engine';
import type { EscortAnswer } from '../deduction/turns.js';
import type { Geo } from './geo.js';

/**
 * R19: per face-up immortal card, how many immortals stand on locations that show its feature and
 * that Henry Lyme's Mental Block does not cover (two recruit).
 */
export function immortalCardCounts(v: View, imm: readonly Loc[]): number[] {
  const henry = v.agents.find((a) => a.id === 'henry')?.at ?? null;
  const blocked = (l: Loc) => henry !== null && v.mode === 'full' && (l === henry || isOrthoAdjacent(l, henry));
  return v.immortalCards.map((f) => imm.filter((l) => hasFeature(l, f) && !blocked(l)).length);
}

/** R19: face-up immortal cards that the immortals on `imm` recruit with. */
export function recruitingCards(v: View, imm: readonly Loc[]): number {
  return immortalCardCounts(v, imm).filter((n) => n >= 2).length;
}

/** An immortal move onto the recruiter's own location that recruits nothing more (a tell). */
export function isEscortTell(v: View, a: Action): boolean {
  if (a.type !== 'moveImmortal' && a.type !== 'extraImmortalMove') return false;
  const here = v.recruiter?.at ?? null;
  if (here === null || a.to !== here) return false;
  const imm = v.immortals.map((l) => (l === a.from ? a.to : l));
  return recruitingCards(v, imm) <= recruitingCards(v, v.immortals);
}

/** How the agents have answered the immortals the recruiter moved in its turns. */
export interface ImmortalReading {
  /** Half-turns in which an agent captured on, or pushed an immortal off, a location an immortal was moved onto in the recruiter turn before. */
  readonly read: number;
  /** Half-turns after such a move in which an acting agent could reach one of those locations and none was answered. */
  readonly ignored: number;
}

/**
 * Whether these agents read an immortal moved in the recruiter's turn as its location (R25): strong
 * agents push it off or capture there; agents that ignore it leave it standing within their reach.
 * From the public log's escort answers (`Facts.escortAnswers`), so any seat could count it.
 */
export function immortalReading(
  answers: ReadonlyMap<number, EscortAnswer>,
  g: Geo,
  /** Whether the agents could think the recruiter stood on `at` at `time` (absent: everywhere). */
  plausible?: (time: number, at: Loc) => boolean,
): ImmortalReading {
  let read = 0;
  let ignored = 0;
  for (const [time, a] of answers) {
    const spots = [...a.spots].filter((l) => !plausible || plausible(time, l));
    if (!spots.length) continue;
    if (spots.some((l) => a.answered.has(l))) read++;
    else if (spots.some((l) => a.acted.some((x) => g.dist[x.at]![l]! <= x.reach))) ignored++;
  }
  return { read, ignored };
}
