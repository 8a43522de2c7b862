// The analysis of a finished game: replays its record and reports, for every agent
// activation and every recruiter turn, what the exact deduction knew and what the expert bots would
// have done, the three moments that changed the game most, and the chart's series.
//
// Pure and clock-free (no I/O, no Date, no performance.now in what it decides): the server runs it
// on a bot worker and the browser in its worker on the same record with the same result. The
// expert runs in iteration mode (a fixed number of playouts), seeded from the game id, so the same
// game always gets the same analysis.
import {
  type Action,
  AGENTS,
  type AgentId,
  actionFromRecord,
  actionToRecord,
  applyLogged,
  type GameRecord,
  type GameState,
  gameFromRecord,
  label,
  legalActions,
  type Loc,
  replay,
  rngFrom,
  type Seat,
  standingActions,
  view,
} from '@mindmgmt/engine';
import { type Belief, Deduction } from '../deduction/index.js';
import { ExpertBot } from '../bots/expert/index.js';
import { type EndedIn, pickMoments } from './moments.js';
import {
  ANALYSIS_LIMITS,
  ANALYSIS_VERSION,
  type ActivationRow,
  type AnalysisOptions,
  type ExpertAgents,
  type ExpertRecruiter,
  type GameAnalysis,
  type RecordedAction,
  type RecruiterTurnRow,
  type SeriesPoint,
} from './types.js';

/** A thrown analysis failure (a record that does not replay, or a game not over). */
export class AnalysisError extends Error {
  constructor(
    readonly code: 'bad_record' | 'not_over',
    message: string,
  ) {
    super(message);
    this.name = 'AnalysisError';
  }
}

