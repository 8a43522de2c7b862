// The recruiter's side: time and recruits (R10-R14), the turn (R15), mind slips (R16, R18),
// boxed in (R17, R37), immortal recruiting and Henry Lyme's block (R19, R34), the 2nd token (R18, R36), D1, D3.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  type Action,
  actionFromRecord,
  boxedIn,
  gameFromRecord,
  type GameRecord,
  heldMindSlips,
  immortalWinReachable,
  label,
  view,
} from '../src/index.js';
import { A, Game, L, labels, R, setupFull, setupTraining } from './helpers/game.js';
import { compareTwin, fastTwin } from './helpers/twin.js';

/** A scenario recorded in tests/records, as a game at its start and its actions. */
function fromRecord(file: string): { g: Game; actions: Action[] } {
  const rec = JSON.parse(
    readFileSync(new URL(`../../../tests/records/${file}`, import.meta.url), 'utf8'),
  ) as GameRecord;
  return { g: new Game(gameFromRecord(rec)), actions: rec.actions.map((a) => actionFromRecord(a) as Action) };
}

const pubs = (g: Game) => g.allEvents.map((e) => e.pub);
const alerts = (g: Game) => pubs(g).flatMap((p) => (p.kind === 'timeAdvanced' ? [[p.time, p.alert] as const] : []));

