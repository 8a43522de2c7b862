// Geometry (R1-R4) and setup (R5-R9, D6, D10), played through apply from newGame.
import { describe, expect, test } from 'vitest';
import {
  ALL_EDGES,
  apply,
  expectedSeats,
  info,
  label,
  LOCATIONS,
  legalActions,
  newGame,
  reachable,
  validateOptions,
  view,
  type Action,
} from '../src/index.js';
import { A, DEFAULT_MAYHEM, deckWith, Game, L, labels, R, setupFull, setupTraining } from './helpers/game.js';

const R1_MAYHEM = [
  ['B2', 'C2'],
  ['A7', 'B7'],
  ['C7', 'D7'],
  ['E7', 'F7'],
  ['E1', 'F1'],
] as const;

/** Grid corners of the segment between two orthogonal neighbours, computed here from rows/columns. */
function corners(a: number, b: number): string[] {
  const x = info(a);
  const y = info(b);
  if (x.row === y.row) {
    const c = Math.max(x.col, y.col);
    return [`${c},${x.row}`, `${c},${x.row + 1}`];
  }
  const r = Math.max(x.row, y.row);
  return [`${x.col},${r}`, `${x.col + 1},${r}`];
}

describe('geometry', () => {
  test('R1 step: orthogonal neighbour is legal, an edge with mayhem blocks it (blocked_by_mayhem)', () => {
    const g = setupFull({ mayhem: R1_MAYHEM, start: 'C4', steps: ['D4', 'D3', 'D2', 'C2'] });
    expect(g.code(R.step('B2'))).toBe('blocked_by_mayhem');
    expect(g.code(R.step('E2'))).toBe('not_adjacent'); // two away
    expect(g.code(R.step('D2'))).toBe('already_visited');
    const steps = g.legal(0).filter((a) => a.type === 'step');
    expect(labels(steps.map((a) => (a as { to: number }).to)).sort()).toEqual(['C1', 'C3']);
    g.do(R.step('C1'));
    expect(g.state.path.map(label)).toEqual(['C4', 'D4', 'D3', 'D2', 'C2', 'C1']);
  });

  test('R1 agent move: mayhem blocks an agent crossing its edge', () => {
    const g = setupFull({
      mayhem: R1_MAYHEM,
      start: 'C4',
      steps: ['D4', 'D3', 'D2', 'C2'],
      agents: ['A2', 'F3', 'A5', 'F5'],
    });
    g.step('C1');
    g.do({ type: 'activate', seat: 1, agent: 'meru' });
    expect(g.code(A.move('C2')(1))).toBe('not_adjacent'); // A2-B2-C2 crosses the B2|C2 mayhem
    expect(reachable(L('A2'), 2, g.state.mayhem).map(label)).not.toContain('C2');
    g.do(A.move('B2')(1));
    expect(g.state.agents[0]).toBe(L('B2'));
  });

  test('R2 step: diagonal only to or from a temple, and mayhem never blocks a diagonal', () => {
    // Recruiter ends setup on the temple C3; mayhem on C3|D3.
    const g = setupFull({
      mayhem: [['C3', 'D3'], ...DEFAULT_MAYHEM.slice(0, 4)],
      start: 'B1',
      steps: ['B2', 'C2', 'D2', 'C3'], // D2 -> C3 is diagonal to a temple
      immortals: ['B5', 'D5', 'C5', 'E4'],
    });
    expect(g.state.path.map(label)).toEqual(['B1', 'B2', 'C2', 'D2', 'C3']);
    expect(g.code(R.step('D3'))).toBe('blocked_by_mayhem');
    const steps = g
      .legal(0)
      .filter((a) => a.type === 'step')
      .map((a) => label((a as { to: number }).to))
      .sort();
    expect(steps).toEqual(['B3', 'B4', 'C4', 'D4']); // D4 diagonal past the mayhem corner
    g.do(R.step('D4'));
    // From D4 (not a temple) a diagonal to a non-temple is not a step.
    g.do(R.end()).passAgents();
    expect(g.code(R.step('E3'))).toBe('not_adjacent');
    expect(g.try(R.step('E5')).ok).toBe(true); // diagonal to the other temple
  });

  test('regression: R1 a hidden setup step across mayhem is refused as blocked_by_mayhem, as during a turn', () => {
    // Same move, same board: C2 -> B2 across the B2|C2 mayhem token.
    const setup = setupFull({ mayhem: R1_MAYHEM, start: 'C2', steps: [], stopAt: 'setupSteps' });
    const turn = setupFull({ mayhem: R1_MAYHEM, start: 'C4', steps: ['D4', 'D3', 'D2', 'C2'] });
    expect(turn.code(R.step('B2'))).toBe('blocked_by_mayhem');
    const r = setup.try(R.step('B2'));
    expect(r.ok).toBe(false);
    // The engine says "not_adjacent: B2 is not one step from C2", which is untrue: B2 is an
    // orthogonal neighbour and the mayhem token is what blocks it.
    expect(r.ok ? null : r.code).toBe('blocked_by_mayhem');
  });

  test('R2 setup step: a diagonal between two non-temples is refused', () => {
    const g = setupFull({ start: 'B2', steps: [], stopAt: 'setupSteps' });
    expect(g.code(R.step('C1'))).toBe('not_adjacent');
    expect(g.try(R.step('C3')).ok).toBe(true);
  });

  test('R2 agent move: diagonal via a temple only', () => {
    const base = { start: 'C4', steps: ['D4', 'D3', 'D2', 'C2'] };
    const g = setupFull({ ...base, agents: ['B1', 'F3', 'A5', 'F5'] });
    g.step('C1');
    g.do({ type: 'activate', seat: 1, agent: 'meru' });
    expect(g.try(A.move('C3')(1)).ok).toBe(true); // B1-B2, B2-C3 diagonal into the temple
    const h = setupFull({ ...base, agents: ['A1', 'F3', 'A5', 'F5'] });
    h.step('C1');
    h.do({ type: 'activate', seat: 1, agent: 'meru' });
    expect(h.code(A.move('C3')(1))).toBe('not_adjacent'); // A1-B2 is a non-temple diagonal
  });

  test('R3 immortal move: 8 directions, not onto another immortal, mayhem blocks only its orthogonal edge', () => {
    const g = setupFull({
      mayhem: [['B2', 'B3'], ...DEFAULT_MAYHEM.slice(0, 4)],
      start: 'E4',
      steps: ['E3', 'D3', 'D2', 'C2'],
      immortals: ['B2', 'C2', 'D5', 'E2'],
      agents: ['A2', 'F3', 'A5', 'F5'],
    });
    const cases: [string, string, string | null][] = [
      ['B2', 'A1', null], // diagonal
      ['B2', 'C3', null], // diagonal over the mayhem corner
      ['B2', 'A3', null],
      ['B2', 'B1', null],
      ['B2', 'A2', null], // onto an agent
      ['C2', 'D3', null], // onto a visited location
      ['B2', 'B3', 'blocked_by_mayhem'],
      ['B2', 'C2', 'occupied'],
      ['B2', 'B4', 'not_adjacent'],
      ['B3', 'B4', 'not_here'],
    ];
    for (const [from, to, code] of cases) {
      const r = g.try(R.imm(from, to));
      expect([from, to, r.ok ? null : r.code]).toEqual([from, to, code]);
    }
  });

  test('R4 mayhem: only between orthogonal neighbours, one per edge, never touching another', () => {
    const g = new Game(newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'carl' }, 1));
    const m = (seat: number, a: string, b: string): Action => ({ type: 'placeMayhem', seat, between: [L(a), L(b)] });
    expect(g.code(m(0, 'A1', 'C1'))).toBe('not_adjacent');
    expect(g.code(m(0, 'A1', 'B2'))).toBe('not_adjacent');
    expect(g.code({ type: 'placeMayhem', seat: 0, between: [0, 42] })).toBe('malformed');
    g.do(m(0, 'C3', 'D3'));
    expect(g.code(m(1, 'D3', 'C3'))).toBe('occupied');
    expect(g.code(m(1, 'C4', 'D4'))).toBe('mayhem_touches'); // continues the segment
    expect(g.code(m(1, 'C3', 'C4'))).toBe('mayhem_touches'); // meets at a corner
    expect(g.code(m(1, 'D2', 'D3'))).toBe('mayhem_touches');
    expect(g.try(m(1, 'C5', 'D5')).ok).toBe(true);
  });

  test('R4 mayhem: table of every edge next to a placed token, checked against grid corners', () => {
    const g = new Game(newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'carl' }, 1));
    g.do({ type: 'placeMayhem', seat: 0, between: [L('C3'), L('D3')] });
    const placed = corners(L('C3'), L('D3'));
    const legal = new Set(legalActions(g.state, 1).map((a) => (a.type === 'placeMayhem' ? a.between.join('-') : '')));
    expect(ALL_EDGES.length).toBe(71);
    for (const [a, b] of ALL_EDGES) {
      const touches = corners(a, b).some((c) => placed.includes(c));
      expect([label(a), label(b), legal.has(`${a}-${b}`)]).toEqual([label(a), label(b), !touches]);
    }
  });
});

