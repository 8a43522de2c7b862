// Notes (R30, D8), seats (R32, D9), resigning, timeouts and abandoning (R33, D7, D11, D14), and errors that
// never throw, never change state and never depend on hidden facts.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  ACTION_TYPES,
  AGENTS,
  type Action,
  agentControllers,
  agentsOfSeat,
  apply,
  applyNote,
  check,
  checkNote,
  expectedSeats,
  FEATURES,
  type GameState,
  type GameRecord,
  legalActions,
  newGame,
  type NoteChange,
  type Notes,
  NOTES_MAX,
  notesFromActions,
  replay,
  view,
} from '../src/index.js';
import { A, Game, L, R, setupFull, setupTraining } from './helpers/game.js';

const base = { start: 'C4', steps: ['D4', 'D3', 'D2', 'C2'] };
const note = (text: string, from: number | null = 6, to: number | null = 8) => ({
  from,
  to,
  crossed: ['pool' as const],
  text,
});

describe('notes', () => {
  /** Changes `notes` as a table does: the pure validator first, then the pure apply. */
  const write = (s: GameState, notes: Notes, change: unknown): Notes => {
    const e = checkNote(s, notes, change);
    if (e) throw new Error(`${e.code}: ${e.message}`);
    return applyNote(notes, change as NoteChange);
  };
  const code = (s: GameState, notes: Notes, change: unknown) => checkNote(s, notes, change)?.code ?? null;

  test('R30 mental notes are unlimited (one per location, all 42) and any agent seat writes them; step tokens are unlimited too', () => {
    const g = setupFull({ ...base, agentSeats: 2 });
    let notes: Notes = [];
    for (let at = 0; at < 42; at++) notes = write(g.state, notes, { seat: 1 + (at % 2), at, note: note(`n${at}`) });
    expect(notes).toHaveLength(42);
    expect(NOTES_MAX).toBe(42);
    expect(notes.find((n) => n.at === L('F7'))?.note).toEqual(note('n41'));
    // Step tokens: an extra immortal move every turn puts one more on the board.
    const h = setupFull({ start: 'A2', steps: ['A3', 'A4', 'A5', 'A6'] });
    const path = ['B6', 'B5', 'B4', 'B3', 'B2', 'C2', 'D2', 'D3', 'D4', 'D5'];
    path.forEach((to, i) => {
      const [a, b] = ['E6', 'E5'];
      h.do(R.step(to), R.imm(a, b), R.extra(to, b, a));
      h.passAgents();
    });
    expect(view(h.state, 1).stepTokens).toHaveLength(10);
  });

  test('D8 one white note per location: a change replaces it, any agent seat may change or remove it, the recruiter and spectators may not write (R30)', () => {
    const g = setupFull({ ...base, agentSeats: 3 });
    let notes = write(g.state, [], { seat: 1, at: L('B2'), note: note('first') });
    notes = write(g.state, notes, { seat: 3, at: L('B2'), note: note('second', 7, 9) }); // out of turn is fine
    expect(notes).toEqual([{ at: L('B2'), note: note('second', 7, 9) }]);
    const before = notes;
    notes = write(g.state, notes, { seat: 2, at: L('B2'), note: null });
    expect(notes).toEqual([]);
    expect(before).toEqual([{ at: L('B2'), note: note('second', 7, 9) }]); // applyNote is pure
    expect(code(g.state, notes, { seat: 2, at: L('B2'), note: null })).toBe('not_here');
    expect(code(g.state, notes, { seat: 0, at: L('B2'), note: note('x') })).toBe('not_allowed');
    expect(code(g.state, notes, { seat: 'spectator', at: L('B2'), note: note('x') })).toBe('not_allowed');
    expect(code(g.state, notes, { seat: 4, at: L('B2'), note: note('x') })).toBe('not_allowed');
    expect(code(g.state, notes, { seat: 1, at: 42, note: note('x') })).toBe('bad_location');
    expect(code(g.state, notes, { seat: 1, at: L('B2'), note: note('x', 9, 7) })).toBe('malformed');
    expect(code(g.state, notes, { seat: 1, at: L('B2'), note: note('x', 0, 7) })).toBe('malformed');
    expect(code(g.state, notes, { seat: 1, at: L('B2'), note: note('x'.repeat(201)) })).toBe('malformed');
    expect(code(g.state, notes, { seat: 1, at: L('B2'), note: { ...note('x'), crossed: ['pool', 'pool'] } })).toBe(
      'malformed',
    );
    expect(code(g.state, notes, { seat: 1, at: L('B2') })).toBe('malformed');
    expect(code(g.state, notes, null)).toBe('malformed');
    // Only the four fields of a body are kept.
    const extra = write(g.state, [], { seat: 1, at: L('B2'), note: { ...note('x'), evil: 1 } });
    expect(Object.keys(extra[0]!.note).sort()).toEqual(['crossed', 'from', 'text', 'to']);
  });

  test('R30 D8 a note is not a move: apply refuses it, so the log and seq grow only with moves', () => {
    const g = setupFull({ ...base, agentSeats: 2 });
    const r = g.try({ type: 'note', seat: 1, at: L('B2'), note: note('x') });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.code).toBe('not_allowed');
    expect(check(g.state, { type: 'note', seat: 1, at: L('B2'), note: note('x') })?.code).toBe('not_allowed');
  });

  test('R30 D8 a legacy logged note action still replays: it keeps its seq and log entry, and its note is read from the actions', () => {
    const g = setupFull({ ...base, agentSeats: 2 });
    const seq = g.state.seq;
    g.logged({ type: 'note', seat: 1, at: L('B2'), note: note('old') });
    g.logged({ type: 'note', seat: 2, at: L('C3'), note: note('older') });
    g.logged({ type: 'note', seat: 2, at: L('C3'), note: null });
    expect(g.state.seq).toBe(seq + 3);
    expect(g.events[0]?.pub).toMatchObject({ kind: 'noteChanged', at: L('C3'), note: null });
    expect(notesFromActions(g.actions)).toEqual([{ at: L('B2'), note: note('old') }]);
    const rec = g.record();
    expect(rec.notes).toEqual([{ at: 'B2', note: note('old') }]);
    // A record without `notes` (written before they existed) takes them from its note actions.
    const { notes: _drop, ...old } = rec;
    const r = replay(JSON.parse(JSON.stringify(old)) as GameRecord);
    expect(r.ok && r.notes).toEqual([{ at: L('B2'), note: note('old') }]);
    expect(r.ok && r.state.seq).toBe(g.state.seq);
    // A record's own `notes` are the final notes.
    const r2 = replay({ ...rec, notes: [{ at: 'F7', note: note('final') }] });
    expect(r2.ok && r2.notes).toEqual([{ at: L('F7'), note: note('final') }]);
    expect(replay({ ...rec, notes: [{ at: 'Z9', note: note('x') }] }).ok).toBe(false);
    expect(replay({ ...rec, notes: [{ at: 'F7', note: note('x', 9, 1) }] }).ok).toBe(false);
  });

  test('R30 the notes are final once the game is over', () => {
    const g = setupFull({ ...base, agentSeats: 2 });
    g.do({ type: 'resign', seat: 1 });
    expect(code(g.state, [], { seat: 1, at: L('B2'), note: note('late') })).toBe('game_over');
  });

  test('D8 confirmed notes are separate from white notes and never change', () => {
    const g = setupTraining(base);
    let notes = write(g.state, [], { seat: 1, at: L('C4'), note: note('start') });
    notes = write(g.state, notes, { seat: 1, at: L('C4'), note: null });
    expect(notes).toEqual([]);
    expect(view(g.state, 1).confirmed).toEqual([{ at: L('C4'), visitTime: 1 }]);
  });
});