describe('time and recruits', () => {
  test('R10 time: 05 after setup, +1 per recruiter turn, red alerts exactly at 07, 09, 11, 13', () => {
    const g = setupTraining({ start: 'A2', steps: ['A3', 'A4', 'A5', 'A6'] });
    expect(g.time).toBe(5);
    g.walk('B6', 'B5', 'B4', 'B3', 'B2', 'C2', 'D2', 'D3', 'D4');
    expect(alerts(g).map(([t, a]) => [t, a === null ? 'white' : 'red'])).toEqual([
      [6, 'white'],
      [7, 'red'],
      [8, 'white'],
      [9, 'red'],
      [10, 'white'],
      [11, 'red'],
      [12, 'white'],
      [13, 'red'],
      [14, 'white'],
    ]);
  });

  test('R11 alert: the recruits of this and the previous white turn as one number, immortal recruits apart', () => {
    const g = setupFull({
      deck: ['pool', 'garden', 'tuktuk', 'coffee', 'billboard'],
      start: 'C2',
      steps: ['D2', 'D3', 'D4', 'C3'],
      immortals: ['D5', 'C4', 'E2', 'B6'],
    });
    expect(view(g.state, 1).recruits.revealed).toEqual([{ time: 5, count: 0 }]);
    g.step('B3').passAgents(); // garden: 1 at 06
    expect(alerts(g)).toEqual([[6, null]]);
    g.do(R.imm('C4', 'B4')); // billboard on D5 and B4: an immortal recruit at once (R19)
    expect(view(g.state, 1).recruits.immortal).toEqual([{ feature: 'billboard', time: 7 }]);
    g.step('B4'); // billboard, palm: nothing for the recruiter's cards
    const v = view(g.state, 1);
    expect(v.recruits.revealed).toEqual([
      { time: 5, count: 0 },
      { time: 7, count: 1 },
    ]);
    expect(v.recruits.total).toBe(2);
    expect(v.immortalCards).toEqual(['coffee', 'bookstore']); // refilled at the end of the turn
    expect(v.immortalDiscards).toEqual(['billboard']);
  });

  test('R12 contact: a location with two circled features gives 2', () => {
    const g = setupTraining({ deck: ['pool', 'graffiti', 'idol'], start: 'B2', steps: ['C2', 'D2', 'D3', 'D4'] });
    g.walk('E4', 'E3'); // E3 shows pool and graffiti
    expect(alerts(g)).toEqual([
      [6, null],
      [7, 2],
    ]);
  });

  test('R12 contact: a location jumped over by a mind slip gives nothing and stays unvisited', () => {
    const g = setupTraining({ deck: ['pool', 'graffiti', 'idol'], start: 'B2', steps: ['C2', 'D2', 'D3', 'D4'] });
    g.do(R.slip('B4')); // Carl Box over C4 (pool, idol)
    expect(g.state.path.map(label)).toEqual(['B2', 'C2', 'D2', 'D3', 'D4', 'B4']);
    expect(view(g.state, 0).recruiter!.unrevealed).toBe(0);
    g.passAgents().do(R.step('C4')); // now entered: 2
    expect(alerts(g)).toEqual([
      [6, null],
      [7, 2],
    ]);
  });

  test.each([
    ['without a shakedown', false, 2],
    ['after Pool was exposed', true, 1],
  ])('R12 contact: an exposed card gives nothing from then on (%s)', (_name, shake, contacts) => {
    const g = setupFull({
      deck: ['pool', 'graffiti', 'idol', 'coffee', 'billboard'],
      start: 'B3',
      steps: ['C3', 'C2', 'D2', 'D3'],
      agents: ['A2', 'F3', 'A5', 'F5'],
    });
    g.step('D4');
    if (shake) g.activation('meru', A.move('B2'), A.shakedown('pool')).idle('henry');
    else g.passAgents();
    g.step('E4');
    g.passAgents();
    g.step('E3'); // pool + graffiti
    expect(view(g.state, 0).recruiter!.unrevealed).toBe(contacts);
    expect(view(g.state, 1).exposed).toEqual(shake ? [{ feature: 'pool', time: 6 }] : []);
  });

  test('R13 recruits: secret contacts reaching 9 do not win until revealed at the red alert', () => {
    const g = setupTraining({
      deck: ['graffiti', 'bus', 'bookstore'],
      start: 'F2',
      steps: ['E2', 'E3', 'E4', 'E5'],
    });
    expect(view(g.state, 1).recruits.total).toBe(4);
    g.walk('D6', 'C6', 'C5', 'B5'); // alerts 3 (07) and 0 (09)
    g.step('A5'); // bookstore + graffiti: 9 contacted, 7 revealed
    expect(view(g.state, 1).recruits.total).toBe(7);
    expect(view(g.state, 0).recruiter!.unrevealed).toBe(2);
    expect(g.result).toBeNull();
    expect(g.phase).toBe('agentsTurn');
    g.passAgents().step('A6'); // bus: alert 3
    expect(view(g.state, 1).recruits.total).toBe(10);
    expect(g.result).toEqual({ winner: 'recruiter', reason: 'recruits', time: 11 });
  });

  test('R14 time: the recruiter wins when a turn reaches 16:00, and the agents get no turn after it', () => {
    const g = setupFull({ start: 'A2', steps: ['A3', 'A4', 'A5', 'A6'] });
    g.walk('B6', 'B5', 'B4', 'B3', 'B2', 'C2', 'D2', 'D3', 'D4', 'D5');
    expect([g.time, g.result]).toEqual([15, null]);
    g.step('D6');
    expect(g.result).toEqual({ winner: 'recruiter', reason: 'time', time: 16 });
    expect(g.phase).toBe('over');
    expect(g.expected()).toEqual([]);
    expect(g.code({ type: 'activate', seat: 1, agent: 'meru' })).toBe('game_over');
  });

  test('R14 time: Training ends at 14:00', () => {
    const g = setupTraining({ start: 'A2', steps: ['A3', 'A4', 'A5', 'A6'] });
    g.walk('B6', 'B5', 'B4', 'B3', 'B2', 'C2', 'D2', 'D3', 'D4');
    expect(g.result).toEqual({ winner: 'recruiter', reason: 'time', time: 14 });
  });

  test('R14 + R17 the move to 14:00 is still a move: a boxed-in recruiter loses instead', () => {
    const g = setupTraining({ start: 'C1', steps: ['B1', 'B2', 'C2', 'D2'] });
    g.walk('D3', 'C3', 'C4', 'B4', 'A4', 'A3', 'A2', 'A1');
    // At A1 (time 13): A2 and B1 visited; Carl Box's landings C1 and A3 visited too.
    expect(g.result).toEqual({ winner: 'agents', reason: 'boxedIn', time: 13 });
    expect(pubs(g).slice(-2)).toEqual([
      { kind: 'recruiterTurnStarted', time: 14 },
      { kind: 'gameOver', result: { winner: 'agents', reason: 'boxedIn', time: 13 } },
    ]);
  });
});

