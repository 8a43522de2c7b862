// The recruiter's turn (R15-R19) and the recruiter's answer to an ask (R22, R29, D2).
import { immortalNeighbours, isLoc, label } from '../board/board.js';
import { err, type GameError } from '../model/errors.js';
import { RECRUITER_SEAT, type Seat } from '../model/pieces.js';
import type { GameState } from '../model/state.js';
import { askCandidates, contactsAt, heldMindSlips, markable, slipLandings } from './queries.js';
import { needPhase, type Rule, type Sink } from './rule.js';
import { runSetupStep } from './setup.js';
import { checkStepTo, stepCandidates } from './steps.js';
import { afterAgentAction, checkBoxedIn, endRecruiterTurn, immortalRecruiting } from './turns.js';

function recruiterOnly(seat: Seat): GameError | null {
  return seat === RECRUITER_SEAT ? null : err('not_your_turn', null, 'Only the recruiter does this.');
}

function needAction(s: GameState): GameError | null {
  if (s.turn?.actionDone) return err('already_done', 'R15', 'You have already taken your action this turn.');
  return null;
}

function badLoc(l: unknown): GameError | null {
  return isLoc(l) ? null : err('bad_location', `There is no location ${String(l)}.`);
}

/** D3: the turn ends by itself once the action is taken and no immortal move is left. */
function maybeAutoEnd(s: GameState, out: Sink): void {
  if (s.phase !== 'recruiterTurn' || !s.turn?.actionDone) return;
  if (s.mode === 'training' || s.turn.extraDone) endRecruiterTurn(s, out);
}

function arrive(s: GameState, to: number, out: Sink, slip: { token: 1 | 2; tokenAt: number | null } | null): void {
  s.path.push(to);
  const time = s.time + 1;
  s.contacts[time] = contactsAt(s, to); // R12
  // R18: the 2nd token is acquired silently by arriving on it.
  const acquired = s.secondMindSlipAt === to && !s.secondMindSlipHeld && s.secondMindSlipUsedAt === null;
  if (acquired) s.secondMindSlipHeld = true;
  const secret = { to, contacts: s.contacts[time]!, ...(acquired ? { acquiredMindSlip: true } : {}) };
  if (slip) out.emit({ kind: 'mindSlipUsed', time, token: slip.token, tokenAt: slip.tokenAt }, secret);
  else out.emit({ kind: 'recruiterStepped', time }, secret);
  s.turn!.actionDone = true;
}

// R15 step / R5 hidden setup steps
export const step: Rule<'step'> = {
  check(s, a) {
    const e = needPhase(s, 'setupSteps', 'recruiterTurn') ?? recruiterOnly(a.seat) ?? badLoc(a.to);
    if (e) return e;
    if (s.phase === 'recruiterTurn') {
      const ne = needAction(s);
      if (ne) return ne;
    }
    return checkStepTo(s, a.to);
  },
  run(s, a, out) {
    if (s.phase === 'setupSteps') return runSetupStep(s, a.to, out);
    arrive(s, a.to, out, null);
    maybeAutoEnd(s, out);
  },
  candidates(s, seat) {
    return stepCandidates(s).map((to) => ({ type: 'step', seat, to }));
  },
};

// R16, R18
export const mindSlip: Rule<'mindSlip'> = {
  check(s, a) {
    const e = needPhase(s, 'recruiterTurn') ?? recruiterOnly(a.seat) ?? needAction(s) ?? badLoc(a.to);
    if (e) return e;
    if (a.token !== 1 && a.token !== 2) return err('malformed', 'The mind slip token is 1 or 2.');
    if (!heldMindSlips(s).includes(a.token))
      return err(
        'no_token',
        a.token === 1 ? 'R16' : 'R18',
        a.token === 1 ? 'Your mind slip token is already used.' : 'You do not hold the 2nd mind slip token.',
      );
    if (!slipLandings(s).includes(a.to))
      return err(
        'not_allowed',
        'R16',
        `${label(a.to)} is not a mind slip landing: exactly two locations in a straight line as your recruiter card says, on a location not yet visited.`,
        { v: 'mindSlip', loc: label(a.to) },
      );
    return null;
  },
  run(s, a, out) {
    const time = s.time + 1;
    let tokenAt: number | null = null;
    if (a.token === 1) s.firstMindSlipUsedAt = time;
    else {
      s.secondMindSlipHeld = false;
      s.secondMindSlipUsedAt = time;
      tokenAt = s.secondMindSlipAt;
      s.secondMindSlipAt = null;
    }
    arrive(s, a.to, out, { token: a.token, tokenAt });
    maybeAutoEnd(s, out);
  },
  candidates(s, seat) {
    return heldMindSlips(s).flatMap((token) =>
      slipLandings(s).map((to) => ({ type: 'mindSlip' as const, seat, to, token })),
    );
  },
};

function checkImmortalMove(s: GameState, from: number, to: number): GameError | null {
  const e = badLoc(from) ?? badLoc(to);
  if (e) return e;
  if (!s.immortals.includes(from))
    return err('not_here', null, `There is no immortal on ${label(from)}.`, { v: 'immortal', loc: label(from) });
  if (s.immortals.includes(to))
    return err('occupied', 'R3', `Another immortal is on ${label(to)}.`, { v: 'immortal', loc: label(to) });
  if (!immortalNeighbours(from, s.mayhem).includes(to)) {
    return immortalNeighbours(from, []).includes(to)
      ? err('blocked_by_mayhem', 'R3', `Mayhem blocks the immortal from ${label(from)} to ${label(to)}.`, {
          v: 'immortal',
          from: label(from),
          to: label(to),
        })
      : err(
          'not_adjacent',
          'R3',
          `An immortal moves one location in any direction; ${label(to)} is not next to ${label(from)}.`,
          { v: 'immortal', from: label(from), to: label(to) },
        );
  }
  return null;
}

