// Every public event of the engine becomes an instruction for the physical board or
// is deliberately "nothing to place", and the instructions keep a physical board equal to the
// engine's public state (time token, recruit token, immortals, step tokens, confirmed notes).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  apply,
  expectedSeats,
  legalActions,
  newGame,
  revealedRecruits,
  rngFrom,
  type Action,
  type GameState,
  type Mode,
  type PublicEventKind,
  type Rng,
} from '@mindmgmt/engine';
import { i18nFor } from '../src/i18n/all.js';
import {
  INSTRUCTED_KINDS,
  NOTHING_TO_PLACE,
  instructionText,
  instructionsFor,
  type Instruction,
} from '../src/companion/instructions.js';
import { ROOT } from './paths.js';

/** The engine's public event kinds, read from its source (model/events.ts), not from our table. */
function engineEventKinds(): string[] {
  const src = fs.readFileSync(path.join(ROOT, 'packages/engine/src/model/events.ts'), 'utf8');
  const union = src.slice(src.indexOf('export type PublicEvent ='), src.indexOf('export interface SecretDetail'));
  return [...union.matchAll(/kind: '(\w+)'/g)].map((m) => m[1]!);
}

/** Kinds whose instruction depends on who or what: the agents' own mayhem, a secret Full start, a
 * capture that hits (gameOver follows), an empty refill. */
const SOMETIMES_NOTHING: readonly PublicEventKind[] = [
  'mayhemPlaced',
  'startChosen',
  'captureAttempted',
  'immortalCardsDrawn',
];

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;

/** A random legal game (no undo, resign or notes: the companion's bot never takes back). */
function play(mode: Mode, seed: number, onStep: (prev: GameState, next: GameState, a: Action) => void): void {
  const rng = rngFrom(seed);
  let s = newGame({ mode, agentSeats: 1, recruiterCard: 'random' }, seed);
  for (let n = 0; !s.result && n < 3000; n++) {
    const seat = pick(rng, expectedSeats(s));
    const legal = legalActions(s, seat).filter((a) => !['undo', 'resign', 'note'].includes(a.type));
    const types = [...new Set(legal.map((a) => a.type))];
    const type = pick(rng, types);
    const a = pick(
      rng,
      legal.filter((x) => x.type === type),
    );
    const r = apply(s, a);
    if (!r.ok) throw new Error(r.message);
    onStep(s, r.state, a);
    s = r.state;
  }
}

describe('companion instructions', () => {
  it('maps every engine event kind, each to an instruction or deliberately to nothing to place', () => {
    const kinds = engineEventKinds();
    expect(kinds.length).toBeGreaterThan(25);
    expect([...INSTRUCTED_KINDS].sort()).toEqual([...kinds].sort());
    for (const k of Object.keys(NOTHING_TO_PLACE)) expect(kinds).toContain(k);
  });

  it('keeps a physical board equal to the engine’s public state over random Training and Full games', () => {
    const produced = new Set<PublicEventKind>();
    const seen = new Set<PublicEventKind>();
    const langs = (['en', 'zh', 'ja'] as const).map(i18nFor);
    for (const [mode, seeds] of [
      ['training', 6],
      ['full', 12],
    ] as const)
      for (let seed = 1; seed <= seeds; seed++) {
        // the physical board as the player keeps it, from the instructions alone
        let time = 0;
        let recruits = 0;
        const immortals: number[] = [];
        const stepTokens = new Set<number>();
        const confirmed = new Set<number>();
        play(mode, seed * 7919, (prev, next, a) => {
          const events = next.history.slice(prev.history.length).map((e) => e.pub);
          const { instructions, recruits: after } = instructionsFor(events, recruits);
          recruits = after;
          for (const e of events) {
            seen.add(e.kind);
            if (instructionsFor([e], revealedRecruits(prev)).instructions.length) produced.add(e.kind);
            else expect(NOTHING_TO_PLACE[e.kind] ?? SOMETIMES_NOTHING.includes(e.kind)).toBeTruthy();
          }
          for (const x of instructions as Instruction[]) {
            if (x.kind === 'time') time = x.time;
            if (x.kind === 'immortal') immortals.push(x.at);
            if (x.kind === 'moveImmortal') immortals[immortals.indexOf(x.from)] = x.to;
            if (x.kind === 'stepTokens') x.at.forEach((l) => stepTokens.add(l));
            if (x.kind === 'confirmedNote') stepTokens.delete(x.at);
            if (x.kind === 'confirmedNote' || x.kind === 'startNote') confirmed.add(x.at);
            for (const i18n of langs) expect(instructionText(i18n, x)).not.toMatch(/\{\w+\}|cp_|undefined/);
          }
          // the player moves immortals themselves (a push, Bill Falls's nudge): the board follows
          if (a.type === 'push' || a.type === 'nudge') immortals.splice(0, immortals.length, ...next.immortals);
          expect(recruits).toBe(revealedRecruits(next));
          if (next.phase === 'agentsTurn' || next.result?.reason === 'time') expect(time).toBe(next.time);
          expect([...immortals].sort()).toEqual([...next.immortals].sort());
          expect([...stepTokens].sort()).toEqual(next.stepTokens.map((t) => t.at).sort());
          expect([...confirmed].sort()).toEqual(next.confirmed.map((c) => c.at).sort());
        });
      }
    // the common kinds each came up and did what the table says
    for (const k of ['timeAdvanced', 'askAnswered', 'immortalMoved', 'revealed', 'setupRecruitsRevealed'] as const)
      expect(produced).toContain(k);
    for (const k of seen) if (NOTHING_TO_PLACE[k]) expect(produced).not.toContain(k);
  });
});