describe('the recruiter turn', () => {
  const base = { start: 'C4', steps: ['D4', 'D3', 'D2', 'C2'] };

  test('R15 one action per turn; endTurn needs the action first', () => {
    const g = setupFull(base);
    expect(g.code(R.end())).toBe('must_act');
    g.do(R.step('C3'));
    expect(g.code(R.step('B3'))).toBe('already_done');
    expect(g.code(R.slip('C1'))).toBe('already_done');
    g.do(R.end());
    expect([g.phase, g.time]).toEqual(['agentsTurn', 6]);
  });

  test('R15 immortal move before the action, extra move after it paid with a step token on the current location', () => {
    const g = setupFull(base);
    g.do(R.imm('B6', 'B5'));
    expect(g.code(R.imm('E6', 'E5'))).toBe('already_done'); // the 2nd costs a step token
    g.do(R.step('C3'), R.extra('C3', 'E2', 'E3'));
    // D3: action and both immortal moves done, the turn ends by itself.
    expect([g.phase, g.time]).toEqual(['agentsTurn', 6]);
    expect(view(g.state, 1).stepTokens).toEqual([{ at: L('C3'), time: 6, source: 'extraMove' }]);
    expect(labels(view(g.state, 1).immortals)).toEqual(['B2', 'E3', 'B5', 'E6']);
  });

  test('R15 extra immortal move: only after a first immortal move, once per turn, on a markable visited location', () => {
    const g = setupFull(base);
    expect(g.code(R.extra('C2', 'E2', 'E3'))).toBe('must_act');
    g.do(R.imm('B6', 'B5'));
    expect(g.code(R.extra('F1', 'E2', 'E3'))).toBe('not_allowed'); // never visited
    g.do(R.extra('D4', 'E2', 'E3'));
    expect(g.code(R.extra('D3', 'E3', 'E4'))).toBe('already_done');
    g.step('C3').passAgents();
    g.do(R.imm('B5', 'B6'));
    expect(g.code(R.extra('D4', 'E3', 'E4'))).toBe('not_allowed'); // already has a step token
    expect(g.try(R.extra('C3', 'E3', 'E4')).ok).toBe(true);
  });

  test('R15 the recruiter may step onto a location holding an agent or an immortal', () => {
    const g = setupFull({ ...base, agents: ['C1', 'F3', 'A5', 'F5'] });
    g.do(R.step('C1')); // Meru stands on C1
    expect(g.state.path[g.state.path.length - 1]).toBe(L('C1'));
    const h = setupFull(base);
    expect(h.try(R.step('B2')).ok).toBe(true); // an immortal stands on B2
  });

  test('D3 Full Game: the turn waits for endTurn after the action; Training ends it at once', () => {
    const g = setupFull(base);
    g.do(R.step('C3'));
    expect([g.phase, view(g.state, 0).turn]).toEqual([
      'recruiterTurn',
      { actionDone: true, immortalMoves: 0, extraDone: false },
    ]);
    // D12: the agents see the turn once it is settled (the step can still be taken back).
    expect(view(g.state, 1).turn).toEqual({ actionDone: false, immortalMoves: 0, extraDone: false });
    g.do(R.imm('B6', 'B5')); // still possible after the action
    expect(g.phase).toBe('recruiterTurn');
    g.do(R.end());
    expect(g.phase).toBe('agentsTurn');
    const t = setupTraining(base);
    t.do(R.step('C3'));
    expect([t.phase, t.time]).toEqual(['agentsTurn', 6]);
  });
});

