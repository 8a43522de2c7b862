// The table's pure parts on real engine positions: the turn key that resets the board
// tool, the last-turn marks, the ghost of a planned action and its one-line description, the
// zoom box, the assistant option as the lobby says it.
import { describe, expect, it } from 'vitest';
import {
  apply,
  expectedSeats,
  LOCATIONS,
  legalActions,
  newGame,
  view,
  type Action,
  type GameState,
} from '@mindmgmt/engine';
import { turnKey } from '@mindmgmt/table/client';
import { i18nFor as makeI18n } from '../src/i18n/all.js';
import { assistantMode, defaultAssistant } from '../src/table/assistant.js';
import { describeAction } from '../src/table/describe.js';
import { lastTurnFrom, lastTurnPlaces } from '../src/table/event-locs.js';
import { ghostOf } from '../src/table/ghost.js';
import { zoomBox } from '../src/table/zoom.js';

/** Plays the first legal action of the expected seat until `stop` says so. */
function playUntil(s: GameState, stop: (s: GameState) => boolean, pick = (as: Action[]) => as[0]!): GameState {
  for (let i = 0; i < 500 && !stop(s); i++) {
    const seat = expectedSeats(s)[0]!;
    const r = apply(s, pick(legalActions(s, seat)));
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  return s;
}
const label = (l: number) => LOCATIONS[l]!.label;
// end actions last, so each turn does something on the board
const busy = (as: Action[]) => as.find((a) => a.type !== 'endTurn' && a.type !== 'endActivation') ?? as[0]!;

describe('turn key (regression: "Move an immortal" stayed selected into the next turn)', () => {
  it('stays the same within a recruiter turn and changes when the next turn starts', () => {
    let s = playUntil(newGame({ mode: 'full', agentSeats: 1 }, 7), (x) => x.phase === 'recruiterTurn', busy);
    const k0 = turnKey(view(s, 0));
    // an immortal move inside the turn keeps the key (the tool stays while the turn lasts)
    const move = legalActions(s, 0).find((a) => a.type === 'moveImmortal')!;
    const r = apply(s, move);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    s = r.state;
    expect(s.phase).toBe('recruiterTurn');
    expect(turnKey(view(s, 0))).toBe(k0);
    // the agents play, then the next recruiter turn: a new key
    s = playUntil(s, (x) => x.phase !== 'recruiterTurn', busy);
    s = playUntil(s, (x) => x.phase === 'recruiterTurn', busy);
    expect(turnKey(view(s, 0))).not.toBe(k0);
  });
});

describe('last turn', () => {
  it('is the previous side’s turn plus the one in progress, with the places it touched', () => {
    let s = playUntil(newGame({ mode: 'training', agentSeats: 1 }, 3), (x) => x.phase === 'agentsTurn', busy);
    s = playUntil(s, (x) => x.phase === 'recruiterTurn', busy);
    const v = view(s, 1);
    const from = lastTurnFrom(v.log);
    const kinds = v.log.slice(from).map((e) => e.pub.kind);
    expect(kinds[0]).toBe('agentActivated');
    expect(kinds).toContain('recruiterTurnStarted');
    const moved = v.log.slice(from).filter((e) => e.pub.kind === 'agentMoved');
    const places = lastTurnPlaces(v.log);
    for (const m of moved) if (m.pub.kind === 'agentMoved') expect(places.locs).toContain(m.pub.to);
    // the agents never see where the recruiter went
    expect(v.log.slice(from).some((e) => e.secret)).toBe(false);
  });
});

describe('planned action', () => {
  it('draws a ghost where the action would go and names it in one line', () => {
    const i18n = makeI18n('en');
    const s = playUntil(newGame({ mode: 'full', agentSeats: 1 }, 11), (x) => x.phase === 'recruiterTurn', busy);
    const v = view(s, 0);
    const step = legalActions(s, 0).find((a) => a.type === 'step')!;
    if (step.type !== 'step') throw new Error('no step');
    expect(ghostOf(v, step)).toEqual({ kind: 'recruiter', from: v.recruiter!.path.at(-1), to: step.to });
    expect(describeAction(i18n, step, v)).toBe(`Step to ${label(step.to)}`);
    const imm = legalActions(s, 0).find((a) => a.type === 'moveImmortal')!;
    if (imm.type !== 'moveImmortal') throw new Error('no immortal move');
    expect(ghostOf(v, imm)).toEqual({ kind: 'immortal', from: imm.from, to: imm.to });
    expect(describeAction(i18n, imm, v)).toBe(`Immortal: ${label(imm.from)} → ${label(imm.to)}`);
    expect(describeAction(makeI18n('ja'), imm, v)).toContain(label(imm.to));
  });
});

describe('zoom box', () => {
  const full = { x: -4, y: -4, w: 608, h: 708 };
  it('stays inside the board and between 1x and 3x', () => {
    expect(zoomBox(full, 1, 300, 350)).toEqual(full);
    expect(zoomBox(full, 0.2, 0, 0)).toEqual(full);
    const b = zoomBox(full, 2, 0, 0);
    expect(b).toEqual({ x: -4, y: -4, w: 304, h: 354 });
    const c = zoomBox(full, 10, 1000, 1000);
    expect(c.w).toBeCloseTo(608 / 3);
    expect(c.x + c.w).toBeCloseTo(604);
    expect(c.y + c.h).toBeCloseTo(704);
  });
});

describe('assistant option', () => {
  it('reads `assistant`, falls back to the boolean `deduction`, defaults by the number of people', () => {
    expect(assistantMode({ options: { assistant: 'count' } })).toBe('count');
    expect(assistantMode({ options: { assistant: 'off', deduction: true } })).toBe('off');
    // The legacy boolean `deduction` is no longer sent nor read
    expect(assistantMode({ options: { deduction: true } })).toBe('off');
    expect(assistantMode({ options: { assistant: 'full' } })).toBe('full');
    expect(assistantMode({ options: { deduction: false } })).toBe('off');
    expect(assistantMode({ options: { assistant: 'bogus' } })).toBe('off');
    expect(assistantMode(null)).toBe('off');
    expect(defaultAssistant(1)).toBe('full');
    expect(defaultAssistant(2)).toBe('off');
  });
});