/** FNV-1a of the game id: the analysis's seed (the same game, the same analysis). */
export function analysisSeed(gameId: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < gameId.length; i++) {
    h ^= gameId.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A budget the expert's safety deadlines never reach: in iteration mode only playouts count. */
const NO_CLOCK_MS = 600_000;

/** Analyses a finished game's record. Throws AnalysisError if it does not replay or is not over. */
export function analyseGame(record: GameRecord, o: AnalysisOptions): GameAnalysis {
  const checked = replay(record);
  if (!checked.ok) throw new AnalysisError('bad_record', `action ${checked.index}: ${checked.message}`);
  if (!checked.state.result) throw new AnalysisError('not_over', 'The game is not over.');
  const playouts = Math.max(1, Math.min(o.playouts ?? ANALYSIS_LIMITS.playouts, ANALYSIS_LIMITS.maxPlayouts));
  const cap = Math.max(
    0,
    Math.min(o.maxExpertDecisions ?? ANALYSIS_LIMITS.expertDecisions, ANALYSIS_LIMITS.expertDecisions),
  );
  const seed = analysisSeed(o.gameId);
  const expert = {
    agents: new ExpertBot('agents', { iterations: playouts, worlds: ANALYSIS_LIMITS.worlds }),
    recruiter: new ExpertBot('recruiter', { iterations: playouts, worlds: ANALYSIS_LIMITS.worlds }),
  };
  let decisions = 0;
  let capped = false;
  const rngFor = () => rngFrom((seed + Math.imul(decisions, 0x9e3779b1)) >>> 0);

  const deduction = new Deduction();
  // the public log only grows: an unchanged length is an unchanged belief (the DP's belief is the
  // costly part in an open game, so it is not recomputed between the same facts)
  let known: { length: number; belief: Belief } | null = null;
  const belief = (s: GameState): Belief => {
    const v = view(s, 'spectator');
    if (known?.length !== v.log.length) known = { length: v.log.length, belief: deduction.update(v) };
    return known.belief;
  };
  const truth = (s: GameState): Loc | null => s.path[s.path.length - 1] ?? null;
  const share = (b: Belief, l: Loc): number => (b.histories > 0 ? b.weights[l]! / b.histories : 0);

  const activations: ActivationRow[] = [];
  const turns: RecruiterTurnRow[] = [];
  const series: SeriesPoint[] = [];
  let open: (ActivationRow & { actions: RecordedAction[] }) | null = null;
  let turn: (RecruiterTurnRow & { actions: RecordedAction[] }) | null = null;

  const point = (s: GameState, half: SeriesPoint['half']) => {
    const b = belief(s);
    const t = truth(s);
    series.push({
      time: s.time,
      half,
      possible: b.candidates,
      locations: b.possible.flatMap((p, l) => (p ? [label(l)] : [])),
      truth: t === null ? null : label(t),
    });
  };

  const askExpertAgents = (s: GameState, seat: Seat, agent: AgentId): ExpertAgents | null => {
    if (decisions >= cap) {
      capped = true;
      return null;
    }
    const legal = legalActions(s, seat);
    if (!legal.length) return null;
    const v = view(s, seat);
    const a = expert.agents.decide(v, legal, rngFor(), NO_CLOCK_MS);
    decisions++;
    const b = belief(s);
    const at = s.agents[AGENTS.indexOf(agent)] ?? null;
    const target = a.type === 'move' ? a.to : a.type === 'capture' ? at : null;
    return {
      action: actionToRecord(a),
      captureChance: target === null ? null : share(b, target),
      winEstimate: searchEstimate(expert.agents),
    };
  };

  const askExpertRecruiter = (s: GameState): ExpertRecruiter | null => {
    if (decisions >= cap) {
      capped = true;
      return null;
    }
    const legal = legalActions(s, 0);
    if (!legal.length) return null;
    const a = expert.recruiter.decide(view(s, 0), legal, rngFor(), NO_CLOCK_MS);
    decisions++;
    const row = expert.recruiter.lastPlan?.rows.find((r) => r.move === a);
    return {
      action: actionToRecord(a),
      winEstimate: searchEstimate(expert.recruiter),
      escapes: row ? 1 - row.risk : null,
    };
  };

  let s = gameFromRecord(record);
  let lastHalf: 'recruiter' | 'agents' | null = null;
  /** The row whose action ended the game (none for a resignation or a timeout). */
  let ended: EndedIn | null = null;
  // the game as played (D12): an action taken back and its undo are not replayed, so they are in
  // no row; the states are the same without them
  const stands = standingActions(record.actions);
  for (let i = 0; i < record.actions.length; i++) {
    if (!stands[i]) continue;
    const a = actionFromRecord(record.actions[i]) as Action;
    const before = s;
    const main = s.phase === 'recruiterTurn' || s.phase === 'agentsTurn' || s.phase === 'answerAsk';

    if (main && a.type === 'activate') {
      const b = belief(s);
      open = {
        index: activations.length,
        at: i,
        time: s.time,
        agent: a.agent,
        seat: a.seat,
        before: b.candidates,
        after: b.candidates,
        actions: [],
        captureChance: null,
        expert: null,
      };
    }
    if (s.phase === 'recruiterTurn' && !turn) {
      turn = {
        index: turns.length,
        at: i,
        time: s.time,
        before: belief(s).candidates,
        exposure: 0,
        moved: null,
        actions: [],
        expert: null,
      };
    }
    if (turn && s.phase === 'recruiterTurn' && (a.type === 'step' || a.type === 'mindSlip')) {
      turn.expert = askExpertRecruiter(s);
      turn.moved = label(a.to);
    }
    if (open && a.type === 'capture') {
      const at = s.agents[AGENTS.indexOf(open.agent)];
      if (at !== null && at !== undefined) open.captureChance = share(belief(s), at);
    }

    const r = applyLogged(s, a);
    if (!r.ok) throw new AnalysisError('bad_record', `action ${i}: ${r.message}`);
    s = r.state;

    if (open) {
      if (a.type !== 'activate' && a.type !== 'endActivation') open.actions.push(actionToRecord(a));
      // the expert decides where the agent decided first: right after it was activated
      if (a.type === 'activate') open.expert = askExpertAgents(s, a.seat, a.agent);
    }
    if (turn && a.seat === 0 && before.phase === 'recruiterTurn') turn.actions.push(actionToRecord(a));

    if (s.result && !ended && s.result.reason !== 'resign' && s.result.reason !== 'timeout')
      ended = open ? { kind: 'activation', index: activations.length } : { kind: 'recruiterTurn', index: turns.length };
    if (open && !s.activation && s.phase !== 'answerAsk') {
      open.after = belief(s).candidates;
      activations.push(finishActivation(open));
      open = null;
    }
    if (turn && s.phase !== 'recruiterTurn') {
      turn.exposure = belief(s).candidates;
      turns.push(finishTurn(turn));
      turn = null;
    }
    // one point per half-turn: when the side to play changes (an ask's answer is inside the agents' half)
    const half = halfOf(s.phase);
    if (half !== lastHalf && lastHalf !== null) point(s, lastHalf);
    if (half !== 'setup' && lastHalf === null) point(s, 'setup');
    if (half !== 'setup') lastHalf = half === 'over' ? lastHalf : half;
    if (half === 'over') break;
  }
  if (open) activations.push(finishActivation({ ...open, after: belief(s).candidates }));
  if (turn) turns.push(finishTurn({ ...turn, exposure: belief(s).candidates }));

  const result = s.result!;
  return {
    version: ANALYSIS_VERSION,
    gameId: o.gameId,
    mode: s.mode,
    result,
    playouts,
    expertDecisions: decisions,
    capped,
    activations,
    turns,
    moments: pickMoments(activations, turns, ended),
    series,
  };
}

function halfOf(p: GameState['phase']): 'setup' | 'recruiter' | 'agents' | 'over' {
  if (p === 'recruiterTurn') return 'recruiter';
  if (p === 'agentsTurn' || p === 'answerAsk') return 'agents';
  return p === 'over' ? 'over' : 'setup';
}

function finishActivation(a: ActivationRow & { actions: RecordedAction[] }): ActivationRow {
  return { ...a };
}

function finishTurn(t: RecruiterTurnRow & { actions: RecordedAction[] }): RecruiterTurnRow {
  return { ...t };
}

/** The search's win estimate for the move it chose (the side's own chance), or null when no
 * search ran (one legal move, the hard bot's move kept outside the searched phases). */
function searchEstimate(bot: ExpertBot): number | null {
  const s = bot.lastSearch;
  const arm = s?.arms[s.chosen];
  return arm && arm.visits > 0 ? arm.wins / arm.visits : null;
}
