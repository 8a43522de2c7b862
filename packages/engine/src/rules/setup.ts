// Setup in the order of R5 (Full Game) and R31 (Training Mission).
import {
  ALL_EDGES,
  edgeOf,
  edgesTouch,
  FEATURES,
  type FeatureId,
  info,
  isLoc,
  isOrthoAdjacent,
  kingDistance,
  label,
  LOCATION_COUNT,
  sameEdge,
  TEMPLES,
} from '../board/board.js';
import { err, type GameError } from '../model/errors.js';
import {
  AGENT_NAMES,
  AGENTS,
  IMMORTAL_CARD_SLOTS,
  IMMORTAL_COUNT,
  MAYHEM_TOKENS,
  RECRUITER_CARDS,
  RECRUITER_FEATURE_CARDS,
  RECRUITER_SEAT,
  type RecruiterCardId,
  type Seat,
  SETUP_STEPS,
  SETUP_TIME,
} from '../model/pieces.js';
import type { GameOptions, GameState } from '../model/state.js';
import { randomInt, rngFrom, shuffled } from './random.js';
import { ALL_LOCS, contactsAt, legalSteps, recruitsToWin, revealedRecruits } from './queries.js';
import { finish, needPhase, type Rule, Sink } from './rule.js';
import { controls, isAgentSeat, mayhemSeat } from './seats.js';
import { startRecruiterTurn } from './turns.js';

export function validateOptions(o: GameOptions): GameError | null {
  if (o.mode !== 'full' && o.mode !== 'training') return err('malformed', 'Mode must be "full" or "training".');
  if (!Number.isInteger(o.agentSeats) || o.agentSeats < 1 || o.agentSeats > 4)
    return err('malformed', 'There must be 1 to 4 agent seats (R32).');
  const rc = o.recruiterCard ?? 'random';
  if (!['random', 'choose', ...RECRUITER_CARDS].includes(rc))
    return err('malformed', 'Recruiter card must be "carl", "girl", "random" or "choose".');
  if (o.deck !== undefined) {
    if (
      o.deck.length !== FEATURES.length ||
      new Set(o.deck).size !== FEATURES.length ||
      o.deck.some((f) => !FEATURES.includes(f))
    )
      return err('malformed', 'An explicit deck must list each of the 16 features once.');
  }
  return null;
}

/** A new game at the first step of setup. Throws only on invalid options (see validateOptions). */
export function newGame(options: GameOptions, seed: number): GameState {
  const bad = validateOptions(options);
  if (bad) throw new Error(bad.message);
  const rng = rngFrom(seed);
  const deck: FeatureId[] = options.deck ? [...options.deck] : shuffled(rng, FEATURES);
  const rule = options.recruiterCard ?? 'random';
  const card: RecruiterCardId | null =
    rule === 'random' ? RECRUITER_CARDS[randomInt(rng, 2)]! : rule === 'choose' ? null : rule;
  const s: GameState = {
    rulesVersion: 1,
    mode: options.mode,
    agentSeats: options.agentSeats,
    recruiterCardRule: rule,
    seed: seed >>> 0,
    initialDeck: [...deck],
    phase: 'mayhem',
    seq: 0,
    time: 0,
    mayhem: [],
    recruiterCard: card,
    deck,
    cards: [],
    exposedAt: [],
    path: [],
    contacts: Array.from({ length: 17 }, () => 0),
    revealed: [],
    immortalRecruits: [],
    firstMindSlipUsedAt: null,
    secondMindSlipAt: null,
    secondMindSlipHeld: false,
    secondMindSlipUsedAt: null,
    immortals: [],
    agents: AGENTS.map(() => null),
    activated: AGENTS.map(() => false),
    immortalCards: [],
    immortalDiscards: [],
    stepTokens: [],
    confirmed: [],
    allyUsed: false,
    turn: null,
    activation: null,
    activationsThisHalf: 0,
    pendingAsk: null,
    history: [],
    result: null,
  };
  const out = new Sink(s);
  if (card) out.emit({ kind: 'recruiterCardChosen' }, { card });
  s.phase = s.mode === 'full' ? 'mayhem' : afterMayhem(s);
  return s;
}

