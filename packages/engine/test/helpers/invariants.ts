// Invariants that must hold after every action of every game, and secrecy checks on views.
import {
  apply,
  DIAG_TWO,
  eventsFor,
  expectedSeats,
  FEATURES,
  type GameEvent,
  type GameState,
  hasFeature,
  legalActions,
  MODE_RULES,
  ORTHO_TWO,
  revealedRecruits,
  stepNeighbours,
  view,
  type Viewer,
  viewsOf,
} from '../../src/index.js';

export function agentViewers(s: GameState): Viewer[] {
  return [...Array.from({ length: s.agentSeats }, (_, i) => i + 1), 'spectator'];
}

/** Contacts at time t recomputed from the path and the cards (R12), ignoring the engine's own tally. */
export function contactsRecomputed(s: GameState, t: number): number {
  const at = s.path[t - 1];
  if (at === undefined) return 0;
  return s.cards.filter((f, i) => hasFeature(at, f) && (s.exposedAt[i] === null || s.exposedAt[i]! >= t)).length;
}

function assert(cond: boolean, msg: () => string): void {
  if (!cond) throw new Error(`invariant broken at seq: ${msg()}`);
}

export function checkInvariants(s: GameState): void {
  const rules = MODE_RULES[s.mode];
  const at = () => `seq ${s.seq}, phase ${s.phase}, time ${s.time}`;
  // The path never revisits; consecutive locations are steps or mind slips (R15, R16).
  assert(new Set(s.path).size === s.path.length, () => `path revisits a location (${at()})`);
  const slipTimes = [s.firstMindSlipUsedAt, s.secondMindSlipUsedAt].filter((t) => t !== null);
  const slipTable = s.recruiterCard === 'carl' ? ORTHO_TWO : DIAG_TWO;
  for (let i = 1; i < s.path.length; i++) {
    const from = s.path[i - 1]!;
    const to = s.path[i]!;
    const time = i + 1;
    const isStep = stepNeighbours(from, s.mayhem).includes(to);
    const isSlip = time > 5 && slipTimes.includes(time) && slipTable[from]!.includes(to);
    assert(isStep || isSlip, () => `path ${from}->${to} at time ${time} is neither a step nor a mind slip (${at()})`);
  }
  // Time (R10, R14): the path holds one location per hour, plus this turn's if the action is taken.
  assert(s.time <= rules.finalTime, () => `time ${s.time} passed ${rules.finalTime}`);
  if (s.phase === 'recruiterTurn' || s.phase === 'agentsTurn' || s.phase === 'answerAsk')
    assert(s.path.length === s.time + (s.turn?.actionDone ? 1 : 0), () => `path length ${s.path.length} (${at()})`);
  // Recruits: every revealed number is the sum of the contacts it covers (R5, R11); the total adds immortal recruits (R13).
  for (let t = 1; t <= s.path.length; t++)
    assert(
      s.contacts[t] === contactsRecomputed(s, t),
      () => `contacts at ${t}: ${s.contacts[t]} != ${contactsRecomputed(s, t)}`,
    );
  let covered = 0;
  for (const r of s.revealed) {
    const times = r.time === 5 ? [1, 2, 3, 4, 5] : [r.time - 1, r.time];
    const sum = times.reduce((n, t) => n + (s.contacts[t] ?? 0), 0);
    assert(r.count === sum, () => `revealed ${r.count} at ${r.time}, contacts say ${sum}`);
    covered = Math.max(covered, r.time);
  }
  const sumCovered = s.contacts.slice(1, covered + 1).reduce((a, b) => a + b, 0);
  assert(revealedRecruits(s) === sumCovered + s.immortalRecruits.length, () => `revealed total ${revealedRecruits(s)}`);
  if (!s.result || s.result.reason !== 'recruits')
    assert(
      revealedRecruits(s) < rules.recruitsToWin,
      () => `${revealedRecruits(s)} recruits revealed but no recruits win (${at()})`,
    );
  // Step tokens lie on visited locations, one per location, never on a confirmed note (R22, R23).
  const tokenLocs = s.stepTokens.map((t) => t.at);
  assert(new Set(tokenLocs).size === tokenLocs.length, () => 'two step tokens on one location');
  for (const t of tokenLocs) {
    assert(s.path.includes(t), () => `step token on unvisited ${t}`);
    assert(!s.confirmed.some((c) => c.at === t), () => `step token on confirmed ${t}`);
  }
  for (const c of s.confirmed)
    assert(s.path.indexOf(c.at) + 1 === c.visitTime, () => `confirmed note ${c.at} has a wrong time`);
  // Immortals (R3, R7).
  assert(
    new Set(s.immortals).size === s.immortals.length,
    () => `two immortals share a location: ${s.immortals} (${at()})`,
  );
  if (s.mode === 'training') assert(s.immortals.length === 0, () => 'immortals in Training');
  // A finished game always has a reason (R33).
  if (s.phase === 'over')
    assert(
      ['capture', 'boxedIn', 'recruits', 'time', 'resign', 'timeout'].includes(s.result?.reason ?? ''),
      () => 'no reason',
    );
}