describe('mind slips', () => {
  const slipMayhem = [
    ['B2', 'C2'],
    ['A7', 'B7'],
    ['C7', 'D7'],
    ['E7', 'F7'],
    ['E1', 'F1'],
  ] as const;

  test('R16 Carl Box: exactly 2 locations in a straight orthogonal line, over mayhem and visited locations', () => {
    const g = setupFull({ card: 'carl', mayhem: slipMayhem, start: 'C4', steps: ['D4', 'D3', 'D2', 'C2'] });
    const landings = g
      .legal(0)
      .filter((a) => a.type === 'mindSlip')
      .map((a) => label((a as { to: number }).to))
      .sort();
    expect(landings).toEqual(['A2', 'E2']); // C4 visited; A2 over B2 and the B2|C2 mayhem; E2 over visited D2
    expect(g.code(R.slip('C4'))).toBe('not_allowed');
    expect(g.code(R.slip('E4'))).toBe('not_allowed'); // diagonal
    expect(g.code(R.slip('C1'))).toBe('not_allowed'); // only one location: the whole move must be made
    g.do(R.slip('A2'), R.end());
    expect(g.state.path.map(label).slice(-2)).toEqual(['C2', 'A2']);
  });

  test('R16 The Girl with the Pipe: exactly 2 locations diagonally, no temple needed', () => {
    const g = setupFull({ card: 'girl', mayhem: slipMayhem, start: 'C4', steps: ['D4', 'D3', 'D2', 'C2'] });
    const landings = g
      .legal(0)
      .filter((a) => a.type === 'mindSlip')
      .map((a) => label((a as { to: number }).to))
      .sort();
    expect(landings).toEqual(['A4', 'E4']);
    expect(g.code(R.slip('A2'))).toBe('not_allowed');
    g.do(R.slip('E4'), R.end()); // over D3 (visited), no temple on the line
    expect(g.state.path.map(label).slice(-1)).toEqual(['E4']);
  });

  test('R16 the used token goes to the time track; it cannot be used twice; agents see the slip, not the card', () => {
    const views: string[] = [];
    for (const [card, to] of [
      ['carl', 'A2'],
      ['girl', 'E4'],
    ] as const) {
      const g = setupFull({
        card,
        deck: ['tuktuk', 'dogs', 'garden'],
        mayhem: slipMayhem,
        start: 'C4',
        steps: ['D4', 'D3', 'D2', 'C2'],
      });
      g.do(R.slip(to));
      expect(g.events.map((e) => e.pub)).toEqual([{ kind: 'mindSlipUsed', time: 6, token: 1, tokenAt: null }]);
      g.do(R.end());
      expect(view(g.state, 1).mindSlips).toEqual({ firstUsedAt: 6, secondOnBoard: L('F4'), secondUsedAt: null });
      g.passAgents();
      expect(g.code(R.slip(card === 'carl' ? 'A4' : 'C2'))).toBe('no_token');
      views.push(JSON.stringify(view(g.state, 1)));
    }
    expect(views[0]).toBe(views[1]);
  });

  test('R17 boxed in: no step and no slip landing at the start of a turn loses at once (The Girl, Full Game)', () => {
    const g = setupFull({
      card: 'girl',
      deck: ['tuktuk', 'dogs', 'garden', 'pool', 'idol'],
      mayhem: [
        ['A1', 'B1'],
        ['C7', 'D7'],
        ['E7', 'F7'],
        ['A4', 'A5'],
        ['F2', 'F3'],
      ],
      start: 'C3',
      steps: ['C2', 'B2', 'A2', 'A1'],
      immortals: ['C5', 'D5', 'B4', 'E4'],
    });
    expect(g.result).toEqual({ winner: 'agents', reason: 'boxedIn', time: 5 });
  });

  test.each([
    ['carl', 'A3'],
    ['girl', 'C3'],
  ] as const)('R17 a held mind slip with a landing is a way out (%s lands on %s)', (card, landing) => {
    const g = setupTraining({ card, start: 'C1', steps: ['B1', 'B2', 'A2', 'A1'] });
    expect(g.result).toBeNull();
    expect(g.legal(0)).toEqual([{ type: 'mindSlip', seat: 0, to: L(landing), token: 1 }]);
    g.do(R.slip(landing));
    expect(g.time).toBe(6);
  });

  test('R18 2nd mind slip token: acquired silently by stepping on it, used later; its spot becomes public', () => {
    const make = (to: string) => {
      const g = setupFull({ start: 'C4', steps: ['D4', 'D3', 'D2', 'C2'], mindSlipAt: 'B2' });
      g.step(to);
      return g;
    };
    const on = make('B2');
    const off = make('C1');
    expect(heldMindSlips(on.state)).toEqual([1, 2]);
    expect(heldMindSlips(off.state)).toEqual([1]);
    expect(JSON.stringify(view(on.state, 1))).toBe(JSON.stringify(view(off.state, 1)));
    expect(view(on.state, 1).mindSlips.secondOnBoard).toBe(L('B2'));
    on.passAgents();
    off.passAgents();
    expect(off.code(R.slip('C3', 2))).toBe('no_token');
    on.do(R.slip('B4', 2)); // Carl Box from B2 over B3
    expect(on.events.map((e) => e.pub)).toEqual([{ kind: 'mindSlipUsed', time: 7, token: 2, tokenAt: L('B2') }]);
    on.do(R.end());
    expect(view(on.state, 1).mindSlips).toEqual({ firstUsedAt: null, secondOnBoard: null, secondUsedAt: 7 });
    expect(heldMindSlips(on.state)).toEqual([1]);
  });

  test('R18 landing on the 2nd token with a mind slip acquires it too', () => {
    const g = setupFull({ card: 'girl', start: 'A2', steps: ['A3', 'A4', 'A5', 'A6'], mindSlipAt: 'C4' });
    g.do(R.slip('C4'), R.end()); // The Girl with the Pipe from A6 over B5
    expect(heldMindSlips(g.state)).toEqual([2]);
    g.passAgents();
    g.do(R.slip('E2', 2), R.end()); // from C4 over D3
    expect(view(g.state, 1).mindSlips).toEqual({ firstUsedAt: 6, secondOnBoard: null, secondUsedAt: 7 });
  });

  test('R18 a 2nd token placed on a location visited in setup can never be acquired', () => {
    const g = setupFull({ start: 'C4', steps: ['D4', 'D3', 'D2', 'C2'], mindSlipAt: 'D4' });
    g.walk('C1');
    expect(g.code(R.slip('D4', 2))).toBe('no_token');
    expect(g.code(R.step('D4'))).toBe('already_visited');
    expect(heldMindSlips(g.state)).toEqual([1]);
  });
});