function afterMayhem(s: GameState): 'recruiterCard' | 'start' {
  return s.recruiterCard === null ? 'recruiterCard' : 'start';
}

function needSeat(seat: Seat, who: Seat): GameError | null {
  return seat === who ? null : err('not_your_turn', null, 'Another seat is expected to act now.', {});
}

function needRecruiter(seat: Seat): GameError | null {
  return seat === RECRUITER_SEAT ? null : err('not_your_turn', null, 'Only the recruiter does this.');
}

function badLoc(l: unknown): GameError | null {
  return isLoc(l) ? null : err('bad_location', `There is no location ${String(l)} (0..${LOCATION_COUNT - 1}).`);
}

// R4, R5
export const placeMayhem: Rule<'placeMayhem'> = {
  check(s, a) {
    const e = needPhase(s, 'mayhem') ?? needSeat(a.seat, mayhemSeat(s));
    if (e) return e;
    const [x, y] = a.between;
    const bl = badLoc(x) ?? badLoc(y);
    if (bl) return bl;
    if (!isOrthoAdjacent(x, y))
      return err(
        'not_adjacent',
        'R4',
        `Mayhem goes on the edge between two orthogonal neighbours; ${label(x)} and ${label(y)} are not.`,
      );
    const edge = edgeOf(x, y);
    if (s.mayhem.some((m) => sameEdge(m, edge)))
      return err('occupied', null, 'A mayhem token already lies on that edge.');
    if (s.mayhem.some((m) => edgesTouch(m, edge)))
      return err('mayhem_touches', 'Mayhem tokens may not touch: this edge shares a corner with another token.');
    return null;
  },
  run(s, a, out) {
    s.mayhem.push(edgeOf(a.between[0], a.between[1]));
    out.emit({ kind: 'mayhemPlaced', seat: a.seat, between: edgeOf(a.between[0], a.between[1]) });
    if (s.mayhem.length === MAYHEM_TOKENS) s.phase = afterMayhem(s);
  },
  candidates(_s, seat) {
    return ALL_EDGES.map((between) => ({ type: 'placeMayhem', seat, between }));
  },
};

// D10
export const chooseRecruiterCard: Rule<'chooseRecruiterCard'> = {
  check(s, a) {
    const e = needPhase(s, 'recruiterCard') ?? needRecruiter(a.seat);
    if (e) return e;
    if (!RECRUITER_CARDS.includes(a.card)) return err('malformed', 'The recruiter card is "carl" or "girl".');
    return null;
  },
  run(s, a, out) {
    s.recruiterCard = a.card;
    out.emit({ kind: 'recruiterCardChosen' }, { card: a.card });
    s.phase = 'start';
  },
  candidates(_s, seat) {
    return RECRUITER_CARDS.map((card) => ({ type: 'chooseRecruiterCard', seat, card }));
  },
};

// R5, R6 (any location, temples included), R31 (Training start revealed)
export const chooseStart: Rule<'chooseStart'> = {
  check(s, a) {
    return needPhase(s, 'start') ?? needRecruiter(a.seat) ?? badLoc(a.at);
  },
  run(s, a, out) {
    s.path.push(a.at);
    s.time = 1;
    const training = s.mode === 'training';
    if (training) s.confirmed.push({ at: a.at, visitTime: 1 });
    out.emit({ kind: 'startChosen', at: training ? a.at : null }, { to: a.at });
    s.cards = s.deck.splice(0, RECRUITER_FEATURE_CARDS);
    s.exposedAt = s.cards.map(() => null);
    out.emit({ kind: 'featureCardsDrawn', count: s.cards.length }, { cards: [...s.cards] });
    s.contacts[1] = contactsAt(s, a.at);
    s.phase = 'setupSteps';
  },
  candidates(_s, seat) {
    return ALL_LOCS.map((at) => ({ type: 'chooseStart', seat, at }));
  },
};

