// The agents' turn: activations (R20), movement (R21), the four actions (R22-R25), the agents'
// abilities (R26-R28, Full Game only) and the Black Ops Dolphin (R29).
import {
  crossOf,
  FEATURE_NAMES,
  FEATURES,
  type FeatureId,
  hasFeature,
  immortalNeighbours,
  info,
  isBlocked,
  isLoc,
  label,
  ORTHO_NEIGHBOURS,
  reachable,
} from '../board/board.js';
import { err, type GameError, type RuleOf } from '../model/errors.js';
import { AGENT_NAMES, AGENTS, type AgentId, type Seat } from '../model/pieces.js';
import type { GameState } from '../model/state.js';
import { agentAt, askCandidates, current, featureBlockedByImmortal, immortalAt, visitTime } from './queries.js';
import { moveImmortalOn } from './recruiter.js';
import { finish, needPhase, type Rule } from './rule.js';
import { agentsOfSeat, controls, isAgentSeat } from './seats.js';
import { afterAgentAction, endActivation as closeActivation, settleActivation } from './turns.js';

function inActivation(s: GameState, seat: Seat): GameError | null {
  const e = needPhase(s, 'agentsTurn');
  if (e) return e;
  if (!s.activation) return err('must_act', 'R20', 'Activate an agent first.');
  if (!isAgentSeat(s, seat) || !controls(s.agentSeats, seat, s.activation.agent))
    return err('not_controlled', `Your seat does not control ${AGENT_NAMES[s.activation.agent]}.`);
  return null;
}

function beforeAction(s: GameState, seat: Seat): GameError | null {
  const e = inActivation(s, seat);
  if (e) return e;
  if (s.activation!.actionDone)
    return err(
      'already_done',
      'R20',
      `${AGENT_NAMES[s.activation!.agent]} has already taken an action this activation.`,
    );
  return null;
}

function here(s: GameState): number {
  return agentAt(s, s.activation!.agent)!;
}

function noImmortalHere(s: GameState, what: string, rule: RuleOf<'immortal_here'>): GameError | null {
  return immortalAt(s, here(s))
    ? err('immortal_here', rule, `An immortal on ${label(here(s))} prevents ${what}.`)
    : null;
}

function needFull(s: GameState, what: string): GameError | null {
  return s.mode === 'full' ? null : err('not_in_mode', `${what} is not part of the Training Mission.`);
}

function needAgent(s: GameState, agent: AgentId): GameError | null {
  return s.activation!.agent === agent ? null : err('not_allowed', null, `Only ${AGENT_NAMES[agent]} can do this.`);
}

/** D5: anything but the push gives the push up. */
function dropPush(s: GameState): void {
  if (s.activation) s.activation.pushFrom = null;
}

function isFeatureId(f: unknown): f is FeatureId {
  return typeof f === 'string' && (FEATURES as readonly string[]).includes(f);
}

// R20
export const activate: Rule<'activate'> = {
  check(s, a) {
    const e = needPhase(s, 'agentsTurn');
    if (e) return e;
    if (!AGENTS.includes(a.agent)) return err('malformed', `There is no agent "${String(a.agent)}".`);
    if (s.activation)
      return err(
        'already_done',
        'R20',
        `${AGENT_NAMES[s.activation.agent]} is still active: end that activation first.`,
      );
    if (!isAgentSeat(s, a.seat) || !controls(s.agentSeats, a.seat, a.agent))
      return err('not_controlled', `Your seat does not control ${AGENT_NAMES[a.agent]}.`);
    if (s.activated[AGENTS.indexOf(a.agent)])
      return err('already_done', 'R20', `${AGENT_NAMES[a.agent]} has already been activated this round.`);
    return null;
  },
  run(s, a, out) {
    s.activated[AGENTS.indexOf(a.agent)] = true;
    s.activation = { agent: a.agent, moved: false, actionDone: false, freeUsed: false, pushFrom: null };
    out.emit({ kind: 'agentActivated', agent: a.agent });
  },
  candidates(s, seat) {
    return agentsOfSeat(s.agentSeats, seat).map((agent) => ({ type: 'activate', seat, agent }));
  },
};