describe('immortal recruiting', () => {
  const deck = ['tuktuk', 'dogs', 'garden', 'pool', 'idol'] as const; // immortal cards: pool, idol
  const base = { deck, start: 'B3', steps: ['B4', 'B5', 'C5', 'D5'], immortals: ['C4', 'B2', 'E2', 'D6'] };

  test('R19 two immortals on two different locations with a face-up feature recruit once; the card is discarded', () => {
    const g = setupFull({ ...base, agents: ['A3', 'A7', 'A5', 'F5'] });
    expect(view(g.state, 1).recruits.immortal).toEqual([]);
    g.do(R.imm('E2', 'E3')); // pool on C4 and E3
    expect(g.events.map((e) => e.pub)).toContainEqual({
      kind: 'immortalRecruited',
      feature: 'pool',
      at: [L('C4'), L('E3')],
      time: 6,
    });
    let v = view(g.state, 1);
    expect([v.recruits.immortal, v.immortalCards, v.immortalDiscards, v.recruits.total]).toEqual([
      [{ feature: 'pool', time: 6 }],
      ['idol'],
      ['pool'],
      3 + 1, // setup: garden on B3 and D5, dogs on C5
    ]);
    g.step('D4').passAgents();
    v = view(g.state, 1);
    expect(v.immortalCards).toEqual(['idol', 'billboard']); // refilled from the deck
    g.do(R.imm('E3', 'F2'), R.extra('D4', 'F2', 'E3')); // pool on C4 and E3 again: the card is gone
    expect(view(g.state, 1).recruits.immortal).toHaveLength(1);
  });

  test('R19 both cards may recruit on one turn', () => {
    const g = setupFull({ ...base, agents: ['A3', 'A7', 'A5', 'F5'] });
    g.do(R.imm('D6', 'E6')); // idol on C4 and E6
    g.do(R.extra('D5', 'E2', 'E3')); // pool on C4 and E3
    expect(view(g.state, 1).recruits.immortal).toEqual([
      { feature: 'idol', time: 6 },
      { feature: 'pool', time: 6 },
    ]);
    expect(view(g.state, 1).recruits.total).toBe(3 + 2);
  });

  test.each([
    ['F3', 0], // E3 is orthogonally next to Henry
    ['F4', 1], // E3 is only diagonal to Henry
    ['E1', 1],
  ])('R19 Henry Lyme blocks his location and its orthogonal neighbours (Henry on %s: %i recruit)', (henry, n) => {
    const g = setupFull({ ...base, agents: ['A3', henry, 'A5', 'F5'] });
    g.do(R.imm('E2', 'E3'));
    expect(view(g.state, 1).recruits.immortal.length).toBe(n);
  });

  test("R19 + D1 nothing is recruited in the agents' turn; it happens at the start of the next recruiter turn", () => {
    const g = setupFull({ ...base, agents: ['A3', 'F3', 'A5', 'F5'] });
    g.do(R.imm('E2', 'E3')); // blocked by Henry on F3
    g.step('D4');
    g.activation('henry', A.move('F5'));
    expect(view(g.state, 1).recruits.immortal).toEqual([]);
    g.idle('meru');
    expect(view(g.state, 1).recruits.immortal).toEqual([{ feature: 'pool', time: 7 }]);
    const kinds = g.events.map((e) => e.pub.kind);
    expect(kinds.slice(kinds.indexOf('recruiterTurnStarted'))).toEqual(['recruiterTurnStarted', 'immortalRecruited']);
  });

  test('D1 at the start of a turn immortal recruiting is checked before being boxed in', () => {
    const g = setupFull({
      card: 'girl',
      deck: ['tuktuk', 'dogs', 'garden', 'pool', 'idol'],
      mayhem: [
        ['A1', 'B1'],
        ['C7', 'D7'],
        ['E7', 'F7'],
        ['A4', 'A5'],
        ['F2', 'F3'],
      ],
      start: 'C3',
      steps: ['C2', 'B2', 'A2', 'A1'],
      immortals: ['C4', 'E3', 'B5', 'D5'],
      agents: ['F1', 'F7', 'A7', 'F5'],
    });
    expect(g.events.map((e) => e.pub.kind)).toEqual([
      'mindSlipTokenPlaced',
      'immortalCardsDrawn',
      'recruiterTurnStarted',
      'immortalRecruited',
      'gameOver',
    ]);
    expect(view(g.state, 1).recruits.immortal).toEqual([{ feature: 'pool', time: 6 }]);
    expect(g.result).toEqual({ winner: 'agents', reason: 'boxedIn', time: 5 });
  });

  test("R19 immortals never use the recruiter's own cards", () => {
    // tuktuk is a recruiter card: immortals on E2 and C6 (both tuktuk) recruit nothing.
    const g = setupFull({ ...base, immortals: ['C4', 'B2', 'E2', 'C5'], agents: ['A3', 'A7', 'A5', 'F5'] });
    g.do(R.imm('C5', 'C6'));
    expect(view(g.state, 1).recruits.immortal).toEqual([]);
  });
});