/** The hidden setup steps (R5: times 2..5, step rules, no mind slip). */
export function runSetupStep(s: GameState, to: number, out: Sink): void {
  s.path.push(to);
  s.time = s.path.length;
  s.contacts[s.time] = contactsAt(s, to);
  out.emit({ kind: 'recruiterStepped', time: s.time }, { to, contacts: s.contacts[s.time]! });
  if (s.path.length < SETUP_STEPS + 1) {
    // D6: boxed in during the hidden steps loses as in R17.
    if (legalSteps(s).length === 0) finish(s, 'agents', 'boxedIn', out);
    return;
  }
  const count = s.contacts.slice(1, SETUP_TIME + 1).reduce((n, c) => n + c, 0);
  s.revealed.push({ time: SETUP_TIME, count });
  out.emit({ kind: 'setupRecruitsRevealed', count });
  if (revealedRecruits(s) >= recruitsToWin(s)) return finish(s, 'recruiter', 'recruits', out); // R13
  s.phase = s.mode === 'full' ? 'immortals' : 'agents';
}

// R7
export const placeImmortal: Rule<'placeImmortal'> = {
  check(s, a) {
    const e = needPhase(s, 'immortals') ?? needRecruiter(a.seat) ?? badLoc(a.at);
    if (e) return e;
    if (info(a.at).edge) return err('edge_location', 'Immortals may not start on the outside edge.');
    if (s.immortals.includes(a.at))
      return err('occupied', 'R7', 'Another immortal is already there.', { v: 'immortalStart' });
    return null;
  },
  run(s, a, out) {
    s.immortals.push(a.at);
    out.emit({ kind: 'immortalPlaced', at: a.at });
    if (s.immortals.length === IMMORTAL_COUNT) s.phase = 'agents';
  },
  candidates(_s, seat) {
    return ALL_LOCS.map((at) => ({ type: 'placeImmortal', seat, at }));
  },
};

// R8, R32
export const placeAgent: Rule<'placeAgent'> = {
  check(s, a) {
    const e = needPhase(s, 'agents');
    if (e) return e;
    if (!AGENTS.includes(a.agent)) return err('malformed', `There is no agent "${String(a.agent)}".`);
    if (!isAgentSeat(s, a.seat) || !controls(s.agentSeats, a.seat, a.agent))
      return err('not_controlled', `Your seat does not control ${AGENT_NAMES[a.agent]}.`);
    if (s.agents[AGENTS.indexOf(a.agent)] !== null)
      return err('already_done', null, `${AGENT_NAMES[a.agent]} is already placed.`);
    const bl = badLoc(a.at);
    if (bl) return bl;
    if (!info(a.at).edge) return err('not_edge', 'Agents start on the outside edge of the board.');
    return null;
  },
  run(s, a, out) {
    s.agents[AGENTS.indexOf(a.agent)] = a.at;
    out.emit({ kind: 'agentPlaced', agent: a.agent, at: a.at });
    if (s.agents.every((x) => x !== null)) {
      if (s.mode === 'full') s.phase = 'mindSlipToken';
      else startRecruiterTurn(s, out);
    }
  },
  candidates(_s, seat) {
    return AGENTS.flatMap((agent) => ALL_LOCS.map((at) => ({ type: 'placeAgent' as const, seat, agent, at })));
  },
};

// R9, then R5's last step: 2 immortal-recruiting cards face up.
export const placeMindSlip: Rule<'placeMindSlip'> = {
  check(s, a) {
    const e = needPhase(s, 'mindSlipToken');
    if (e) return e;
    if (!isAgentSeat(s, a.seat)) return err('not_your_turn', 'R5', 'The agents place the 2nd mind slip token.');
    const bl = badLoc(a.at);
    if (bl) return bl;
    if (!TEMPLES.some((t) => kingDistance(t, a.at) === 1))
      return err(
        'not_near_temple',
        'The 2nd mind slip token goes next to a temple, orthogonally or diagonally, not on it.',
      );
    return null;
  },
  run(s, a, out) {
    s.secondMindSlipAt = a.at;
    out.emit({ kind: 'mindSlipTokenPlaced', at: a.at });
    s.immortalCards = s.deck.splice(0, IMMORTAL_CARD_SLOTS);
    out.emit({ kind: 'immortalCardsDrawn', features: [...s.immortalCards] });
    startRecruiterTurn(s, out);
  },
  candidates(_s, seat) {
    return ALL_LOCS.map((at) => ({ type: 'placeMindSlip', seat, at }));
  },
};