// R20, R21
export const move: Rule<'move'> = {
  check(s, a) {
    const e = beforeAction(s, a.seat);
    if (e) return e;
    if (s.activation!.moved) return err('already_done', 'R20', 'This agent has already moved this activation.');
    if (!isLoc(a.to)) return err('bad_location', `There is no location ${String(a.to)}.`);
    if (!reachable(here(s), 2, s.mayhem).includes(a.to))
      return err(
        'not_adjacent',
        ['R20', 'R21'],
        `${label(a.to)} is not within 2 moves of ${label(here(s))}: orthogonal, diagonal only to or from a temple, never through mayhem.`,
        { v: 'agentMove', from: label(here(s)), to: label(a.to) },
      );
    return null;
  },
  run(s, a, out) {
    dropPush(s);
    const agent = s.activation!.agent;
    const from = here(s);
    s.agents[AGENTS.indexOf(agent)] = a.to;
    s.activation!.moved = true;
    out.emit({ kind: 'agentMoved', agent, from, to: a.to, by: agent });
  },
  candidates(s, seat) {
    if (!s.activation) return [];
    return reachable(here(s), 2, s.mayhem).map((to) => ({ type: 'move', seat, to }));
  },
};

// R22, R29
export const ask: Rule<'ask'> = {
  check(s, a) {
    const e = beforeAction(s, a.seat);
    if (e) return e;
    if (!isFeatureId(a.feature)) return err('malformed', `There is no feature "${String(a.feature)}".`);
    const at = here(s);
    if (!hasFeature(at, a.feature))
      return err(
        'not_here',
        'R22',
        `${label(at)} does not show ${FEATURE_NAMES[a.feature]}: ask about a feature of your location.`,
      );
    const ie = noImmortalHere(s, 'asking', 'R22');
    if (ie) return ie;
    if (featureBlockedByImmortal(s, a.feature))
      return err(
        'feature_blocked',
        `An immortal stands on a location with ${FEATURE_NAMES[a.feature]}, so nobody may ask about it.`,
        { feature: a.feature },
      );
    if (a.dolphin) {
      const fe = needFull(s, 'The Black Ops Dolphin');
      if (fe) return fe;
      if (s.allyUsed) return err('already_done', 'R29', 'The Black Ops Dolphin has already been used.');
    }
    return null;
  },
  run(s, a, out) {
    dropPush(s);
    const agent = s.activation!.agent;
    out.emit({ kind: 'asked', agent, feature: a.feature, dolphin: a.dolphin, time: s.time });
    if (a.dolphin) {
      s.allyUsed = true;
      const at = askCandidates(s, a.feature);
      for (const l of at) s.stepTokens.push({ at: l, time: s.time, source: 'dolphin' });
      out.emit({ kind: 'askAnswered', feature: a.feature, at, time: s.time });
      afterAgentAction(s, out);
      return;
    }
    s.pendingAsk = { agent, feature: a.feature };
    s.phase = 'answerAsk';
  },
  candidates(s, seat) {
    if (!s.activation) return [];
    const dolphins = s.mode === 'full' && !s.allyUsed ? [false, true] : [false];
    return info(here(s)).features.flatMap((feature) =>
      dolphins.map((dolphin) => ({ type: 'ask' as const, seat, feature, dolphin })),
    );
  },
};

// R23
export const reveal: Rule<'reveal'> = {
  check(s, a) {
    const e = beforeAction(s, a.seat);
    if (e) return e;
    if (!s.stepTokens.some((t) => t.at === here(s)))
      return err('no_token', 'R23', `There is no step token on ${label(here(s))}.`);
    return noImmortalHere(s, 'revealing', 'R23');
  },
  run(s, _a, out) {
    dropPush(s);
    const at = here(s);
    s.stepTokens = s.stepTokens.filter((t) => t.at !== at);
    const t = visitTime(s, at)!;
    s.confirmed.push({ at, visitTime: t });
    out.emit({ kind: 'revealed', at, visitTime: t });
    afterAgentAction(s, out);
  },
  candidates(_s, seat) {
    return [{ type: 'reveal', seat }];
  },
};