export function moveImmortalOn(s: GameState, from: number, to: number): void {
  s.immortals[s.immortals.indexOf(from)] = to;
}

function immortalMoves(s: GameState): { from: number; to: number }[] {
  return s.immortals.flatMap((from) => immortalNeighbours(from, []).map((to) => ({ from, to })));
}

function needFull(s: GameState): GameError | null {
  return s.mode === 'full' ? null : err('not_in_mode', 'There are no immortals in the Training Mission.');
}

// R15 (immortal move), R3, R19
export const moveImmortal: Rule<'moveImmortal'> = {
  check(s, a) {
    const e = needPhase(s, 'recruiterTurn') ?? recruiterOnly(a.seat) ?? needFull(s);
    if (e) return e;
    if (s.turn!.immortalMoves > 0)
      return err(
        'already_done',
        'R15',
        'You have already moved an immortal this turn; the extra move costs a step token.',
      );
    return checkImmortalMove(s, a.from, a.to);
  },
  run(s, a, out) {
    moveImmortalOn(s, a.from, a.to);
    s.turn!.immortalMoves += 1;
    out.emit({ kind: 'immortalMoved', from: a.from, to: a.to, stepToken: null });
    immortalRecruiting(s, out);
    checkBoxedIn(s, out); // R37
    if (!s.result) maybeAutoEnd(s, out);
  },
  candidates(s, seat) {
    return immortalMoves(s).map(({ from, to }) => ({ type: 'moveImmortal', seat, from, to }));
  },
};

// R15 (extra immortal move paid with a step token)
export const extraImmortalMove: Rule<'extraImmortalMove'> = {
  check(s, a) {
    const e = needPhase(s, 'recruiterTurn') ?? recruiterOnly(a.seat) ?? needFull(s) ?? badLoc(a.stepToken);
    if (e) return e;
    if (s.turn!.immortalMoves === 0)
      return err('must_act', 'R15', 'The extra immortal move comes after your first immortal move.');
    if (s.turn!.extraDone) return err('already_done', 'R15', 'Only one extra immortal move per turn.');
    if (!markable(s, a.stepToken))
      return err(
        'not_allowed',
        'R15',
        `The step token must go on a location you have visited that has no step token and no confirmed note; ${label(a.stepToken)} is not one.`,
      );
    return checkImmortalMove(s, a.from, a.to);
  },
  run(s, a, out) {
    s.stepTokens.push({ at: a.stepToken, time: s.time + 1, source: 'extraMove' });
    moveImmortalOn(s, a.from, a.to);
    s.turn!.immortalMoves += 1;
    s.turn!.extraDone = true;
    out.emit({ kind: 'immortalMoved', from: a.from, to: a.to, stepToken: a.stepToken });
    immortalRecruiting(s, out);
    checkBoxedIn(s, out); // R37
    if (!s.result) maybeAutoEnd(s, out);
  },
  candidates(s, seat) {
    const marks = s.path.filter((l) => markable(s, l));
    return marks.flatMap((stepToken) =>
      immortalMoves(s).map(({ from, to }) => ({ type: 'extraImmortalMove' as const, seat, stepToken, from, to })),
    );
  },
};

// R15, D3
export const endTurn: Rule<'endTurn'> = {
  check(s, a) {
    const e = needPhase(s, 'recruiterTurn') ?? recruiterOnly(a.seat);
    if (e) return e;
    if (!s.turn!.actionDone)
      return err('must_act', 'R15', 'Take your action (a step or a mind slip) before ending the turn.');
    return null;
  },
  run(s, _a, out) {
    endRecruiterTurn(s, out);
  },
  candidates(_s, seat) {
    return [{ type: 'endTurn', seat }];
  },
};

// R22, D2: the recruiter always answers; "cannot place" (null) only when nothing can take a token.
export const answerAsk: Rule<'answerAsk'> = {
  check(s, a) {
    const e = needPhase(s, 'answerAsk') ?? recruiterOnly(a.seat);
    if (e) return e;
    const options = askCandidates(s, s.pendingAsk!.feature);
    if (a.at === null) {
      return options.length === 0
        ? null
        : err(
            'bad_answer',
            `You have visited a location with this feature that can take a step token (${options.map(label).join(', ')}): you must place it.`,
            { v: 'mustPlace', locs: options.map(label).join(', ') },
          );
    }
    const bl = badLoc(a.at);
    if (bl) return bl;
    if (!options.includes(a.at))
      return err(
        'bad_answer',
        `The step token must go on a location you visited with that feature and no step token or confirmed note: ${options.length ? options.map(label).join(', ') : 'none, so answer "cannot place"'}.`,
        options.length ? { v: 'options', locs: options.map(label).join(', ') } : { v: 'none' },
      );
    return null;
  },
  run(s, a, out) {
    const ask = s.pendingAsk!;
    s.pendingAsk = null;
    const at = a.at === null ? [] : [a.at];
    for (const l of at) s.stepTokens.push({ at: l, time: s.time, source: 'ask' });
    out.emit({ kind: 'askAnswered', feature: ask.feature, at, time: s.time });
    s.phase = 'agentsTurn';
    afterAgentAction(s, out);
  },
  candidates(s, seat) {
    if (s.phase !== 'answerAsk' || !s.pendingAsk) return [];
    const options = askCandidates(s, s.pendingAsk.feature);
    return options.length
      ? options.map((at) => ({ type: 'answerAsk' as const, seat, at }))
      : [{ type: 'answerAsk', seat, at: null }];
  },
};
