// The table host: one action's frames per viewer, a refusal, a note; table-driven over the seats.
import { type Action, expectedSeats, legalActions, newGame, RECRUITER_SEAT, view, type Viewer } from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import { play, RecentPositions, stateFrame, writeNote, catchUpFrame } from '../src/host/index.js';
import { viewersOf } from './random-games.js';

const ID = 'g1';

/** A Full game (2 agent seats, the Carl card fixed) moved on by the first legal action until the
 * recruiter's turn. */
function toRecruiterTurn() {
  let s = newGame({ mode: 'full', agentSeats: 2, recruiterCard: 'carl' }, 11);
  for (let n = 0; s.phase !== 'recruiterTurn'; n++) {
    if (n > 500) throw new Error('no recruiter turn');
    const seat = expectedSeats(s)[0]!;
    const a = legalActions(s, seat).find((x) => x.type !== 'resign')!;
    const r = play(ID, s, a);
    if (!r.ok) throw new Error(r.code);
    s = r.state;
  }
  return s;
}

describe('table host', () => {
  const start = toRecruiterTurn();
  const step = legalActions(start, RECRUITER_SEAT).find((a) => a.type === 'step')!;
  const stepped = play(ID, start, step);
  if (!stepped.ok) throw new Error(stepped.code);
  const frameOf = stepped.frames(1234);

  it.each([
    // viewer, shown a frame, sees the recruiter's secrets, is offered an undo
    [RECRUITER_SEAT, true, true, true],
    [1, false, false, false],
    [2, false, false, false],
    ['spectator', false, false, false],
  ] as [Viewer, boolean, boolean, boolean][])(
    'D12 a hidden recruiter step: viewer %s is shown a frame: %s, secrets: %s, undo: %s',
    (v, shown, secrets, undo) => {
      const f = frameOf(v);
      expect(f !== null).toBe(shown);
      expect(stepped.shownToOthers).toBe(false);
      if (!f) return;
      expect(f).toMatchObject({ t: 'events', gameId: ID, deadline: 1234, logFrom: start.history.length });
      expect(f.view.recruiter !== null).toBe(secrets);
      expect(f.events.some((e) => e.secret !== undefined)).toBe(secrets);
      expect(f.legal.some((a) => a.type === 'undo')).toBe(undo);
      expect(f.view.seq).toBe(stepped.state.seq);
    },
  );

  it('settling the turn shows the agents and the spectator the whole turn in one frame, from where their log ended', () => {
    let s = stepped.state;
    let settled = null;
    for (let n = 0; !settled && n < 50; n++) {
      const a =
        legalActions(s, RECRUITER_SEAT).find((x) => x.type === 'endTurn') ?? legalActions(s, RECRUITER_SEAT)[0]!;
      const r = play(ID, s, a);
      if (!r.ok) throw new Error(r.code);
      if (r.shownToOthers) settled = r;
      s = r.state;
    }
    expect(settled).not.toBeNull();
    for (const v of [1, 2, 'spectator'] as Viewer[]) {
      const f = settled!.frames(null)(v)!;
      expect(f.logFrom).toBe(start.history.length);
      expect(f.view.log).toEqual(view(s, v).log.slice(start.history.length));
      expect(f.view.recruiter).toBeNull();
      expect(f.legal).toEqual(v === 'spectator' ? [] : legalActions(s, v as number));
    }
  });

  it.each([
    ['an agent acting in the recruiter turn', { type: 'activate', seat: 1, agent: 'henry' }, 'not_your_turn'],
    ['the recruiter stepping off the board', { type: 'step', seat: 0, to: 99 }, 'malformed'],
  ] as [string, Action, string][])('refuses %s with the engine code, nothing changed', (_what, a, code) => {
    const before = JSON.stringify(start);
    const r = play(ID, start, a);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.code).toBe(code);
    expect(JSON.stringify(start)).toBe(before);
  });

  it('state frames: each viewer its own view and offer; notes are left to the sender', () => {
    for (const v of viewersOf(2)) {
      const f = stateFrame(ID, stepped.state, v, null);
      expect(f).toEqual({
        t: 'state',
        gameId: ID,
        seat: v,
        view: view(stepped.state, v),
        legal: v === 'spectator' ? [] : expect.any(Array),
        deadline: null,
      });
      expect('notes' in f).toBe(false);
    }
  });

  it('a reconnect: up to date, what was missed, or a whole state when the seq is not remembered', () => {
    const positions = new RecentPositions(start);
    positions.note(stepped.state);
    expect(catchUpFrame(ID, stepped.state, positions, RECRUITER_SEAT, stepped.state.seq, null)).toBe('current');
    const missed = catchUpFrame(ID, stepped.state, positions, RECRUITER_SEAT, start.seq, null);
    expect(missed !== 'current' && missed?.view.log).toEqual(stepped.state.history.slice(start.history.length));
    // D12: the agents' position did not move
    expect(catchUpFrame(ID, stepped.state, positions, 1, start.seq, null)).toBe('current');
    expect(catchUpFrame(ID, stepped.state, positions, 1, start.seq - 1, null)).toBeNull();
  });

  it('notes: an agent seat writes one, the engine refuses the recruiter (R30)', () => {
    const note = { from: 2, to: 4, crossed: [], text: 'here' };
    const w = writeNote(ID, start, [], 1, 7, note);
    expect(w).toEqual({ ok: true, notes: [{ at: 7, note }], frame: { t: 'note', gameId: ID, at: 7, note } });
    const r = writeNote(ID, start, [], RECRUITER_SEAT, 7, note);
    expect(r.ok).toBe(false);
  });
});
