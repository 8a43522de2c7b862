// The expert recruiter's start and last hidden setup step, chosen against what the agents can know.
// Where the recruiter stands when the agents place their pawns decides the opening: the agents
// place them by their belief of its location (public facts only: the setup's revealed recruit
// count), so a start or last setup step that leaves it where that belief is thin puts the agents
// far from it. In Scotland Yard the start alone moved the hider's share from 6% to 27% (Nijssen and
// Winands 2012). The recruiter knows everything here but the deck order, so it rebuilds its game
// (own-state.ts), makes a candidate move, lets the hard recruiter finish its setup and place the
// immortals, and lets the hard agents (which see only the agents' view) place their pawns and the
// mind slip token; a candidate is scored by how far the placed agents stand from it (the start:
// from the start itself, as the setup steps wander from it by at most four).
import { type Action, apply, type GameState, info, LOCATION_COUNT, type Seat, view, type View } from '@mindmgmt/engine';
import { AgentBot } from '../agents.js';
import { RecruiterBot } from '../recruiter.js';
import { canSurvive, geoFor, type Geo } from '../geo.js';
import type { BotRng } from '../types.js';
import { ownState } from './own-state.js';
import { decider } from './lookahead.js';
import { deckPool, shuffle } from './world.js';

export const SETUP_LOOKAHEAD = {
  /** Whether the expert recruiter chooses its start and last setup step by the agents' placement. */
  on: true,
  /** Start locations simulated (drawn among those the hard recruiter rates best). */
  starts: 8,
  /** Budget the simulated bots decide with (the agents' sampled belief alone, as in lookahead.ts). */
  budgetMs: 100,
  /** Cap on simulated decisions until the first recruiter turn. */
  maxDecisions: 60,
  /** Distances are counted up to this (farther agents are all "far"). */
  far: 6,
};

/**
 * The start or last setup step to play instead of the prior's, or null (not a decision this
 * covers, or no simulation finished). `timeUp` is absent in iteration mode (deterministic).
 */
export function setupChoice(
  v: View,
  legal: readonly Action[],
  rng: BotRng,
  priorMove: Action,
  timeUp?: () => boolean,
): Action | null {
  if (!SETUP_LOOKAHEAD.on || !v.recruiter || v.mode !== 'full') return null;
  const g = geoFor(v.mayhem);
  let cands: Action[];
  if (v.phase === 'start') {
    const rated = legal.filter(
      (a) => a.type === 'chooseStart' && startRating(a.at) === startRating(priorAt(priorMove)),
    );
    cands = shuffle(rated.slice(), rng).slice(0, SETUP_LOOKAHEAD.starts);
    if (!cands.includes(priorMove)) cands[0] = priorMove;
  } else if (v.phase === 'setupSteps' && v.recruiter.path.length === 4) {
    const live = new Set(v.recruiter.cards.map((c) => c.feature));
    const contacts = (l: number) => contactsOf(l, live);
    const least = priorMove.type === 'step' ? contacts(priorMove.to) : 0;
    cands = legal.filter((a) => a.type === 'step' && contacts(a.to) >= least && survivesSetup(v, g, a.to));
    if (!cands.includes(priorMove)) cands.push(priorMove);
  } else return null;
  if (cands.length <= 1) return null;
  const deck = shuffle(
    deckPool(
      v,
      v.recruiter.cards.map((c) => c.feature),
    ),
    rng,
  ).slice(0, v.deckCount);
  const base = ownState(v, deck);
  if (!base) return null;
  // The agents place by their belief, which public facts alone feed: for the last setup step the
  // revealed count (one simulation per count the candidates give), for the start nothing yet that
  // depends on it (one simulation, the prior's start, for all).
  const byCount = new Map<number, readonly number[] | null>();
  const live = new Set(v.recruiter.cards.map((c) => c.feature));
  const setupCount = (v.recruiter.path.reduce((n, l) => n + contactsOf(l, live), 0) as number) | 0;
  let best: Action | null = null;
  let bestScore = -Infinity;
  for (const a of cands) {
    if (timeUp?.()) break;
    const at = a.type === 'chooseStart' ? a.at : a.type === 'step' ? a.to : -1;
    if (at < 0) continue;
    const key = a.type === 'step' ? setupCount + contactsOf(a.to, live) : -1;
    if (!byCount.has(key)) {
      const s = placed(base, key === -1 ? priorMove : a, rng, timeUp);
      byCount.set(key, s ? s.agents.filter((x): x is number => x !== null) : null);
    }
    const agents = byCount.get(key);
    if (!agents?.length) continue;
    const d = agents.map((x) => Math.min(SETUP_LOOKAHEAD.far, g.dist[x]![at]!));
    // the nearest agent first, then the others; the prior's move wins ties
    const score = 4 * Math.min(...d) + d.reduce((n, x) => n + x, 0) + (a === priorMove ? 0.5 : 0);
    if (score > bestScore) {
      bestScore = score;
      best = a;
    }
  }
  return best;
}

function contactsOf(l: number, live: ReadonlySet<string>): number {
  return info(l).features.filter((f) => live.has(f)).length;
}

function priorAt(a: Action): number {
  return a.type === 'chooseStart' ? a.at : -1;
}

/** The hard recruiter's rating of a start (recruiter.ts: inside, not a temple). */
function startRating(l: number): number {
  if (l < 0) return NaN;
  const i = info(l);
  return (i.edge ? 0 : 1) + (i.temple ? -0.5 : 0);
}

/** A walk to the final hour still exists after this last setup step (the prior's test, slips not counted). */
function survivesSetup(v: View, g: Geo, to: number): boolean {
  const visited = new Uint8Array(LOCATION_COUNT);
  for (const l of v.recruiter!.path) visited[l] = 1;
  visited[to] = 1;
  return canSurvive(g, to, visited, v.finalTime - 5, 0, null);
}

/** The game after `a`, the rest of the setup and the agents' placement (null: no answer). */
function placed(base: GameState, a: Action, rng: BotRng, timeUp?: () => boolean): GameState | null {
  const first = apply(base, a);
  if (!first.ok) return null;
  let s = first.state;
  const recruiter = new RecruiterBot('hard');
  const agents = new Map<Seat, AgentBot>();
  for (let d = 0; d < SETUP_LOOKAHEAD.maxDecisions; d++) {
    if (s.result) return null;
    if (s.phase === 'recruiterTurn' || s.phase === 'agentsTurn') return s;
    if (timeUp?.()) return null;
    const next = decider(s);
    if (!next) return null;
    const { seat, legal } = next;
    let bot: RecruiterBot | AgentBot = recruiter;
    if (seat !== 0) {
      let ab = agents.get(seat);
      if (!ab) {
        // iteration mode: the simulated agents' work is fixed by counts, never cut by the clock
        ab = new AgentBot('hard', { cutoffMs: timeUp ? undefined : Infinity, learnsFromMisses: false });
        agents.set(seat, ab);
      }
      bot = ab;
    }
    const r = apply(s, bot.decide(view(s, seat), legal, rng, SETUP_LOOKAHEAD.budgetMs));
    if (!r.ok) return null;
    s = r.state;
  }
  return null;
}