describe('setup', () => {
  test('R5 mayhem order: recruiter first, then seats in order, cycling until 5 are placed', () => {
    for (const agentSeats of [1, 2, 3, 4]) {
      const s0 = newGame({ mode: 'full', agentSeats, recruiterCard: 'carl' }, 3);
      const g = new Game(s0);
      const order: number[] = [];
      for (const [a, b] of DEFAULT_MAYHEM) {
        const seat = expectedSeats(g.state)[0]!;
        order.push(seat);
        const wrong = (seat + 1) % (agentSeats + 1);
        expect(g.code({ type: 'placeMayhem', seat: wrong, between: [L(a), L(b)] })).toBe('not_your_turn');
        g.do({ type: 'placeMayhem', seat, between: [L(a), L(b)] });
      }
      expect(order).toEqual([0, 1, 2, 3, 4].map((i) => i % (agentSeats + 1)));
      expect(g.phase).toBe('start');
    }
  });

  test('R5 order of the setup phases, the cards dealt from the deck top and one revealed recruit number', () => {
    const deck = deckWith(['pool', 'graffiti', 'idol', 'coffee', 'billboard']);
    const phases: string[] = [];
    const g = new Game(newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'choose', deck }, 1));
    const track = () => {
      if (phases[phases.length - 1] !== g.phase) phases.push(g.phase);
    };
    track();
    for (const [a, b] of DEFAULT_MAYHEM)
      (g.do({ type: 'placeMayhem', seat: g.expected()[0]!, between: [L(a), L(b)] }), track());
    g.do({ type: 'chooseRecruiterCard', seat: 0, card: 'girl' });
    track();
    expect(g.code({ type: 'step', seat: 0, to: L('B1') })).toBe('wrong_phase'); // no step before the start
    g.do({ type: 'chooseStart', seat: 0, at: L('E3') }); // pool + graffiti = 2
    track();
    expect(g.code(R.slip('E1'))).toBe('wrong_phase'); // no mind slip during the hidden steps
    for (const to of ['E4', 'D4', 'C4', 'B4']) (g.do(R.step(to)), track()); // 0,0,2 (pool+idol),0
    const revealed = g.allEvents.filter((e) => e.pub.kind === 'setupRecruitsRevealed').map((e) => e.pub);
    expect(revealed).toEqual([{ kind: 'setupRecruitsRevealed', count: 4 }]);
    expect(view(g.state, 1).recruits.total).toBe(4);
    expect(g.state.time).toBe(5);
    expect(view(g.state, 0).recruiter!.cards.map((c) => c.feature)).toEqual(['pool', 'graffiti', 'idol']);
    expect(g.code({ type: 'placeAgent', seat: 0, agent: 'meru', at: L('A1') })).toBe('wrong_phase');
    for (const at of ['B2', 'E2', 'B6', 'E6']) (g.do({ type: 'placeImmortal', seat: 0, at: L(at) }), track());
    expect(view(g.state, 1).immortalCards).toEqual([]); // not yet drawn
    for (const [agent, at] of [
      ['meru', 'A1'],
      ['henry', 'A2'],
      ['bill', 'F1'],
      ['dusty', 'F7'],
    ] as const)
      (g.do({ type: 'placeAgent', seat: 1, agent, at: L(at) }), track());
    g.do({ type: 'placeMindSlip', seat: 1, at: L('D4') });
    track();
    expect(phases).toEqual([
      'mayhem',
      'recruiterCard',
      'start',
      'setupSteps',
      'immortals',
      'agents',
      'mindSlipToken',
      'recruiterTurn',
    ]);
    expect(view(g.state, 1).immortalCards).toEqual(['coffee', 'billboard']);
    expect(view(g.state, 1).deckCount).toBe(11);
  });

  test('R6 start: any location, temples and the outside edge included', () => {
    for (const start of ['C3', 'E5', 'A1', 'F7', 'D4']) {
      const g = setupFull({ start, steps: [], stopAt: 'setupSteps' });
      expect(g.state.path).toEqual([L(start)]);
    }
    const g = setupFull({ start: 'A1', steps: [], stopAt: 'start' });
    const starts = g.legal(0).filter((a) => a.type === 'chooseStart');
    expect(starts.length).toBe(42);
  });

  test('R7 immortals: 4 different locations, none on the outside edge, temples allowed', () => {
    const g = setupFull({ start: 'C4', steps: ['D4', 'D3', 'D2', 'C2'], stopAt: 'immortals' });
    const legal = g
      .legal(0)
      .map((a) => (a.type === 'placeImmortal' ? label(a.at) : ''))
      .sort();
    expect(legal).toEqual(
      LOCATIONS.filter((l) => !l.edge)
        .map((l) => l.label)
        .sort(),
    );
    expect(legal.length).toBe(20);
    expect(g.code({ type: 'placeImmortal', seat: 0, at: L('A3') })).toBe('edge_location');
    g.do({ type: 'placeImmortal', seat: 0, at: L('C3') }); // temple
    expect(g.code({ type: 'placeImmortal', seat: 0, at: L('C3') })).toBe('occupied');
  });

  test('R8 agents: outside edge only, several agents may share a location', () => {
    const g = setupFull({ start: 'C4', steps: ['D4', 'D3', 'D2', 'C2'], stopAt: 'agents' });
    expect(g.code({ type: 'placeAgent', seat: 1, agent: 'meru', at: L('B2') })).toBe('not_edge');
    g.do({ type: 'placeAgent', seat: 1, agent: 'meru', at: L('A4') });
    g.do({ type: 'placeAgent', seat: 1, agent: 'henry', at: L('A4') });
    expect(g.code({ type: 'placeAgent', seat: 1, agent: 'meru', at: L('A1') })).toBe('already_done');
    const legal = new Set(g.legal(1).map((a) => (a.type === 'placeAgent' ? label(a.at) : '')));
    expect([...legal].sort()).toEqual(
      LOCATIONS.filter((l) => l.edge)
        .map((l) => l.label)
        .sort(),
    );
    expect(legal.size).toBe(22);
  });

  test('R9 2nd mind slip token: exactly the 15 locations next to a temple', () => {
    const g = setupFull({ start: 'C4', steps: ['D4', 'D3', 'D2', 'C2'], stopAt: 'mindSlipToken' });
    const legal = g
      .legal(1)
      .map((a) => (a.type === 'placeMindSlip' ? label(a.at) : ''))
      .sort();
    expect(legal).toEqual(['B2', 'B3', 'B4', 'C2', 'C4', 'D2', 'D3', 'D4', 'D5', 'D6', 'E4', 'E6', 'F4', 'F5', 'F6']);
    expect(g.code({ type: 'placeMindSlip', seat: 1, at: L('C3') })).toBe('not_near_temple');
    expect(g.code({ type: 'placeMindSlip', seat: 1, at: L('A1') })).toBe('not_near_temple');
    expect(g.code({ type: 'placeMindSlip', seat: 0, at: L('D4') })).toBe('not_your_turn');
  });

  test('D6 boxed in during the hidden setup steps loses for the recruiter', () => {
    const g = setupFull({
      mayhem: [
        ['A1', 'B1'],
        ['C7', 'D7'],
        ['E7', 'F7'],
        ['C4', 'D4'],
        ['E3', 'F3'],
      ],
      start: 'B2',
      steps: ['A2', 'A1', 'B1', 'C1'], // the third step never happens
    });
    expect(g.state.path.map(label)).toEqual(['B2', 'A2', 'A1']);
    expect(g.result).toEqual({ winner: 'agents', reason: 'boxedIn', time: 3 });
    expect(g.phase).toBe('over');
  });

  test('D10 recruiter card: chosen in setup, drawn from the seed, or fixed', () => {
    const g = setupFull({ card: 'choose', start: 'C4', steps: [], stopAt: 'recruiterCard' });
    expect(g.code({ type: 'chooseRecruiterCard', seat: 1, card: 'carl' })).toBe('not_your_turn');
    g.do({ type: 'chooseRecruiterCard', seat: 0, card: 'girl' });
    expect(g.state.recruiterCard).toBe('girl');
    expect(view(g.state, 1).recruiterCardChosen).toBe(true);
    const cards = new Set<string>();
    for (let seed = 0; seed < 20; seed++) {
      const a = newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'random' }, seed);
      const b = newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'random' }, seed);
      expect(a.recruiterCard).toBe(b.recruiterCard);
      cards.add(a.recruiterCard!);
      expect(a.phase).toBe('mayhem');
    }
    expect([...cards].sort()).toEqual(['carl', 'girl']);
    expect(newGame({ mode: 'training', agentSeats: 1, recruiterCard: 'girl' }, 1).recruiterCard).toBe('girl');
  });

  test('R32 options: 1 to 4 agent seats, an explicit deck must hold all 16 features', () => {
    expect(validateOptions({ mode: 'full', agentSeats: 0 })?.code).toBe('malformed');
    expect(validateOptions({ mode: 'full', agentSeats: 5 })?.code).toBe('malformed');
    expect(validateOptions({ mode: 'full', agentSeats: 4 })).toBeNull();
    expect(validateOptions({ mode: 'full', agentSeats: 1, deck: ['pool'] })?.code).toBe('malformed');
    expect(() => newGame({ mode: 'full', agentSeats: 9 }, 1)).toThrow();
  });

  test('R31 Training setup: no mayhem, start public with a confirmed "1", no immortals or 2nd mind slip', () => {
    const g = new Game(newGame({ mode: 'training', agentSeats: 1, recruiterCard: 'carl' }, 1));
    expect(g.phase).toBe('start');
    expect(g.code({ type: 'placeMayhem', seat: 0, between: [L('C3'), L('D3')] })).toBe('wrong_phase');
    g.do({ type: 'chooseStart', seat: 0, at: L('B4') });
    expect(view(g.state, 1).confirmed).toEqual([{ at: L('B4'), visitTime: 1 }]);
    expect(g.events.map((e) => e.pub)).toContainEqual({ kind: 'startChosen', at: L('B4') });
    for (const to of ['B5', 'C5', 'D5', 'D6']) g.do(R.step(to));
    expect(g.phase).toBe('agents');
    expect(g.code({ type: 'placeImmortal', seat: 0, at: L('C3') })).toBe('not_your_turn');
    for (const [agent, at] of [
      ['meru', 'A1'],
      ['henry', 'A2'],
      ['bill', 'F1'],
      ['dusty', 'F7'],
    ] as const)
      g.do({ type: 'placeAgent', seat: 1, agent, at: L(at) });
    expect(g.phase).toBe('recruiterTurn');
    const v = view(g.state, 1);
    expect([v.recruitsToWin, v.finalTime, v.immortals.length, v.mayhem.length, v.allyAvailable]).toEqual([
      9,
      14,
      0,
      0,
      false,
    ]);
    expect(v.mindSlips.secondOnBoard).toBeNull();
    expect(g.code({ type: 'placeMindSlip', seat: 1, at: L('D4') })).toBe('not_your_turn');
    // The Full Game hides the start.
    const f = setupFull({ start: 'B4', steps: [], stopAt: 'setupSteps' });
    expect(view(f.state, 1).confirmed).toEqual([]);
    expect(f.allEvents.map((e) => e.pub)).toContainEqual({ kind: 'startChosen', at: null });
  });

  test('R31 Training setup: a game created without options deck still deals 3 secret cards', () => {
    const g = setupTraining({ start: 'B4', steps: ['B5', 'C5', 'D5', 'D6'] });
    expect(view(g.state, 0).recruiter!.cards).toHaveLength(3);
    expect(apply(g.state, { type: 'placeAgent', seat: 1, agent: 'meru', at: L('A1') }).ok).toBe(false);
  });
});
