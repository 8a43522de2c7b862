// The agents' side: activations (R20), movement (R21), Ask/Reveal/Shakedown/Capture (R22-R25),
// the abilities (R26-R28, R35), the Black Ops Dolphin (R29), a shakedown on an exposed card (R38), and D2, D4, D5.
import { describe, expect, test } from 'vitest';
import { type Action, dustyRange, label, view } from '../src/index.js';
import { A, DEFAULT_MAYHEM, Game, L, R, type SetupOptions, setupFull, setupTraining } from './helpers/game.js';
import { compareTwin, fastTwin } from './helpers/twin.js';

// Recruiter path C4 D4 D3 D2 C2, then C1 at 06. Immortals B2 E2 B6 E6 (parrot, dogs, bus, tuktuk,
// umbrellas, idol, fountain are blocked for Ask). Agents Meru A3, Henry F3, Bill A5, Dusty F5.
// Recruiter cards: billboard, bookstore, bus; immortal cards: coffee, dogs.
const base = { start: 'C4', steps: ['D4', 'D3', 'D2', 'C2'] };
function agentTurn(o: Partial<SetupOptions> = {}): Game {
  const g = setupFull({ ...base, ...o });
  g.step('C1');
  expect(g.phase).toBe('agentsTurn');
  return g;
}
const act = (g: Game, agent: 'meru' | 'henry' | 'bill' | 'dusty') => g.do({ type: 'activate', seat: 1, agent });
const answerLocs = (g: Game) =>
  g
    .legal(0)
    .map((a) => (a.type === 'answerAsk' ? (a.at === null ? null : label(a.at)) : 'x'))
    .sort();

describe('activation and movement', () => {
  test('R20 an activation: activate first, move once (0-2 locations), then one action; after it no movement', () => {
    const g = setupFull(base);
    g.step('C3');
    expect(g.code(A.move('A4')(1))).toBe('must_act');
    act(g, 'bill');
    expect(g.code({ type: 'activate', seat: 1, agent: 'meru' })).toBe('already_done'); // Bill still active
    expect(g.code(A.move('A2')(1))).toBe('not_adjacent'); // 3 away
    g.do(A.move('A6')(1));
    expect(g.code(A.move('A7')(1))).toBe('already_done');
    g.do(A.capture()(1)); // miss
    expect(g.state.activation?.agent).toBe('bill'); // D4: Bill still has his free action
    expect(g.code(A.capture()(1))).toBe('already_done');
    expect(g.code(A.move('A5')(1))).toBe('already_done');
    g.do(A.end()(1));
    expect(g.code({ type: 'activate', seat: 1, agent: 'bill' })).toBe('already_done');
    g.idle('meru');
    expect(g.phase).toBe('recruiterTurn'); // two activations per half-round
    expect(g.code({ type: 'activate', seat: 1, agent: 'henry' })).toBe('not_your_turn');
    g.step('B3');
    expect(g.code({ type: 'activate', seat: 1, agent: 'meru' })).toBe('already_done');
    expect(g.code({ type: 'activate', seat: 1, agent: 'bill' })).toBe('already_done');
    g.idle('henry').idle('dusty');
    expect(g.allEvents.map((e) => e.pub)).toContainEqual({ kind: 'roundEnded', time: 7 });
    g.step('B4');
    expect(g.try({ type: 'activate', seat: 1, agent: 'bill' }).ok).toBe(true); // a new round
  });

  test('R21 agents pass through and stop on immortals and other agents; 2 locations at most', () => {
    const g = agentTurn({ agents: ['A2', 'F3', 'A5', 'F5'] });
    act(g, 'meru');
    expect(g.code(A.move('D2')(1))).toBe('not_adjacent'); // 3 away
    g.do(A.move('C2')(1)); // through the immortal on B2
    expect(g.state.agents[0]).toBe(L('C2'));
    const h = agentTurn({ agents: ['A2', 'F3', 'A3', 'F5'] });
    act(h, 'meru');
    h.do(A.move('B2')(1)); // stop on an immortal
    h.do(A.end()(1));
    act(h, 'bill');
    h.do(A.move('B2')(1)); // onto another agent
    expect(h.state.agents.slice(0, 3).map((l) => label(l!))).toEqual(['B2', 'F3', 'B2']);
  });
});

