// R37 (R15, R19, R13): the recruiter's immortal moves of this turn that bring the winning recruit.
// A 12th recruit brought by an optional immortal move wins at once, even when the recruiter is
// boxed in (it may still make the turn's immortal moves before boxed in is declared). Every
// recruiter bot plays such a move first: nothing else can be better. Reads only the recruiter's
// own view.
import {
  type Action,
  type FeatureId,
  hasFeature,
  immortalWinReachable,
  type Loc,
  ORTHO_NEIGHBOURS,
  type View,
} from '@mindmgmt/engine';

/** The first move of a sequence of this turn's immortal moves that wins, or null. */
export function immortalWinMove(v: View, legal: readonly Action[]): Action | null {
  const sec = v.recruiter;
  if (v.mode !== 'full' || v.phase !== 'recruiterTurn' || !v.turn || !sec || !v.immortalCards.length) return null;
  const need = v.recruitsToWin - v.recruits.total;
  const henry = v.agents.find((a) => a.id === 'henry')?.at ?? null;
  const blocked = (l: Loc) => henry !== null && (henry === l || ORTHO_NEIGHBOURS[henry]!.includes(l));
  // R15: the extra move needs a visited location that can still take a step token
  const marked = new Set<Loc>([...v.stepTokens.map((t) => t.at), ...v.confirmed.map((c) => c.at)]);
  const markable = sec.path.some((l) => !marked.has(l));
  let later: Action | null = null;
  for (const a of legal) {
    if (a.type !== 'moveImmortal' && a.type !== 'extraImmortalMove') continue;
    const at = v.immortals.map((l) => (l === a.from ? a.to : l));
    const won = v.immortalCards.filter((f) => at.filter((l) => hasFeature(l, f) && !blocked(l)).length >= 2);
    if (won.length >= need) return a;
    if (later) continue;
    const moves =
      a.type === 'moveImmortal' ? (!v.turn.extraDone && markable ? 1 : 0) : v.turn.immortalMoves === 0 ? 1 : 0;
    const cards: FeatureId[] = v.immortalCards.filter((f) => !won.includes(f));
    if (immortalWinReachable({ immortals: at, cards, henry, mayhem: v.mayhem, need: need - won.length, moves }))
      later = a;
  }
  return later;
}