describe('seats', () => {
  test.each([
    [1, [['meru', 'henry', 'bill', 'dusty']]],
    [
      2,
      [
        ['meru', 'henry'],
        ['bill', 'dusty'],
      ],
    ],
    [
      3,
      [
        ['meru', 'dusty'],
        ['henry', 'dusty'],
        ['bill', 'dusty'],
      ],
    ],
    [4, [['meru'], ['henry'], ['bill'], ['dusty']]],
  ])('R32 + D9 %i agent seat(s): agents shared out in the order Meru, Henry, Bill, Dusty', (n, bySeat) => {
    expect(bySeat.map((_, i) => agentsOfSeat(n, i + 1))).toEqual(bySeat);
    expect(agentsOfSeat(n, 0)).toEqual([]);
  });

  test('R32 the shared 4th agent: with 3 agent seats any of them may place, activate and move Dusty', () => {
    expect(agentControllers(3, 'dusty')).toEqual([1, 2, 3]);
    const g = setupFull({ ...base, agentSeats: 3, stopAt: 'agents' });
    expect(expectedSeats(g.state)).toEqual([1, 2, 3]);
    expect(g.code({ type: 'placeAgent', seat: 2, agent: 'meru', at: L('A1') })).toBe('not_controlled');
    g.do({ type: 'placeAgent', seat: 3, agent: 'dusty', at: L('F5') });
    g.do({ type: 'placeAgent', seat: 1, agent: 'meru', at: L('A3') });
    g.do({ type: 'placeAgent', seat: 2, agent: 'henry', at: L('F3') });
    g.do({ type: 'placeAgent', seat: 3, agent: 'bill', at: L('A5') });
    g.do({ type: 'placeMindSlip', seat: 2, at: L('F4') });
    g.step('C1');
    expect(g.code({ type: 'activate', seat: 2, agent: 'meru' })).toBe('not_controlled');
    expect(g.code({ type: 'activate', seat: 4, agent: 'meru' })).toBe('not_allowed'); // no seat 4 here
    g.do({ type: 'activate', seat: 2, agent: 'dusty' });
    expect(expectedSeats(g.state)).toEqual([1, 2, 3]);
    g.do(A.move('F6')(1)); // seat 1 shares Dusty too
    g.do(A.end()(3));
    g.do({ type: 'activate', seat: 1, agent: 'meru' });
    expect(expectedSeats(g.state)).toEqual([1]);
    expect(g.code(A.move('A4')(2))).toBe('not_your_turn');
    expect(view(g.state, 2).myAgents).toEqual(['henry', 'dusty']);
  });

  test('R32 solo and full tables: 1 to 4 agent seats, seat numbers beyond the table are refused', () => {
    for (const n of [1, 2, 3, 4]) {
      const s = newGame({ mode: 'full', agentSeats: n, recruiterCard: 'carl' }, 1);
      expect(view(s, 'spectator').agents.map((a) => a.controlledBy)).toEqual(AGENTS.map((a) => agentControllers(n, a)));
      const r = apply(s, { type: 'resign', seat: n + 1 });
      expect(r.ok ? 'ok' : r.code).toBe(n < 4 ? 'not_allowed' : 'malformed');
    }
    expect(apply(newGame({ mode: 'full', agentSeats: 1 }, 1), { type: 'resign', seat: 5 })).toMatchObject({
      ok: false,
      code: 'malformed',
    });
  });
});