function pushTargets(s: GameState, from: number): number[] {
  return ORTHO_NEIGHBOURS[from]!.filter((n) => !isBlocked(s.mayhem, from, n) && !immortalAt(s, n));
}

// R24
export const shakedown: Rule<'shakedown'> = {
  check(s, a) {
    const e = beforeAction(s, a.seat) ?? needFull(s, 'Shakedown');
    if (e) return e;
    if (!isFeatureId(a.feature)) return err('malformed', `There is no feature "${String(a.feature)}".`);
    // R38: any feature may be named, an exposed one included (a sure miss).
    if (!immortalAt(s, here(s))) return err('not_here', 'R24', 'A shakedown needs an immortal on your location.');
    return null;
  },
  run(s, a, out) {
    const agent = s.activation!.agent;
    const i = s.cards.indexOf(a.feature);
    // R38: naming a card already exposed exposes nothing new: a miss.
    const hit = i >= 0 && s.exposedAt[i] === null;
    if (hit) s.exposedAt[i] = s.time;
    out.emit({ kind: 'shakedown', agent, feature: a.feature, hit, time: s.time });
    const at = here(s);
    s.activation!.pushFrom = pushTargets(s, at).length ? at : null;
    afterAgentAction(s, out);
  },
  candidates(_s, seat) {
    return FEATURES.map((feature) => ({ type: 'shakedown', seat, feature }));
  },
};

// R24 push, R3, D5
export const push: Rule<'push'> = {
  check(s, a) {
    const e = inActivation(s, a.seat);
    if (e) return e;
    const from = s.activation!.pushFrom;
    if (from === null) return err('not_allowed', 'R24', 'A push comes right after a shakedown.');
    if (!isLoc(a.to)) return err('bad_location', `There is no location ${String(a.to)}.`);
    if (!pushTargets(s, from).includes(a.to))
      return err(
        'not_allowed',
        ['R24', 'R3'],
        `The immortal can be pushed one location orthogonally, not through mayhem nor onto another immortal; ${label(a.to)} is not possible.`,
        { v: 'push', loc: label(a.to) },
      );
    return null;
  },
  run(s, a, out) {
    const from = s.activation!.pushFrom!;
    s.activation!.pushFrom = null;
    moveImmortalOn(s, from, a.to);
    out.emit({ kind: 'immortalPushed', agent: s.activation!.agent, from, to: a.to });
    settleActivation(s, out);
  },
  candidates(s, seat) {
    const from = s.activation?.pushFrom;
    return from === null || from === undefined ? [] : pushTargets(s, from).map((to) => ({ type: 'push', seat, to }));
  },
};

// R25
export const capture: Rule<'capture'> = {
  check(s, a) {
    return beforeAction(s, a.seat) ?? noImmortalHere(s, 'a capture', 'R25');
  },
  run(s, _a, out) {
    dropPush(s);
    const at = here(s);
    const hit = current(s) === at;
    out.emit({ kind: 'captureAttempted', agent: s.activation!.agent, at, hit, time: s.time });
    if (hit) return finish(s, 'agents', 'capture', out);
    afterAgentAction(s, out);
  },
  candidates(_s, seat) {
    return [{ type: 'capture', seat }];
  },
};

// R26
export const scan: Rule<'scan'> = {
  check(s, a) {
    const e = beforeAction(s, a.seat) ?? needFull(s, "Meru's ability");
    if (e) return e;
    return needAgent(s, 'meru') ?? noImmortalHere(s, "Meru's scan", 'R26');
  },
  run(s, _a, out) {
    dropPush(s);
    const at = here(s);
    const yes = crossOf(at).includes(current(s)!);
    out.emit({ kind: 'scanned', agent: 'meru', at, yes, time: s.time });
    afterAgentAction(s, out);
  },
  candidates(_s, seat) {
    return [{ type: 'scan', seat }];
  },
};

