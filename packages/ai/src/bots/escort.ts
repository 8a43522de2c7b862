// The escort tell (R25, R24, R19). An immortal on the recruiter's location blocks a capture there,
// but strong agents read an immortal moved during the recruiter's turn as the recruiter's location
// (the opponent model, model.ts), push it off with a shakedown and capture: 62 of 90 captures of
// the old hard recruiter came the turn after it escorted itself (docs/bots.md, "Hard recruiter:
// the escort tell"). The hard and expert recruiters move an immortal onto their own location only
// when it recruits there and then.
import { type Action, hasFeature, isOrthoAdjacent, type Loc, type View } from '@mindmgmt/engine';

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
