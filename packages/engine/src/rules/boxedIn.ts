// R37: when boxed in is declared. The recruiter with no action left may still make the turn's
// optional immortal moves (R15); the game ends at once only when none of them could bring the
// winning recruit (R19, R13). Everything here is public: immortals, face-up cards, Henry Lyme,
// mayhem, revealed recruits, and whether a visited location can still take a step token (the
// number of visited locations is the time, and every step token and confirmed note is public).
import {
  type Edge,
  type FeatureId,
  hasFeature,
  immortalNeighbours,
  type Loc,
  ORTHO_NEIGHBOURS,
} from '../board/board.js';
import type { GameState } from '../model/state.js';
import { agentAt, boxedIn, markable, recruitsToWin, revealedRecruits } from './queries.js';

/** The public position that decides whether immortal moves could still win this turn. */
export interface ImmortalWinInput {
  readonly immortals: readonly Loc[];
  /** The face-up immortal recruiting cards. */
  readonly cards: readonly FeatureId[];
  /** Henry Lyme's location when his ability is on (Full Game), else null. */
  readonly henry: Loc | null;
  readonly mayhem: readonly Edge[];
  /** Revealed recruits still missing for the win (R13). */
  readonly need: number;
  /** Immortal moves left this turn (R15): 0, 1 or 2. */
  readonly moves: number;
}

function blocked(henry: Loc | null, l: Loc): boolean {
  return henry !== null && (henry === l || ORTHO_NEIGHBOURS[henry]!.includes(l));
}

/** R19 after a move: the cards that recruit with the immortals on `at`. */
function recruiting(x: ImmortalWinInput, at: readonly Loc[]): FeatureId[] {
  return x.cards.filter((f) => at.filter((l) => hasFeature(l, f) && !blocked(x.henry, l)).length >= 2);
}

/** R37: could some sequence of the immortal moves left bring the revealed recruits to the win? */
export function immortalWinReachable(x: ImmortalWinInput): boolean {
  if (x.need <= 0) return true;
  if (x.moves <= 0 || x.need > x.cards.length) return false;
  for (let i = 0; i < x.immortals.length; i++) {
    const from = x.immortals[i]!;
    for (const to of immortalNeighbours(from, x.mayhem)) {
      if (x.immortals.includes(to)) continue;
      const at = x.immortals.map((l, k) => (k === i ? to : l));
      const won = recruiting(x, at);
      const cards = x.cards.filter((f) => !won.includes(f));
      if (immortalWinReachable({ ...x, immortals: at, cards, need: x.need - won.length, moves: x.moves - 1 }))
        return true;
    }
  }
  return false;
}

/** R15: immortal moves the recruiter may still make this turn (the extra one needs a markable location). */
function movesLeft(s: GameState): number {
  const t = s.turn;
  if (s.mode !== 'full' || !t) return 0;
  const extra = !t.extraDone && s.path.some((l) => markable(s, l)) ? 1 : 0;
  return t.immortalMoves === 0 ? 1 + extra : extra;
}

/** R37 (R17, D1): the recruiter has no action and no immortal move left could win first. */
export function declareBoxedIn(s: GameState): boolean {
  if (!boxedIn(s)) return false;
  return !immortalWinReachable({
    immortals: s.immortals,
    cards: s.immortalCards,
    henry: s.mode === 'full' ? agentAt(s, 'henry') : null,
    mayhem: s.mayhem,
    need: recruitsToWin(s) - revealedRecruits(s),
    moves: movesLeft(s),
  });
}