/**
 * Structural secrecy: no recruiter secrets, no `secret` in any log entry or event, while the game
 * runs. The whole log is checked on every `fullEvery`-th action, the new entries on every action.
 */
export function checkStructuralSecrecy(
  s: GameState,
  events: readonly GameEvent[],
  fullEvery = 10,
  allViewers = true,
): void {
  if (s.result) return;
  const full = s.seq % fullEvery === 0;
  const viewers = agentViewers(s);
  for (const v of viewers)
    for (const e of eventsFor(s, events, v)) assert(!('secret' in e), () => `event has a secret for ${v}`);
  // Without allViewers, one viewer per action in turn (every viewer still sees every event list).
  for (const v of allViewers || full ? viewers : [viewers[s.seq % viewers.length]!]) {
    const w = view(s, v);
    assert(w.recruiter === null, () => `view for ${v} has recruiter secrets`);
    const from = full ? 0 : w.log.length - events.length;
    for (let i = Math.max(0, from); i < w.log.length; i++)
      assert(!('secret' in w.log[i]!), () => `log entry ${i} has a secret for ${v}`);
    if (full) {
      const json = JSON.stringify(w);
      for (const word of ['secondMindSlipHeld', 'acquiredMindSlip', '"path"', '"cards"', '"contacts"'])
        assert(!json.includes(word), () => `${word} in the view for ${v}`);
    }
  }
}

/** `viewsOf` (the server's fan-out shares the public part) gives every viewer, the recruiter
 * included and after the end, exactly `view`, to the byte of its JSON. */
export function checkSharedViews(s: GameState): void {
  const views = viewsOf(s);
  for (const v of [0, ...agentViewers(s)] as Viewer[]) {
    const shared = JSON.stringify(views(v));
    const own = JSON.stringify(view(s, v));
    assert(shared === own, () => `viewsOf differs from view for ${v} at seq ${s.seq}`);
  }
}

/**
 * Content secrecy: apart from the public places where features are named (immortal cards,
 * exposed cards, asks, shakedown guesses, notes), an agent's view names no feature at all, and
 * names the recruiter cards only in the list of the two potential cards.
 */
export function checkContentSecrecy(s: GameState): void {
  if (s.result) return;
  const publicKinds = new Set([
    'asked',
    'askAnswered',
    'shakedown',
    'immortalCardsDrawn',
    'immortalRecruited',
    'noteChanged',
  ]);
  for (const v of agentViewers(s)) {
    const w = view(s, v);
    const rest = {
      ...w,
      immortalCards: null,
      immortalDiscards: null,
      exposed: null,
      notes: null,
      pendingAsk: null,
      potentialRecruiterCards: null,
      recruits: { ...w.recruits, immortal: null },
      log: w.log.filter((e) => !publicKinds.has(e.pub.kind)),
    };
    const json = JSON.stringify(rest);
    for (const f of FEATURES)
      if (json.includes(`"${f}"`)) throw new Error(`feature ${f} appears in a non-public part of the view for ${v}`);
    assert(!/"(carl|girl)"/.test(json), () => `a recruiter card is named in the view for ${v}`);
  }
}

/**
 * Mutation secrecy: a state with different hidden facts (path, cards, recruiter card, held 2nd
 * token, contacts, secret event details) must give every agent seat and spectators the same view.
 */
export function mutateHidden(s: GameState): GameState {
  const others = FEATURES.filter(
    (f) => !s.cards.includes(f) && !s.immortalCards.includes(f) && !s.immortalDiscards.includes(f),
  );
  let k = 0;
  const cards = s.cards.map((f, i) => (s.exposedAt[i] === null ? (others[k++] ?? f) : f));
  return {
    ...structuredClone({ ...s, history: [] }),
    path: s.path.map((l) => (l + 7) % 42),
    cards,
    recruiterCard: s.recruiterCard === 'carl' ? 'girl' : s.recruiterCard === 'girl' ? 'carl' : null,
    secondMindSlipHeld: !s.secondMindSlipHeld,
    contacts: s.contacts.map((c) => c + 1),
    deck: [...s.deck].reverse(),
    history: s.history.map((e) => ({
      pub: e.pub,
      secret: { to: 41, contacts: 9, cards: ['pool'], card: 'girl', acquiredMindSlip: true },
    })),
  };
}

export function checkMutationSecrecy(s: GameState): void {
  if (s.result) return;
  // Views for the recruiter read askCandidates on a pending ask; agents must not depend on it.
  const m = mutateHidden(s);
  for (const v of agentViewers(s))
    assert(
      JSON.stringify(view(m, v)) === JSON.stringify(view(s, v)),
      () => `the view for ${v} changes with hidden facts (seq ${s.seq})`,
    );
}

/** Every action legalActions lists for every expected seat is accepted by apply (R20: lists are complete and sound). */
export function checkLegalActionsAccepted(s: GameState): number {
  let n = 0;
  for (const seat of expectedSeats(s)) {
    for (const a of legalActions(s, seat)) {
      const r = apply(s, a);
      if (!r.ok) throw new Error(`legalActions listed ${JSON.stringify(a)} but apply said ${r.code}: ${r.message}`);
      n++;
    }
  }
  return n;
}