describe('ask', () => {
  test.each([
    ['a feature not at the location', 'A3', null, 'billboard', 'not_here'],
    ['a temple has no features', 'A3', 'C3', 'pool', 'not_here'],
    ['an immortal on the agent location', 'A3', 'B2', 'parrot', 'immortal_here'],
    ['a feature shown on a location holding an immortal (fountain on E6)', 'A2', null, 'fountain', 'feature_blocked'],
    ['a feature shown on a location holding an immortal (dogs on B2)', 'A3', 'B2', 'dogs', 'immortal_here'],
  ] as const)('R22 ask: not allowed for %s', (_name, start, moveTo, feature, code) => {
    const g = agentTurn({ agents: [start, 'F3', 'A5', 'F5'] });
    act(g, 'meru');
    if (moveTo) g.do(A.move(moveTo)(1));
    expect(g.code(A.ask(feature)(1))).toBe(code);
  });

  test('R22 ask: not allowed for a feature shown on a location holding an immortal, even far away', () => {
    const g = agentTurn({ agents: ['A3', 'F3', 'A5', 'F5'], immortals: ['B2', 'E2', 'B6', 'C4'] }); // C4: pool, idol
    act(g, 'meru');
    expect(g.code(A.ask('pool')(1))).toBe('feature_blocked');
    expect(g.try(A.ask('torches')(1)).ok).toBe(true);
  });

  test('R22 + D2 ask: the recruiter must place the step token on a visited location with the feature', () => {
    const g = agentTurn();
    act(g, 'meru');
    g.do(A.ask('pool')(1)); // A3: visited pool location is C4 only
    expect([g.phase, g.expected()]).toEqual(['answerAsk', [0]]); // D2: even with a single answer
    expect(answerLocs(g)).toEqual(['C4']);
    expect(g.code(A.end()(1))).toBe('not_your_turn');
    expect(g.code(R.answer(null))).toBe('bad_answer');
    expect(g.code(R.answer('A3'))).toBe('bad_answer');
    expect(g.code(R.answer('D4'))).toBe('bad_answer');
    g.do(R.answer('C4'));
    expect(g.events.map((e) => e.pub)).toContainEqual({ kind: 'askAnswered', feature: 'pool', at: [L('C4')], time: 6 });
    expect(view(g.state, 1).stepTokens).toEqual([{ at: L('C4'), time: 6, source: 'ask' }]);
    expect([g.state.activation, g.state.activationsThisHalf]).toEqual([null, 1]); // D4
  });

  test('R22 + D2 ask: "cannot place" when no visited location with the feature is free', () => {
    const g = agentTurn({ agents: ['A2', 'F3', 'A5', 'F5'] });
    act(g, 'meru');
    g.do(A.ask('graffiti')(1)); // never visited
    expect(g.phase).toBe('answerAsk');
    expect(answerLocs(g)).toEqual([null]);
    expect(g.code(R.answer('C4'))).toBe('bad_answer');
    g.do(R.answer(null));
    expect(g.events.map((e) => e.pub)).toContainEqual({ kind: 'askAnswered', feature: 'graffiti', at: [], time: 6 });
    expect(view(g.state, 1).stepTokens).toEqual([]);
  });

  test('R22 ask: the current location counts as visited; marked locations do not', () => {
    const g = agentTurn();
    act(g, 'bill');
    g.do(A.move('A6')(1), A.ask('palm')(1)); // palm: D3 and C1 (the current location)
    expect(answerLocs(g)).toEqual(['C1', 'D3']);
    g.do(R.answer('C1'), A.end()(1));
    act(g, 'meru');
    g.do(A.move('B4')(1), A.ask('palm')(1));
    expect(answerLocs(g)).toEqual(['D3']);
  });
});

