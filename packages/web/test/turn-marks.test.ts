// The pure parts on real engine positions: the last half-turns cut from a seat's own
// log and numbered in order (moves keep their direction), the recruiter's secret steps only in its
// own view, the prompt's "what is left" from the listed actions, every new log line spoken once.
import { describe, expect, it } from 'vitest';
import { apply, expectedSeats, legalActions, newGame, view, type Action, type GameState } from '@mindmgmt/engine';
import { i18nFor } from '../src/i18n/all.js';
import { leftToDo, prompt } from '../src/table/prompt.js';
import { newLines } from '../src/table/announce.js';
import { lastHalfTurns, lastTurnFrom, markNumbers, placesOf } from '../src/table/event-locs.js';
import { fade } from '../src/table/Pieces.js';

function playUntil(s: GameState, stop: (s: GameState) => boolean, pick: (as: Action[]) => Action): GameState {
  for (let i = 0; i < 500 && !stop(s); i++) {
    const seat = expectedSeats(s)[0]!;
    const r = apply(s, pick(legalActions(s, seat)));
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  return s;
}
// moves first, end actions last: each activation moves its agent before it ends
const mover = (as: Action[]) =>
  as.find((a) => a.type === 'move') ?? as.find((a) => a.type !== 'endTurn' && a.type !== 'endActivation') ?? as[0]!;

describe('last half-turns', () => {
  it('numbers the agents’ half-turn in order with each move’s direction, apart from the recruiter’s turn in progress; the secret step only in the recruiter’s own log', () => {
    let s = playUntil(newGame({ mode: 'training', agentSeats: 1 }, 5), (x) => x.phase === 'agentsTurn', mover);
    s = playUntil(s, (x) => x.phase === 'recruiterTurn', mover);
    const step = legalActions(s, 0).find((a) => a.type === 'step');
    if (step?.type !== 'step') throw new Error('no step');
    const r = apply(s, step);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
    for (const seat of [0, 1] as const) {
      const [latest, before] = lastHalfTurns(view(s, seat).log);
      expect(latest!.side).toBe('recruiter');
      expect(before!.side).toBe('agents');
      expect(before!.steps.map((x) => x.n)).toEqual(before!.steps.map((_, i) => i + 1));
      const moves = view(s, seat)
        .log.filter((e) => e.pub.kind === 'agentMoved')
        .slice(-2);
      expect(moves.length).toBeGreaterThan(0);
      for (const m of moves)
        if (m.pub.kind === 'agentMoved')
          expect(before!.steps).toContainEqual(expect.objectContaining({ from: m.pub.from, to: m.pub.to }));
      // where the recruiter stepped: on its own map only
      const secretStep = latest!.steps.some((x) => x.to === step.to && x.from === null);
      expect(secretStep).toBe(seat === 0);
    }
  });

  it('regression "14 marks at the first agents’ turn": the setup stands as its last few placements, and the board marks the entries the log marks as recent', () => {
    // the agents' first turn: the recruiter's first turn before it, the setup before that
    const s = playUntil(newGame({ mode: 'full', agentSeats: 1 }, 5), (x) => x.phase === 'agentsTurn', mover);
    const log = view(s, 1).log;
    const [latest, before] = lastHalfTurns(log);
    expect(latest!.side).toBe('recruiter');
    expect(before!.side).toBe('setup');
    expect(before!.steps.length).toBeGreaterThan(0);
    expect(before!.steps.length).toBeLessThanOrEqual(4);
    const marked = [latest!, before!].flatMap((h) =>
      h.steps.flatMap((x) => [...x.locs, ...(x.from === null ? [] : [x.from]), ...(x.to === null ? [] : [x.to])]),
    );
    const recent = log.slice(lastTurnFrom(log)).flatMap((e) => placesOf(e).locs);
    expect(marked.sort()).toEqual(recent.sort());
    // regression "the board's numbers differ from the log's": each mark's number is written beside
    // the log line it comes from, and nowhere else
    const numbers = markNumbers([latest!, before!]);
    for (const h of [latest!, before!])
      for (const x of h.steps) {
        expect(numbers.get(x.at)).toContain(x.n);
        expect(x.at).toBeGreaterThanOrEqual(lastTurnFrom(log));
        const where = placesOf(log[x.at]!).locs;
        for (const l of [...x.locs, ...(x.to === null ? [] : [x.to])]) expect(where).toContain(l);
      }
    expect([...numbers.values()].flat().length).toBe(latest!.steps.length + before!.steps.length);
  });

  it('older steps fade: the newest is drawn full, each older one fainter', () => {
    expect(fade(3, 4)).toBe(1);
    expect(fade(0, 4)).toBeCloseTo(0.4);
    expect(fade(1, 4)).toBeLessThan(fade(2, 4));
    expect(fade(0, 1)).toBe(1);
  });
});

describe('the prompt says what is left in the activation', () => {
  it('changes after the move: Move is no longer offered, the action and End activation are', () => {
    const i18n = i18nFor('en');
    let s = playUntil(newGame({ mode: 'training', agentSeats: 1 }, 5), (x) => x.phase === 'agentsTurn', mover);
    const act = legalActions(s, 1).find((a) => a.type === 'activate')!;
    let r = apply(s, act);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
    const before = prompt(i18n, view(s, 1), 1, legalActions(s, 1));
    expect(before).toMatch(/is active: move up to 2.*Now: Move \(up to 2\).* or End activation\./);
    r = apply(
      s,
      legalActions(s, 1).find((a) => a.type === 'move')!,
    );
    if (!r.ok) throw new Error(r.message);
    s = r.state;
    const after = prompt(i18n, view(s, 1), 1, legalActions(s, 1));
    expect(after).toMatch(/has moved: take one action\. Now: .* or End activation\./);
    expect(after).not.toMatch(/Move \(up to 2\)/);
    // zh and ja join with their own separators
    expect(leftToDo(i18nFor('zh'), legalActions(s, 1))).toMatch(/、|或/);
  });
});

describe('every move spoken', () => {
  it('reads the log lines added since the last frame, not the recruiter’s turn marker', () => {
    const i18n = i18nFor('en');
    const s = playUntil(newGame({ mode: 'training', agentSeats: 1 }, 5), (x) => x.phase === 'recruiterTurn', mover);
    const log = view(s, 1).log;
    const text = newLines(i18n, log, log.length - 3);
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toMatch(/turn begins/);
  });
});
