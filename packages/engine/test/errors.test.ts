// Every refusal carries the ruling it follows from as data (`params.rule`), so a client links it to
// the rulebook without reading the English sentence. The codes and their rulings are one table,
// model/errors.ts ERRORS; these tests pin that table against docs/rules.md and against the
// refusals the rules really make. The sentence's "(R15)" is written by `err` from the same datum.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ACTION_DEFS,
  ACTION_TYPES,
  AGENTS,
  ALL_EDGES,
  ERRORS,
  FEATURES,
  LOCATION_COUNT,
  RECRUITER_CARDS,
  check,
  ruleOf,
  rngFrom,
  type Action,
  type ErrorCode,
  type FieldKind,
  type GameError,
  type GameState,
  type Rng,
} from '../src/index.js';
import { err } from '../src/model/errors.js';
import { playRandom } from './helpers/random.js';

const RULES_MD = readFileSync(new URL('../../../docs/rules.md', import.meta.url), 'utf8');
/** The rulings and engine decisions docs/rules.md defines (each opens a paragraph in bold). */
const DEFINED = new Set([...RULES_MD.matchAll(/\*\*([RD]\d+)\*\*/g)].map((m) => m[1]!));

const CODES = Object.keys(ERRORS) as ErrorCode[];
const rulesOf = (code: ErrorCode): readonly string[] => {
  const d = ERRORS[code];
  return 'rules' in d ? d.rules : d.rule === null ? [] : [d.rule];
};

describe('each error code and its ruling (model/errors.ts ERRORS)', () => {
  it('docs/rules.md defines the rulings and decisions at all', () => {
    expect(DEFINED.has('R1')).toBe(true);
    expect(DEFINED.has('D12')).toBe(true);
    expect(DEFINED.has('R99')).toBe(false);
  });

  it.each(CODES)('%s: names its ruling(s), or says why it has none', (code) => {
    const d = ERRORS[code];
    if ('rules' in d) {
      expect(d.rules.length, code).toBeGreaterThan(0);
      if ('none' in d) expect(d.none.length, code).toBeGreaterThan(20);
    } else if (d.rule === null) expect(d.why.length, code).toBeGreaterThan(20);
    for (const id of rulesOf(code)) expect(DEFINED, `${code}: ${id}`).toContain(id);
  });
});

// Refusals the rules really make: random actions of every type and seat, in positions of random
// legal games of both modes.
function pick<T>(rng: Rng, xs: readonly T[]): T {
  return xs[Math.floor(rng() * xs.length)]!;
}
const FIELD: { readonly [K in FieldKind]: (rng: Rng) => unknown } = {
  loc: (rng) => Math.floor(rng() * LOCATION_COUNT),
  locOrNull: (rng) => (rng() < 0.2 ? null : Math.floor(rng() * LOCATION_COUNT)),
  edge: (rng) => pick(rng, ALL_EDGES),
  card: (rng) => pick(rng, RECRUITER_CARDS),
  agent: (rng) => pick(rng, AGENTS),
  feature: (rng) => pick(rng, FEATURES),
  bool: (rng) => rng() < 0.5,
  token: (rng) => (rng() < 0.5 ? 1 : 2),
  note: () => ({ from: null, to: null, crossed: [], text: '' }),
};
function randomTry(s: GameState, rng: Rng): Action {
  const type = pick(rng, ACTION_TYPES);
  const a: Record<string, unknown> = { type, seat: Math.floor(rng() * (s.agentSeats + 1)) };
  for (const [k, kind] of Object.entries(ACTION_DEFS[type])) a[k] = FIELD[kind as FieldKind](rng);
  return a as Action;
}
function realRefusals(): GameError[] {
  const out: GameError[] = [];
  for (const [mode, seed] of [
    ['full', 1],
    ['full', 2],
    ['training', 3],
  ] as const) {
    const rng = rngFrom(seed * 7919);
    playRandom({
      mode,
      agentSeats: 1 + (seed % 4),
      seed,
      onStep: (s) => {
        for (let i = 0; i < 40; i++) {
          const e = check(s, randomTry(s, rng));
          if (e) out.push(e);
        }
      },
    });
  }
  return out;
}

describe('the refusals the rules make carry their ruling', () => {
  const errors = realRefusals();

  it('the sample meets most codes', () => {
    const met = new Set(errors.map((e) => e.code));
    expect(met.size, [...met].join(' ')).toBeGreaterThan(15);
  });

  it('a refusal names a ruling of its code, and its sentence cites it from that same datum', () => {
    for (const e of errors) {
      const rule = ruleOf(e);
      if (rule === null) continue;
      expect(rulesOf(e.code), e.message).toContain(rule);
      expect(e.message).toMatch(new RegExp(`\\b${rule}\\b`));
    }
  });

  // (R only: D1..D7 are locations as well as engine decisions)
  it('a refusal whose sentence cites a ruling carries one as data', () => {
    for (const e of errors) if (/\bR\d+\b/.test(e.message)) expect(ruleOf(e), e.message).not.toBeNull();
  });

  it('codes with one ruling carry it on every refusal; rule-less codes never; a shared code only when it says why', () => {
    for (const e of errors) {
      const d = ERRORS[e.code];
      if ('rules' in d) {
        if (ruleOf(e) === null) expect('none' in d, e.message).toBe(true);
      } else expect(ruleOf(e), e.message).toBe(d.rule);
    }
  });

  it('the compiler holds every refusal to the table (checked by tsc)', () => {
    // @ts-expect-error a shared code names its ruling
    const noRule = () => err('must_act', 'Activate an agent first.');
    // @ts-expect-error must_act always follows from a ruling: it has no `none`
    const nullRule = () => err('must_act', null, 'Activate an agent first.');
    // @ts-expect-error R9 is not one of must_act's rulings
    const wrongRule = () => err('must_act', 'R9', 'Activate an agent first.');
    // @ts-expect-error a code with one ruling takes it from the table
    const extraRule = () => err('not_edge', 'R8', 'Agents start on the outside edge.');
    expect([noRule, nullRule, wrongRule, extraRule].length).toBe(4);
    const e = err('not_allowed', ['R24', 'R3'], 'Not that way.', { v: 'push' });
    expect(e).toEqual({
      ok: false,
      code: 'not_allowed',
      message: 'Not that way (R24, R3).',
      params: { v: 'push', rule: 'R24' },
    });
    expect(err('not_edge', 'Agents start on the outside edge.').message).toBe('Agents start on the outside edge (R8).');
    expect(err('not_allowed', null, 'Only a seated player can resign.')).toEqual({
      ok: false,
      code: 'not_allowed',
      message: 'Only a seated player can resign.',
    });
  });
});