describe('reveal and capture', () => {
  test('R23 reveal: the step token becomes a confirmed note with the visit time; no token, no reveal', () => {
    const g = agentTurn({ agents: ['A1', 'D1', 'A5', 'F5'] });
    act(g, 'meru');
    g.do(A.ask('billboard')(1), R.answer('D2'));
    act(g, 'henry');
    expect(g.code(A.reveal()(1))).toBe('no_token'); // on D1
    g.do(A.move('D2')(1), A.reveal()(1));
    const v = view(g.state, 1);
    expect([v.stepTokens, v.confirmed]).toEqual([[], [{ at: L('D2'), visitTime: 4 }]]);
    expect(g.events.map((e) => e.pub)).toContainEqual({ kind: 'revealed', at: L('D2'), visitTime: 4 });
  });

  test('R23 + R25 reveal and capture: not on a location with an immortal, even where the recruiter stands', () => {
    const g = setupFull(base);
    g.do(R.step('B2'), R.imm('B6', 'B5'), R.extra('B2', 'E6', 'E5')); // a step token on B2, the current location
    expect(g.phase).toBe('agentsTurn');
    act(g, 'meru');
    g.do(A.move('B2')(1));
    expect(g.code(A.reveal()(1))).toBe('immortal_here');
    expect(g.code(A.capture()(1))).toBe('immortal_here');
    expect(g.code(A.scan()(1))).toBe('immortal_here');
    expect(g.try(A.shakedown('pool')(1)).ok).toBe(true);
  });

  test('R25 capture: a miss is announced and play goes on; a hit wins for the agents', () => {
    const g = agentTurn({ agents: ['A3', 'F3', 'A5', 'C1'] });
    act(g, 'meru');
    g.do(A.capture()(1));
    expect(g.events.map((e) => e.pub)).toContainEqual({
      kind: 'captureAttempted',
      agent: 'meru',
      at: L('A3'),
      hit: false,
      time: 6,
    });
    expect(g.result).toBeNull();
    act(g, 'dusty');
    g.do(A.capture()(1)); // Dusty stands on C1 with the recruiter
    expect(g.result).toEqual({ winner: 'agents', reason: 'capture', time: 6 });
    expect(g.events.map((e) => e.pub)).toContainEqual({
      kind: 'captureAttempted',
      agent: 'dusty',
      at: L('C1'),
      hit: true,
      time: 6,
    });
  });
});

