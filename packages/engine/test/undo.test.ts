// D12: undo of actions that revealed nothing, back to the last thing revealed; a real engine
// action (refused with a reason, replayed from records), and invisible to the agents when the
// recruiter takes back a secret step.
import { describe, expect, test } from 'vitest';
import { type Action, legalActions, publicLogLength, replay, view } from '../src/index.js';
import { A, Game, L, R, setupFull, setupTraining } from './helpers/game.js';

// Recruiter path C4 D4 D3 D2 C2 (as agents.test.ts); agents Meru A3, Henry F3, Bill A5, Dusty F5.
const base = { start: 'C4', steps: ['D4', 'D3', 'D2', 'C2'] };
const undo = (seat: number): Action => ({ type: 'undo', seat });
const agentTurn = (): Game => setupFull(base).step('C1');
const stateText = (g: Game) => JSON.stringify({ ...g.state, seq: 0, undo: null, hiddenSeqs: 0 });

describe('D12 undo', () => {
  test('D12 an agent activation and move are taken back one undo at a time to the activation start', () => {
    const g = agentTurn();
    const before = stateText(g);
    g.do({ type: 'activate', seat: 1, agent: 'meru' });
    const activated = stateText(g);
    g.do(A.move('A2')(1));
    expect(legalActions(g.state, 1, { undo: true })).toContainEqual(undo(1));
    expect(legalActions(g.state, 1)).not.toContainEqual(undo(1)); // bots never see it
    const seq = g.state.seq;
    g.do(undo(1));
    expect(g.state.seq).toBe(seq + 1); // a real action in the log
    expect(g.state.agents[0]).toBe(L('A3'));
    expect(g.state.activation?.agent).toBe('meru'); // the move only
    expect(stateText(g)).toBe(activated);
    g.do(undo(1));
    expect(g.state.activation).toBeNull();
    expect(stateText(g)).toBe(before); // the whole game as it was, log included
    expect(g.code(undo(1))).toBe('undo_nothing');
  });

  test('D12 an Ask reveals: what came before it cannot be undone (undo_after_reveal)', () => {
    const g = agentTurn();
    g.do({ type: 'activate', seat: 1, agent: 'henry' }, A.move('F2')(1));
    const ask = g.legal(1).find((a) => a.type === 'ask' && !a.dolphin);
    if (!ask) return expect.fail('Henry has nothing to ask about on F2');
    g.do(ask); // the recruiter must answer
    g.do(g.legal(0)[0]!);
    // Henry has no free action: D4 ended the activation; the next one has nothing to undo
    expect(g.code(undo(1))).toBe('undo_nothing');
    g.do({ type: 'activate', seat: 1, agent: 'bill' }, A.capture()(1)); // a capture tried: revealed
    expect(g.state.activation?.agent).toBe('bill'); // Bill keeps his free action
    expect(g.code(undo(1))).toBe('undo_after_reveal');
  });

  test('D12 only the seat that acted may undo; the others are told it is not their turn', () => {
    const g = setupFull({ ...base, agentSeats: 2 }).step('C1');
    g.do({ type: 'activate', seat: 1, agent: 'meru' }, A.move('A2')(1));
    expect(g.code(undo(2))).toBe('not_your_turn');
    expect(g.code(undo(0))).toBe('not_your_turn');
  });

  test('D12 the recruiter takes back a Full Game step before ending the turn; ending the turn settles it', () => {
    const g = setupFull(base);
    g.do(R.step('C3'));
    expect(g.state.turn?.actionDone).toBe(true);
    g.do(undo(0));
    expect(g.state.path.at(-1)).toBe(L('C2'));
    expect(g.state.turn?.actionDone).toBe(false);
    g.do(R.step('B2'), R.imm('E2', 'E3'));
    g.do(undo(0)); // the immortal move
    expect(g.state.immortals).toContain(L('E2'));
    expect(g.state.path.at(-1)).toBe(L('B2'));
    g.do(undo(0)); // then the step
    expect(g.state.path.at(-1)).toBe(L('C2'));
    g.do(R.step('C3'), R.end());
    expect(g.code(undo(0))).toBe('not_your_turn'); // the agents' turn now
  });

  test('D12 a Training Mission step ends the turn by itself (D3): nothing to undo', () => {
    const g = setupTraining({ start: 'C4', steps: ['D4', 'D3', 'D2', 'C2'] });
    g.do(R.step('C3'));
    expect(g.phase).toBe('agentsTurn');
    expect(g.code(undo(0))).toBe('not_your_turn');
  });

  test('D12 the agents see nothing of a step the recruiter took back: same view, same seq', () => {
    const g = setupFull(base);
    const seen = (seat: number | 'spectator') => JSON.stringify(view(g.state, seat as 1));
    const agents0 = [seen(1), seen('spectator')];
    const log0 = view(g.state, 1).log.length;
    g.do(R.step('C3'), R.imm('B2', 'B3'));
    expect([seen(1), seen('spectator')]).toEqual(agents0); // not settled: nothing shown yet
    // the log length the others hold (the server's chat `logAt`) does not count the hidden turn
    expect([publicLogLength(g.state), g.state.history.length > log0]).toEqual([log0, true]);
    expect(view(g.state, 0).seq).toBe(g.state.seq); // the recruiter sees its own moves
    g.do(undo(0));
    expect([seen(1), seen('spectator')]).toEqual(agents0);
    g.do(undo(0));
    expect([seen(1), seen('spectator')]).toEqual(agents0);
    // The same turn without the undo, from the same start, looks the same to the agents.
    g.do(R.step('B2'), R.end());
    const h = setupFull(base).do(R.step('B2'), R.end());
    expect(JSON.stringify(view(g.state, 1))).toBe(JSON.stringify(view(h.state, 1)));
    expect(JSON.stringify(view(g.state, 'spectator'))).toBe(JSON.stringify(view(h.state, 'spectator')));
    expect(publicLogLength(g.state)).toBe(view(h.state, 1).log.length);
    expect(g.state.seq).toBe(h.state.seq + 4); // the log holds the step, the immortal move and two undos
  });

  test('D12 an immortal recruit is revealed: the step before it cannot be taken back', () => {
    // Immortals B2 E2 B6 E6; immortal cards coffee, dogs (agents.test.ts). Find a move recruiting now.
    const g = setupFull(base);
    g.do(R.step('C3'));
    const recruit = legalActions(g.state, 0).find((a) => {
      if (a.type !== 'moveImmortal') return false;
      const r = g.try(a);
      return r.ok && r.events.some((e) => e.pub.kind === 'immortalRecruited');
    });
    if (!recruit) return expect.fail('no recruiting immortal move in this position');
    g.do(recruit);
    expect(g.code(undo(0))).toBe('undo_after_reveal');
  });

  test('D12 a record with undos replays to the same state', () => {
    const g = agentTurn();
    g.do({ type: 'activate', seat: 1, agent: 'meru' }, A.move('A2')(1), undo(1), undo(1));
    g.do({ type: 'activate', seat: 1, agent: 'bill' }, A.move('A6')(1), A.capture()(1), A.end()(1));
    g.idle('henry');
    const [first, second] = g.legal(0).filter((a) => a.type === 'step');
    g.do(first!, undo(0), second ?? first!, R.end());
    const r = replay(g.record());
    if (!r.ok) return expect.fail(`${r.code}: ${r.message}`);
    expect(JSON.stringify(r.state)).toBe(JSON.stringify(g.state));
    expect(g.record().actions.filter((a) => a.type === 'undo')).toHaveLength(3);
  });
});