function freeReady(s: GameState, seat: Seat, agent: AgentId, name: string): GameError | null {
  const e = inActivation(s, seat) ?? needFull(s, name) ?? needAgent(s, agent);
  if (e) return e;
  return s.activation!.freeUsed ? err('already_done', null, `${name} is used once per activation.`) : null;
}

// R27
export const nudge: Rule<'nudge'> = {
  check(s, a) {
    const e = freeReady(s, a.seat, 'bill', "Bill Falls' ability");
    if (e) return e;
    if (!isLoc(a.from) || !isLoc(a.to)) return err('bad_location', 'Name two locations.');
    const bill = here(s);
    if (!immortalAt(s, a.from) || !ORTHO_NEIGHBOURS[bill]!.includes(a.from))
      return err(
        'not_allowed',
        'R27',
        `Bill Falls moves an immortal orthogonally next to him, not on his own location; there is none on ${label(a.from)}.`,
        { v: 'nudgeFrom', loc: label(a.from) },
      );
    if (!pushTargets(s, a.from).includes(a.to))
      return err(
        'not_allowed',
        ['R27', 'R3'],
        `That immortal can move one location orthogonally, not through mayhem nor onto another immortal; ${label(a.to)} is not possible.`,
        { v: 'push', loc: label(a.to) },
      );
    return null;
  },
  run(s, a, out) {
    dropPush(s);
    moveImmortalOn(s, a.from, a.to);
    s.activation!.freeUsed = true;
    out.emit({ kind: 'immortalPushed', agent: 'bill', from: a.from, to: a.to });
    settleActivation(s, out);
  },
  candidates(s, seat) {
    if (!s.activation) return [];
    const bill = agentAt(s, 'bill');
    if (bill === null) return [];
    return ORTHO_NEIGHBOURS[bill]!.filter((l) => immortalAt(s, l)).flatMap((from) =>
      immortalNeighbours(from, []).map((to) => ({ type: 'nudge' as const, seat, from, to })),
    );
  },
};

export function dustyRange(s: GameState): number {
  return 1 + s.exposedAt.filter((t) => t !== null).length;
}

// R28
export const dustyMove: Rule<'dustyMove'> = {
  check(s, a) {
    const e = freeReady(s, a.seat, 'dusty', "Dusty's ability");
    if (e) return e;
    if (!AGENTS.includes(a.agent)) return err('malformed', `There is no agent "${String(a.agent)}".`);
    if (!isLoc(a.to)) return err('bad_location', `There is no location ${String(a.to)}.`);
    const from = agentAt(s, a.agent)!;
    const range = dustyRange(s);
    if (!reachable(from, range, s.mayhem).includes(a.to))
      return err(
        'not_adjacent',
        'R28',
        `Dusty can move ${AGENT_NAMES[a.agent]} up to ${range} location(s) by agent movement rules; ${label(a.to)} is out of reach.`,
        { v: 'dusty', agent: a.agent, n: range, loc: label(a.to) },
      );
    return null;
  },
  run(s, a, out) {
    dropPush(s);
    const from = agentAt(s, a.agent)!;
    s.agents[AGENTS.indexOf(a.agent)] = a.to;
    s.activation!.freeUsed = true;
    out.emit({ kind: 'agentMoved', agent: a.agent, from, to: a.to, by: 'dusty' });
    settleActivation(s, out);
  },
  candidates(s, seat) {
    if (!s.activation) return [];
    const range = dustyRange(s);
    return AGENTS.flatMap((agent) =>
      reachable(agentAt(s, agent)!, range, s.mayhem).map((to) => ({ type: 'dustyMove' as const, seat, agent, to })),
    );
  },
};

// R20, D4
export const endActivation: Rule<'endActivation'> = {
  check(s, a) {
    return inActivation(s, a.seat);
  },
  run(s, _a, out) {
    dropPush(s);
    closeActivation(s, out);
  },
  candidates(_s, seat) {
    return [{ type: 'endActivation', seat }];
  },
};