describe('end of the game', () => {
  test.each([
    [0, 'agents'],
    [1, 'recruiter'],
    [3, 'recruiter'],
  ] as const)('R33 + D7 resign by seat %i: %s win, reason resign', (seat, winner) => {
    const g = setupFull({ ...base, agentSeats: 3 });
    g.do({ type: 'resign', seat }); // during the recruiter's turn: resigning is allowed out of turn
    expect(g.result).toEqual({ winner, reason: 'resign', time: 5 });
    expect(g.phase).toBe('over');
    expect(g.code({ type: 'resign', seat: 0 })).toBe('game_over');
    expect(checkNote(g.state, [], { seat: 1, at: 0, note: note('late') })?.code).toBe('game_over');
    expect(g.code(R.step('C1'))).toBe('game_over');
  });

  test('R33 + D7 timeout: only the seat the game waits on runs out of time; the other side wins, reason timeout', () => {
    const g = setupFull(base);
    expect(g.code({ type: 'timeout', seat: 1 })).toBe('not_allowed');
    g.step('C1');
    const h = new Game(g.state);
    h.do({ type: 'timeout', seat: 1 });
    expect(h.result).toEqual({ winner: 'recruiter', reason: 'timeout', time: 6 });
    const r = setupFull(base);
    r.do({ type: 'timeout', seat: 0 });
    expect(r.result).toEqual({ winner: 'agents', reason: 'timeout', time: 5 });
  });

  test('D14 abandon: any seat, out of turn; no winner, reason abandoned; never a legal action', () => {
    const g = setupFull({ ...base, agentSeats: 3 });
    for (let seat = 0; seat <= 3; seat++)
      expect(legalActions(g.state, seat).some((a) => a.type === 'abandon')).toBe(false);
    expect(g.code({ type: 'abandon', seat: 4 })).toBe('not_allowed');
    g.step('C1');
    g.do({ type: 'abandon', seat: 2 }); // the agents' turn, proposed by seat 2: not its turn alone
    expect(g.result).toEqual({ winner: null, reason: 'abandoned', time: 6 });
    expect(g.phase).toBe('over');
    expect(view(g.state, 1).result).toEqual({ winner: null, reason: 'abandoned', time: 6 });
    expect(g.code({ type: 'abandon', seat: 0 })).toBe('game_over');
    expect(g.code({ type: 'resign', seat: 0 })).toBe('game_over');
  });

  test('D11 the end reasons: every finished game records winner, reason and time', () => {
    const reasons = new Set<string>();
    const add = (g: Game) => {
      expect(g.result).not.toBeNull();
      reasons.add(g.result!.reason);
    };
    add(setupFull(base).do({ type: 'resign', seat: 0 }));
    add(setupFull(base).do({ type: 'timeout', seat: 0 }));
    add(setupFull(base).do({ type: 'abandon', seat: 1 }));
    add(
      setupFull({ ...base, agents: ['A3', 'F3', 'A5', 'C1'] })
        .step('C1')
        .activation('dusty', A.capture()),
    );
    add(
      setupTraining({ start: 'A2', steps: ['A3', 'A4', 'A5', 'A6'] }).walk(
        'B6',
        'B5',
        'B4',
        'B3',
        'B2',
        'C2',
        'D2',
        'D3',
        'D4',
      ),
    );
    add(
      setupTraining({ start: 'C1', steps: ['B1', 'B2', 'C2', 'D2'] }).walk(
        'D3',
        'C3',
        'C4',
        'B4',
        'A4',
        'A3',
        'A2',
        'A1',
      ),
    );
    add(
      setupTraining({ deck: ['graffiti', 'bus', 'bookstore'], start: 'F2', steps: ['E2', 'E3', 'E4', 'E5'] }).walk(
        'D6',
        'C6',
        'C5',
        'B5',
        'A5',
        'A6',
      ),
    );
    expect([...reasons].sort()).toEqual(['abandoned', 'boxedIn', 'capture', 'recruits', 'resign', 'time', 'timeout']);
  });
});

