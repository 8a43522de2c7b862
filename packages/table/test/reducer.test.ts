// The client's frame reducer (docs/protocol.md, "Log in `events` frames"): the log merge, a frame
// it cannot place, a reconnect, notes; and over whole games with undos, the table a client folds
// from the host's frames is the viewer's own view at every step.
import { RECRUITER_SEAT, type View, view, type Viewer } from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import {
  type ClientTable,
  EMPTY_TABLE,
  mergeLog,
  reconnected,
  reduceFrame,
  resumeSeq,
  seqOf,
} from '../src/client/index.js';
import type { EventsFrame, StateFrame } from '../src/contract/index.js';
import { stateFrame } from '../src/host/index.js';
import { playTable, viewersOf } from './random-games.js';

const e = (n: number) => ({ pub: { kind: `k${n}` } }) as unknown as View['log'][number];

describe('mergeLog', () => {
  it('appends at the held length, replaces at 0, cuts back after an undo (D12), refuses a gap', () => {
    const held = [e(0), e(1)];
    expect(mergeLog(held, 2, [e(2), e(3)])).toEqual([e(0), e(1), e(2), e(3)]);
    expect(mergeLog(held, 0, [e(5)])).toEqual([e(5)]);
    expect(mergeLog(held, undefined, [e(5)])).toEqual([e(5)]); // a server without logFrom: whole log
    expect(mergeLog(held, 3, [e(3)])).toBeNull(); // missed an entry: hello again
    expect(mergeLog(held, 1, [])).toEqual([e(0)]); // D12: an undo took back the last entry
    expect(mergeLog(held, 1, [e(7)])).toEqual([e(0), e(7)]);
    // @ts-expect-error a frame is data from a socket: a wrong type is refused, not trusted
    expect(mergeLog(held, '2', [e(2)])).toBeNull();
    expect(held).toHaveLength(2); // the held log is not changed
  });
});

/** A view with `log` and `seq` (the reducer reads nothing else of it). */
const vw = (seq: number, log: View['log']) => ({ seq, log }) as unknown as View;
const state = (seq: number, log: View['log']): StateFrame => ({
  t: 'state',
  gameId: 'g',
  seat: 1,
  view: vw(seq, log),
  legal: [],
  deadline: 9,
  notes: [],
});
const events = (seq: number, logFrom: number, log: View['log']): EventsFrame => ({
  t: 'events',
  gameId: 'g',
  seq,
  events: log,
  logFrom,
  view: vw(seq, log),
  legal: [],
  deadline: null,
});

describe('reduceFrame', () => {
  it('a state frame, then events with logFrom > 0 (append) and 0 (the whole log at the end)', () => {
    let t = reduceFrame(EMPTY_TABLE, state(3, [e(0), e(1)]));
    expect(t.shown).toMatchObject({ kind: 'state', seat: 1, deadline: 9, events: [] });
    t = reduceFrame(t, events(4, 2, [e(2)]));
    expect(t.shown).toMatchObject({ kind: 'events', seat: 1, deadline: null, events: [e(2)] });
    expect(t.shown!.view.log).toEqual([e(0), e(1), e(2)]);
    expect(seqOf(t)).toBe(4);
    t = reduceFrame(t, events(5, 0, [e(9)]));
    expect(t.shown!.view.log).toEqual([e(9)]);
  });

  it('a frame it cannot place asks for a state once, ignores events until it comes, and a reconnect resumes', () => {
    const held = reduceFrame(EMPTY_TABLE, state(3, [e(0), e(1)]));
    const gap = reduceFrame(held, events(5, 3, [e(3)]));
    expect(gap.resync).toBe(true);
    expect(gap.shown).toBe(held.shown);
    expect(reduceFrame(gap, events(6, 4, [e(4)]))).toBe(gap);
    // a reconnect says hello with the seq of the log it holds and merges what it missed
    expect(resumeSeq(gap)).toBe(3);
    const back = reconnected(gap);
    expect(back.resync).toBe(false);
    expect(reduceFrame(back, events(6, 2, [e(2), e(3)])).shown!.view.log).toHaveLength(4);
    // a state ends a resync too
    expect(reduceFrame(gap, state(7, [e(0)])).resync).toBe(false);
    // nothing held: a whole state is asked for
    expect(resumeSeq(EMPTY_TABLE)).toBeUndefined();
    expect(seqOf(EMPTY_TABLE)).toBe(0);
  });

  it('notes: the state frame, then each note and notes frame', () => {
    const note = { from: 1, to: 2, crossed: [], text: '' };
    let t = reduceFrame(EMPTY_TABLE, { ...state(1, []), notes: [{ at: 4, note }] });
    t = reduceFrame(t, { t: 'note', gameId: 'g', at: 5, note });
    t = reduceFrame(t, { t: 'note', gameId: 'g', at: 4, note: null });
    expect(t.notes).toEqual([{ at: 5, note }]);
    t = reduceFrame(t, { t: 'notes', gameId: 'g', notes: [] });
    expect(t.notes).toEqual([]);
  });

  it('over whole games with undos, each viewer folds its own view from the host frames at every step', () => {
    for (const [seed, agentSeats] of [
      [5, 2],
      [8, 1],
    ] as const) {
      const viewers = viewersOf(agentSeats) as Viewer[];
      const tables = new Map<Viewer, ClientTable>();
      let undos = 0;
      playTable({ mode: 'full', agentSeats, seed, undoRate: 0.3 }, (p, action) => {
        if (!tables.size)
          for (const v of viewers)
            tables.set(v, reduceFrame(EMPTY_TABLE, { ...stateFrame('t', p.before, v, null), notes: [] }));
        if (action.type === 'undo') undos++;
        const frameOf = p.frames(null);
        for (const v of viewers) {
          const f = frameOf(v);
          if (f) tables.set(v, reduceFrame(tables.get(v)!, f));
          const t = tables.get(v)!;
          expect(t.resync).toBe(false);
          expect(t.shown!.view).toEqual(view(p.state, v));
        }
      });
      expect(undos).toBeGreaterThan(0);
      expect(tables.get(RECRUITER_SEAT)!.shown!.view.result).not.toBeNull();
    }
  });
});