describe('shakedown', () => {
  test('R24 shakedown: a hit exposes the card; the optional push goes 1 location orthogonally', () => {
    const g = agentTurn();
    act(g, 'meru');
    expect(g.code(A.shakedown('billboard')(1))).toBe('not_here'); // no immortal on A3
    g.do(A.move('B2')(1), A.shakedown('billboard')(1));
    expect(view(g.state, 1).exposed).toEqual([{ feature: 'billboard', time: 6 }]);
    expect(g.events.map((e) => e.pub)).toContainEqual({
      kind: 'shakedown',
      agent: 'meru',
      feature: 'billboard',
      hit: true,
      time: 6,
    });
    expect(g.state.activation?.pushFrom).toBe(L('B2'));
    const pushes = g
      .legal(1)
      .filter((a) => a.type === 'push')
      .map((a) => label((a as { to: number }).to))
      .sort();
    expect(pushes).toEqual(['A2', 'B1', 'B3', 'C2']);
    expect(g.code(A.push('C3')(1))).toBe('not_allowed'); // diagonal
    g.do(A.push('B3')(1));
    expect(view(g.state, 1).immortals.map(label)).toEqual(['B3', 'E2', 'B6', 'E6']);
    expect(g.state.activation).toBeNull(); // pushed: Meru is done
    act(g, 'bill');
    g.do(A.move('B6')(1));
    g.do(A.shakedown('garden')(1));
    expect(g.events.map((e) => e.pub)).toContainEqual({
      kind: 'shakedown',
      agent: 'bill',
      feature: 'garden',
      hit: false,
      time: 6,
    });
    expect(view(g.state, 1).exposed).toHaveLength(1);
  });

  test('R38 a shakedown may name a card already exposed: a sure miss that exposes nothing, the push still offered', () => {
    const g = agentTurn();
    act(g, 'meru');
    g.do(A.move('B2')(1), A.shakedown('billboard')(1), A.push('B3')(1));
    act(g, 'bill');
    g.do(A.move('B6')(1));
    expect(g.legal(1).filter((a) => a.type === 'shakedown')).toHaveLength(16);
    const twin = fastTwin(g.state, g.actions);
    expect(compareTwin(g.state, twin).fast).toEqual(compareTwin(g.state, twin).readable);
    g.do(A.shakedown('billboard')(1));
    expect(g.events.map((e) => e.pub)).toContainEqual({
      kind: 'shakedown',
      agent: 'bill',
      feature: 'billboard',
      hit: false,
      time: 6,
    });
    expect(view(g.state, 1).exposed).toEqual([{ feature: 'billboard', time: 6 }]); // not exposed again
    expect(dustyRange(g.state)).toBe(2);
    expect(g.state.activation?.pushFrom).toBe(L('B6'));
    expect(compareTwin(g.state, fastTwin(g.state, g.actions)).same).toBe(true);
  });

  test('R35 Bill Falls moves an immortal orthogonally next to him across a mayhem edge, but the move may not cross one', () => {
    // Mayhem on A4|B4 (between Bill and the immortal) and on B4|C4.
    const g = agentTurn({
      mayhem: [
        ['A4', 'B4'],
        ['B4', 'C4'],
        ['E7', 'F7'],
        ['B1', 'C1'],
        ['D1', 'E1'],
      ],
      immortals: ['B4', 'E2', 'C6', 'E6'],
    });
    act(g, 'bill');
    g.do(A.move('A4')(1));
    const nudges = g
      .legal(1)
      .filter((a) => a.type === 'nudge')
      .map((a) => `${label((a as { from: number }).from)}-${label((a as { to: number }).to)}`)
      .sort();
    expect(nudges).toEqual(['B4-B3', 'B4-B5']);
    expect(g.code(A.nudge('B4', 'C4')(1))).toBe('not_allowed'); // across B4|C4
    const twin = fastTwin(g.state, g.actions);
    expect(compareTwin(g.state, twin).fast).toEqual(compareTwin(g.state, twin).readable);
    g.do(A.nudge('B4', 'B5')(1));
    expect(view(g.state, 1).immortals.map(label)).toEqual(['B5', 'E2', 'C6', 'E6']);
  });

  test('R24 push: not onto another immortal, not through mayhem, only right after the shakedown', () => {
    const g = agentTurn({
      mayhem: [['B2', 'C2'], ...DEFAULT_MAYHEM.slice(0, 3), ['E1', 'F1']],
      immortals: ['B2', 'B3', 'E2', 'E6'],
    });
    act(g, 'meru');
    expect(g.code(A.push('B1')(1))).toBe('not_allowed'); // no shakedown yet
    g.do(A.move('B2')(1), A.shakedown('pool')(1));
    expect(g.code(A.push('B3')(1))).toBe('not_allowed'); // immortal there
    expect(g.code(A.push('C2')(1))).toBe('not_allowed'); // mayhem on B2|C2
    expect(g.try(A.push('A2')(1)).ok).toBe(true);
    g.do(A.end()(1)); // D5: anything else gives the push up
    expect(g.state.activation).toBeNull();
  });

  test('D5 the push must be the very next thing the agent does', () => {
    const g = agentTurn({ agents: ['A3', 'F3', 'A5', 'F6'] });
    act(g, 'dusty');
    g.do(A.move('E6')(1), A.shakedown('pool')(1));
    expect(g.state.activation?.pushFrom).toBe(L('E6'));
    g.do(A.dusty('meru', 'A4')(1)); // gives the push up; action and free action used: done (D4)
    expect(g.state.activation).toBeNull();
    expect(g.code(A.push('E5')(1))).toBe('must_act');
    const h = agentTurn();
    act(h, 'meru');
    h.do(A.move('B2')(1), A.shakedown('pool')(1));
    expect(h.state.activation?.pushFrom).toBe(L('B2')); // Meru waits for the push
    h.do(A.end()(1));
    act(h, 'henry');
    expect(h.code(A.push('B3')(1))).toBe('not_allowed');
  });

  test('R24 shakedown is not part of the Training Mission', () => {
    const g = setupTraining(base);
    g.step('C1');
    act(g, 'meru');
    expect(g.code(A.shakedown('pool')(1))).toBe('not_in_mode');
  });
});