describe('errors', () => {
  /** A handful of states in different phases, all reached by legal play. */
  function states(): GameState[] {
    const out: GameState[] = [];
    out.push(newGame({ mode: 'full', agentSeats: 2, recruiterCard: 'choose' }, 1));
    out.push(setupFull({ ...base, stopAt: 'setupSteps' }).state);
    out.push(setupFull({ ...base, stopAt: 'immortals' }).state);
    out.push(setupFull({ ...base, stopAt: 'mindSlipToken' }).state);
    const g = setupFull(base);
    out.push(g.state);
    g.step('C1');
    out.push(g.state);
    g.do({ type: 'activate', seat: 1, agent: 'meru' }, A.ask('pool')(1));
    out.push(g.state);
    g.do(R.answer('C4'));
    out.push(g.state);
    out.push(setupTraining(base).state);
    out.push(
      setupFull({ ...base, agents: ['A3', 'F3', 'A5', 'C1'] })
        .step('C1')
        .activation('dusty', A.capture()).state,
    );
    return out;
  }

  const anyLoc = fc.oneof(fc.integer({ min: -2, max: 44 }), fc.constant('C3'), fc.constant(null), fc.double());
  const arbAction = fc.record(
    {
      type: fc.oneof(fc.constantFrom(...ACTION_TYPES), fc.string()),
      seat: fc.oneof(fc.integer({ min: -1, max: 6 }), fc.constant('0')),
      to: anyLoc,
      from: anyLoc,
      at: anyLoc,
      stepToken: anyLoc,
      between: fc.oneof(fc.tuple(anyLoc, anyLoc), fc.constant([1])),
      agent: fc.oneof(fc.constantFrom(...AGENTS), fc.string()),
      feature: fc.oneof(fc.constantFrom(...FEATURES), fc.string()),
      dolphin: fc.oneof(fc.boolean(), fc.constant(1)),
      token: fc.constantFrom(0, 1, 2, 3),
      card: fc.constantFrom('carl', 'girl', 'bob'),
      note: fc.oneof(fc.constant(null), fc.constant({ from: 1, to: 2, crossed: [], text: '' }), fc.constant('x')),
      extra: fc.anything(),
    },
    { requiredKeys: [] },
  );

  test('errors never throw and never change the state (fast-check over malformed and illegal actions)', () => {
    const all = states();
    const json = all.map((s) => JSON.stringify(s));
    fc.assert(
      fc.property(fc.nat({ max: all.length - 1 }), fc.oneof(arbAction, fc.anything()), (i, a) => {
        const s = all[i]!;
        const r = apply(s, a);
        expect(JSON.stringify(s)).toBe(json[i]);
        if (!r.ok) {
          expect(typeof r.code).toBe('string');
          expect(typeof r.message).toBe('string');
          expect(check(s, a)).toEqual(r);
        } else expect(r.state).not.toBe(s);
      }),
      { numRuns: 4000 },
    );
  });

  test('legal actions leave the input state untouched too (apply is pure)', () => {
    const g = setupFull(base);
    const before = JSON.stringify(g.state);
    const s0 = g.state;
    for (const a of g.legal(0)) apply(s0, a);
    expect(JSON.stringify(s0)).toBe(before);
  });

  test('an illegal agent action gets the same error whatever the hidden recruiter path, cards and card', () => {
    // Two games with the same public history: setup recruits 0 in both, no contacts at 06.
    const a = setupFull({
      card: 'carl',
      deck: ['tuktuk', 'dogs', 'garden', 'coffee', 'billboard'],
      start: 'C4',
      steps: ['D4', 'D3', 'D2', 'C2'],
    });
    a.step('C1');
    const b = setupFull({
      card: 'girl',
      deck: ['garden', 'parrot', 'dogs', 'coffee', 'billboard'],
      start: 'B7',
      steps: ['B6', 'A6', 'A5', 'A4'],
    });
    b.step('A3');
    expect(a.state.path).not.toEqual(b.state.path);
    expect(JSON.stringify(view(a.state, 1))).toBe(JSON.stringify(view(b.state, 1)));
    const probe = (g: Game) => {
      const out: string[] = [];
      for (let seat = 1; seat <= 2; seat++)
        for (const type of ACTION_TYPES)
          for (let at = 0; at < 42; at += 5)
            for (const feature of FEATURES)
              out.push(JSON.stringify(check(g.state, { type, seat, ...shapeFor(type, at, feature) })));
      return out;
    };
    expect(probe(a)).toEqual(probe(b));
    // And inside an activation: the same refusals and the same legal lists.
    for (const g of [a, b]) g.do({ type: 'activate', seat: 1, agent: 'meru' });
    expect(probe(a)).toEqual(probe(b));
    expect(JSON.stringify(a.legal(1))).toBe(JSON.stringify(b.legal(1)));
  });
});

/** A well-shaped action of each type, so the rule itself (not the shape check) decides. */
function shapeFor(type: Action['type'], at: number, feature: (typeof FEATURES)[number]): Record<string, unknown> {
  switch (type) {
    case 'placeMayhem':
      return { between: [at, at + 1 < 42 ? at + 1 : at - 1] };
    case 'chooseRecruiterCard':
      return { card: 'girl' };
    case 'chooseStart':
    case 'placeImmortal':
    case 'placeMindSlip':
      return { at };
    case 'placeAgent':
      return { agent: 'henry', at };
    case 'step':
    case 'move':
    case 'push':
      return { to: at };
    case 'mindSlip':
      return { to: at, token: 2 };
    case 'moveImmortal':
    case 'nudge':
      return { from: L('B2'), to: at };
    case 'extraImmortalMove':
      return { stepToken: at, from: L('B2'), to: at };
    case 'answerAsk':
      return { at };
    case 'activate':
      return { agent: 'dusty' };
    case 'ask':
      return { feature, dolphin: at % 2 === 0 };
    case 'shakedown':
      return { feature };
    case 'dustyMove':
      return { agent: 'bill', to: at };
    case 'note':
      return { at, note: null };
    default:
      return {};
  }
}