describe('rulings R34, R36, R37', () => {
  // Cards pool, garden, tuktuk; immortal cards coffee, billboard; the refill draws idol.
  // Immortals D5 (billboard), C5, C4 and B6 (both idol); Henry Lyme on F4.
  const refill = {
    deck: ['pool', 'garden', 'tuktuk', 'coffee', 'billboard', 'idol'] as const,
    start: 'C2',
    steps: ['D2', 'D3', 'D4', 'C3'],
    immortals: ['D5', 'C5', 'C4', 'B6'],
    agents: ['A3', 'F4', 'A5', 'F5'],
  };
  const immortalRecruits = (g: Game) => view(g.state, 1).recruits.immortal;

  test('R34 a card drawn in the refill recruits at the start of the next recruiter turn, not at the refill', () => {
    const g = setupFull({ ...refill, deck: [...refill.deck] });
    g.do(R.imm('C5', 'B4')); // billboard on D5 and B4 (R19)
    g.step('B3');
    expect(view(g.state, 1).immortalCards).toEqual(['coffee', 'idol']); // idol on C4 and B6 already
    expect(immortalRecruits(g)).toEqual([{ feature: 'billboard', time: 6 }]);
    g.passAgents();
    expect(immortalRecruits(g)).toEqual([
      { feature: 'billboard', time: 6 },
      { feature: 'idol', time: 7 },
    ]);
  });

  test('R34 the agents can break the position between the refill and the next check (Henry Lyme next to C4)', () => {
    const g = setupFull({ ...refill, deck: [...refill.deck] });
    g.do(R.imm('C5', 'B4'));
    g.step('B3');
    g.activation('henry', A.move('D4'));
    g.idle('meru');
    expect(g.phase).toBe('recruiterTurn');
    expect(immortalRecruits(g)).toEqual([{ feature: 'billboard', time: 6 }]);
    expect(view(g.state, 1).immortalCards).toEqual(['coffee', 'idol']);
  });

  test('R36 the 2nd mind slip token placed on a location visited in setup (05:00) can never be acquired', () => {
    const g = setupFull({ start: 'B1', steps: ['B2', 'C2', 'D2', 'D3'], mindSlipAt: 'D3' });
    g.walk('D4', 'E4', 'E3', 'F3', 'F2');
    expect(g.state.secondMindSlipHeld).toBe(false);
    expect(heldMindSlips(g.state)).toEqual([1]);
  });

  test('R36 the agents are not told: their view is the same whether the token lies on a visited location or not', () => {
    // cards pool, garden, monks: both setup paths contact 1 (C2, monks)
    const deck = ['pool', 'garden', 'monks'] as const;
    const onVisited = setupFull({ deck: [...deck], start: 'B1', steps: ['B2', 'C2', 'D2', 'D3'], mindSlipAt: 'D3' });
    const onFresh = setupFull({ deck: [...deck], start: 'B1', steps: ['B2', 'C2', 'D2', 'E2'], mindSlipAt: 'D3' });
    onVisited.step('D4');
    onFresh.step('E3');
    expect(JSON.stringify(view(onVisited.state, 1))).toBe(JSON.stringify(view(onFresh.state, 1)));
    onFresh.passAgents().step('D3'); // the fresh one is acquired by stepping on it
    expect(onFresh.state.secondMindSlipHeld).toBe(true);
  });

  test('R37 boxed in with an immortal move that could win: the turn goes on and the 12th recruit wins first', () => {
    const { g, actions } = fromRecord('full-r37-immortals-win-boxed-in.json');
    const last = actions.length - 2; // the turn's immortal move and extra move
    g.do(...actions.slice(0, last));
    expect(boxedIn(g.state)).toBe(true);
    expect(g.result).toBeNull();
    expect(new Set(g.legal(0).map((a) => a.type))).toEqual(new Set(['moveImmortal']));
    const twin = fastTwin(g.state, g.actions);
    expect(compareTwin(g.state, twin)).toMatchObject({ same: true });
    expect(compareTwin(g.state, twin).fast).toEqual(compareTwin(g.state, twin).readable);
    g.do(...actions.slice(last));
    expect(g.result).toEqual({ winner: 'recruiter', reason: 'recruits', time: 13 });
    expect(g.events.map((e) => e.pub.kind)).toEqual(['immortalMoved', 'immortalRecruited', 'gameOver']);
    expect(compareTwin(g.state, fastTwin(g.state, g.actions)).same).toBe(true);
  });

  test('R37 boxed in is declared once no immortal move left could bring the 12th recruit', () => {
    const { g, actions } = fromRecord('full-r37-boxed-in-after-immortal-move.json');
    const last = actions.length - 2;
    g.do(...actions.slice(0, last));
    expect(boxedIn(g.state)).toBe(true);
    expect(g.result).toBeNull();
    g.do(actions[last]!);
    expect(g.result).toBeNull(); // the extra move could still win
    g.do(actions[last + 1]!);
    expect(g.result).toEqual({ winner: 'agents', reason: 'boxedIn', time: 14 });
    expect(g.events.map((e) => e.pub.kind)).toEqual(['immortalMoved', 'gameOver']);
    expect(compareTwin(g.state, fastTwin(g.state, g.actions)).same).toBe(true);
  });

  test('R37 the engine ends the turn at once only when no immortal move left could bring the winning recruit', () => {
    // billboard: A1, D2, B4, D5, C7. One immortal on D5; the others two moves from a billboard location.
    const x = {
      immortals: [L('D5'), L('F1'), L('A7'), L('F7')],
      cards: ['billboard' as const],
      henry: null,
      mayhem: [],
    };
    expect(immortalWinReachable({ ...x, need: 1, moves: 1 })).toBe(false);
    expect(immortalWinReachable({ ...x, need: 1, moves: 2 })).toBe(true); // F1-E2-D2 or A7-B7-C7
    expect(immortalWinReachable({ ...x, need: 2, moves: 2 })).toBe(false); // one card recruits once
    expect(immortalWinReachable({ ...x, need: 1, moves: 2, henry: L('C1') })).toBe(true); // A7-B7-C7 still
    expect(immortalWinReachable({ ...x, need: 0, moves: 0 })).toBe(true);
  });
});