describe('abilities', () => {
  test.each([
    ['A1', true], // C1 two to the right; the B1|C1 mayhem is ignored
    ['D1', true],
    ['E1', true], // over the D1|E1 mayhem
    ['C1', true], // Meru's own location
    ['F1', false], // three away
    ['A2', false], // not in a straight line
    ['B7', false],
  ] as const)('R26 Meru scan from %s with the recruiter on C1: %s', (meru, yes) => {
    const g = agentTurn({ agents: [meru, 'F3', 'A5', 'F5'] });
    act(g, 'meru');
    g.do(A.scan()(1));
    expect(g.events.map((e) => e.pub)).toContainEqual({ kind: 'scanned', agent: 'meru', at: L(meru), yes, time: 6 });
    expect(view(g.state, 1).stepTokens).toEqual([]);
    expect(g.state.activation).toBeNull(); // an action: Meru is done
  });

  test('R26 Meru scan: Meru only, not on a location with an immortal, not in Training', () => {
    const g = agentTurn();
    act(g, 'bill');
    expect(g.code(A.scan()(1))).toBe('not_allowed');
    g.do(A.end()(1));
    act(g, 'meru');
    g.do(A.move('B2')(1));
    expect(g.code(A.scan()(1))).toBe('immortal_here');
    const t = setupTraining(base);
    t.step('C1');
    act(t, 'meru');
    expect(t.code(A.scan()(1))).toBe('not_in_mode');
  });

  test('R27 Bill Falls moves an orthogonally adjacent immortal 1 location orthogonally, before or after his move', () => {
    const g = agentTurn({ agents: ['A3', 'F3', 'A2', 'F5'] });
    act(g, 'bill');
    expect(g.code(A.nudge('B2', 'C3')(1))).toBe('not_allowed'); // diagonal move
    expect(g.code(A.nudge('B2', 'B4')(1))).toBe('not_allowed'); // two locations
    expect(g.code(A.nudge('E2', 'E3')(1))).toBe('not_allowed'); // not next to Bill
    g.do(A.nudge('B2', 'B3')(1));
    expect(g.events.map((e) => e.pub)).toContainEqual({
      kind: 'immortalPushed',
      agent: 'bill',
      from: L('B2'),
      to: L('B3'),
    });
    expect(g.code(A.nudge('B3', 'B4')(1))).toBe('already_done');
    g.do(A.move('A3')(1), A.capture()(1)); // free action before the move is fine
    expect(g.state.activation).toBeNull(); // action and free action used: done (D4)
  });

  test.each([
    ['the immortal on his own location', 'A2', 'B2', ['B2', 'E2', 'B6', 'E6'], DEFAULT_MAYHEM, 'B2', 'B3'],
    ['a diagonal neighbour', 'A1', null, ['B2', 'E2', 'B6', 'E6'], DEFAULT_MAYHEM, 'B2', 'B1'],
    ['onto another immortal', 'A2', null, ['B2', 'B3', 'E2', 'E6'], DEFAULT_MAYHEM, 'B2', 'B3'],
    ['through mayhem', 'A2', null, ['B2', 'E2', 'B6', 'E6'], [['B2', 'B3'], ...DEFAULT_MAYHEM.slice(0, 4)], 'B2', 'B3'],
  ] as const)('R27 Bill Falls may not move %s', (_n, bill, moveTo, immortals, mayhem, from, to) => {
    const g = agentTurn({ agents: ['A3', 'F3', bill, 'F5'], immortals, mayhem });
    act(g, 'bill');
    if (moveTo) g.do(A.move(moveTo)(1));
    expect(g.code(A.nudge(from, to)(1))).toBe('not_allowed');
  });

  test('R27 Bill Falls: after his action, only Bill, not in Training', () => {
    const g = agentTurn({ agents: ['A2', 'F3', 'A2', 'F5'] });
    act(g, 'meru');
    expect(g.code(A.nudge('B2', 'B3')(1))).toBe('not_allowed');
    g.do(A.end()(1));
    act(g, 'bill');
    g.do(A.capture()(1));
    g.do(A.nudge('B2', 'B1')(1));
    expect(g.state.activation).toBeNull();
    const t = setupTraining({ ...base, agents: ['A3', 'F3', 'A2', 'F5'] });
    t.step('C1');
    act(t, 'bill');
    expect(t.code(A.nudge('B2', 'B3')(1))).toBe('not_in_mode');
  });

  test.each([0, 1, 2])('R28 Dusty moves any agent up to 1 + exposed cards (%i exposed)', (hits) => {
    const g = agentTurn({ agents: ['A2', 'F3', 'A5', 'F4'] });
    const guesses = (['billboard', 'bookstore'] as const).slice(0, hits);
    if (hits >= 1) g.activation('meru', A.move('B2'), A.shakedown(guesses[0]!));
    else g.idle('meru');
    if (hits >= 2) g.activation('bill', A.move('B6'), A.shakedown(guesses[1]!));
    else g.idle('bill');
    expect(view(g.state, 1).exposed).toHaveLength(hits);
    g.step('D1');
    expect(dustyRange(g.state)).toBe(1 + hits);
    act(g, 'dusty');
    // Henry on F3 is activated by nobody; moving him does not activate him.
    const henryTargets: Record<number, [string, string]> = { 0: ['E3', 'D3'], 1: ['D3', 'C3'], 2: ['C3', 'B3'] };
    const [reach, tooFar] = henryTargets[hits]!;
    expect(g.code(A.dusty('henry', tooFar)(1))).toBe('not_adjacent');
    g.do(A.dusty('henry', reach)(1));
    expect(g.state.agents[1]).toBe(L(reach));
    expect(g.state.activated).toEqual([true, false, true, true]);
    expect(g.code(A.dusty('meru', 'A1')(1))).toBe('already_done'); // once per activation
  });

  test('R28 Dusty follows the agent movement rules (mayhem) and may move an agent already activated', () => {
    const g = agentTurn({ agents: ['A3', 'F3', 'A5', 'F7'] });
    g.idle('meru');
    act(g, 'dusty');
    expect(g.code(A.dusty('dusty', 'E7')(1))).toBe('not_adjacent'); // E7|F7 mayhem
    g.do(A.dusty('meru', 'A4')(1)); // Meru was activated already
    expect(g.state.agents[0]).toBe(L('A4'));
    g.do(A.move('F5')(1));
    expect(g.state.agents[3]).toBe(L('F5'));
  });

  test('R29 Black Ops Dolphin: step tokens on every visited location with the feature, no answer needed, once per game', () => {
    const g = agentTurn();
    act(g, 'bill');
    g.do(A.move('A6')(1), A.ask('palm', true)(1));
    expect(g.phase).toBe('agentsTurn');
    expect(g.events.map((e) => e.pub)).toContainEqual({
      kind: 'askAnswered',
      feature: 'palm',
      at: [L('C1'), L('D3')],
      time: 6,
    });
    const v = view(g.state, 1);
    expect(v.stepTokens).toEqual([
      { at: L('C1'), time: 6, source: 'dolphin' },
      { at: L('D3'), time: 6, source: 'dolphin' },
    ]);
    expect(v.allyAvailable).toBe(false);
    g.do(A.end()(1));
    act(g, 'meru');
    expect(g.code(A.ask('pool', true)(1))).toBe('already_done');
    expect(g.try(A.ask('pool', false)(1)).ok).toBe(true);
  });

  test('R29 Black Ops Dolphin: the ask must be legal; "cannot place" when nothing qualifies; not in Training', () => {
    const g = agentTurn({ agents: ['A2', 'F3', 'A5', 'F5'] });
    act(g, 'meru');
    expect(g.code(A.ask('fountain', true)(1))).toBe('feature_blocked');
    g.do(A.ask('graffiti', true)(1));
    expect(g.events.map((e) => e.pub)).toContainEqual({ kind: 'askAnswered', feature: 'graffiti', at: [], time: 6 });
    const t = setupTraining(base);
    t.step('C1');
    act(t, 'meru');
    expect(t.code(A.ask('pool', true)(1))).toBe('not_in_mode');
  });

  test('D4 an activation ends by itself after the action unless a free action is left', () => {
    const g = agentTurn();
    act(g, 'dusty');
    g.do(A.capture()(1));
    expect(g.state.activation?.agent).toBe('dusty');
    g.do(A.dusty('dusty', 'F4')(1));
    expect(g.state.activation).toBeNull();
    act(g, 'henry');
    g.do(A.capture()(1));
    expect(g.phase).toBe('recruiterTurn');
  });
});

describe('Training Mission agents', () => {
  test('R31 no abilities, no ally, no shakedown; ask, reveal and capture work and immortals never block', () => {
    const g = setupTraining({ ...base, agents: ['A3', 'F3', 'A5', 'F5'] });
    expect(g.code(R.imm('B2', 'B3'))).toBe('not_in_mode');
    expect(g.code(R.extra('C2', 'B2', 'B3'))).toBe('not_in_mode');
    g.step('C1');
    act(g, 'dusty');
    expect(g.code(A.dusty('meru', 'A4')(1))).toBe('not_in_mode');
    expect(g.code({ type: 'moveImmortal', seat: 0, from: 0, to: 1 } as Action)).toBe('not_your_turn');
    g.do(A.end()(1));
    act(g, 'meru');
    g.do(A.ask('pool')(1));
    expect(g.code(R.answer('C4'))).toBe('bad_answer'); // C4 is the public start: confirmed "1"
    g.do(R.answer(null));
    expect(view(g.state, 1).stepTokens).toEqual([]);
    expect(g.phase).toBe('recruiterTurn');
  });
});
