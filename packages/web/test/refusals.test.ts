// The engine's refusals in the player's language (clear refusals in zh/ja): real
// refusals from real positions, said in Chinese and Japanese by code and parameters, with the
// engine's English only for codes without a translation.
import { describe, expect, it } from 'vitest';
import {
  apply,
  check,
  expectedSeats,
  LOCATIONS,
  legalActions,
  newGame,
  type Action,
  type GameError,
  type GameState,
} from '@mindmgmt/engine';
import { i18nFor as makeI18n } from '../src/i18n/all.js';
import { refusalChapter, refusalText, translatedRefusal, withoutRulings } from '../src/i18n/refusals.js';

function playUntil(s: GameState, stop: (s: GameState) => boolean): GameState {
  for (let i = 0; i < 500 && !stop(s); i++) {
    const seat = expectedSeats(s)[0]!;
    const as = legalActions(s, seat);
    const r = apply(s, as.find((a) => a.type !== 'endTurn' && a.type !== 'endActivation') ?? as[0]!);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  return s;
}
const L = (label: string) => LOCATIONS.findIndex((l) => l.label === label);
const refuse = (s: GameState, a: Action): GameError => {
  const e = check(s, a);
  if (!e) throw new Error(`${a.type} was legal`);
  return e;
};

/** Refusals a player meets by clicking a location that is not a choice, from real positions. */
function realRefusals(): GameError[] {
  const out: GameError[] = [];
  let s = playUntil(newGame({ mode: 'full', agentSeats: 1 }, 11), (x) => x.phase === 'immortals');
  const edge = LOCATIONS.findIndex((l) => l.edge);
  const inner = LOCATIONS.findIndex((l) => !l.edge && !l.temple);
  out.push(refuse(s, { type: 'placeImmortal', seat: 0, at: edge }));
  s = playUntil(s, (x) => x.phase === 'agents');
  out.push(refuse(s, { type: 'placeAgent', seat: 1, agent: 'meru', at: inner }));
  s = playUntil(s, (x) => x.phase === 'mindSlipToken');
  out.push(refuse(s, { type: 'placeMindSlip', seat: 1, at: L('A1') }));
  s = playUntil(s, (x) => x.phase === 'recruiterTurn');
  // a location more than one step away (not a visited one, not across mayhem)
  const far = LOCATIONS.findIndex((_, l) => check(s, { type: 'step', seat: 0, to: l })?.code === 'not_adjacent');
  out.push(refuse(s, { type: 'step', seat: 0, to: far }));
  out.push(refuse(s, { type: 'step', seat: 0, to: s.path[0]! }));
  const from = s.immortals[0]!;
  const farImm = LOCATIONS.findIndex(
    (_, l) => check(s, { type: 'moveImmortal', seat: 0, from, to: l })?.code === 'not_adjacent',
  );
  out.push(refuse(s, { type: 'moveImmortal', seat: 0, from, to: farImm }));
  s = playUntil(s, (x) => x.phase === 'agentsTurn' && x.activation !== null);
  const out2 = LOCATIONS.findIndex((_, l) => check(s, { type: 'move', seat: 1, to: l })?.code === 'not_adjacent');
  out.push(refuse(s, { type: 'move', seat: 1, to: out2 }));
  return out;
}

const LATIN_WORD = /[A-Za-z]{3,}/;
const RULING_ID = /\bR\d+\b/; // (D1 is a location as well as a decision id)

describe('refusals in the player’s language', () => {
  const errors = realRefusals();

  it('the engine sends parameters with the refusals a click can cause', () => {
    expect(errors.map((e) => e.code)).toEqual([
      'edge_location',
      'not_edge',
      'not_near_temple',
      'not_adjacent',
      'already_visited',
      'not_adjacent',
      'not_adjacent',
    ]);
    for (const e of errors) expect(e.params, e.message).toBeDefined();
  });

  for (const lang of ['zh', 'ja'] as const)
    it(`${lang}: each is said in ${lang}, with its locations, no English word and no ruling id left`, () => {
      const i18n = makeI18n(lang);
      for (const e of errors) {
        const text = translatedRefusal(i18n, e);
        expect(text, e.message).not.toBeNull();
        expect(text!, e.message).not.toMatch(LATIN_WORD);
        expect(text!, e.message).not.toMatch(RULING_ID);
        for (const loc of e.message.match(/\b[A-F][1-7]\b/g) ?? []) expect(text).toContain(loc);
      }
    });

  it('English shows the engine’s own text without its ruling ids; a code the client does not know falls back to it', () => {
    for (const e of errors) {
      const text = refusalText(makeI18n('en'), e);
      expect(text).toBe(withoutRulings(e.message));
      expect(text, e.message).not.toMatch(RULING_ID);
      expect(text.length, e.message).toBeGreaterThan(20);
    }
    const unknown = { code: 'from_a_newer_engine', message: 'English.' };
    expect(refusalText(makeI18n('zh'), unknown)).toBe('English.');
    expect(translatedRefusal(makeI18n('ja'), unknown)).toBeNull();
  });

  // Refusals no click can cause (a hand-made frame): each code's general sentence, with the
  // ruling ids cut, never English (before, wrong_phase, already_done,
  // must_act, not_controlled, not_in_mode, bad_location were English in zh/ja).
  for (const lang of ['zh', 'ja'] as const)
    it(`${lang}: refusals a click cannot cause get their code's sentence, no ruling id, no English`, () => {
      const i18n = makeI18n(lang);
      const training = newGame({ mode: 'training', agentSeats: 1 }, 1);
      const turn = playUntil(newGame({ mode: 'full', agentSeats: 1 }, 11), (x) => x.phase === 'recruiterTurn');
      const agentsTurn = playUntil(turn, (x) => x.phase === 'agentsTurn' && x.activation === null);
      const crafted: GameError[] = [
        refuse(training, { type: 'endTurn', seat: 0 }), // wrong_phase
        refuse(turn, { type: 'endTurn', seat: 0 }), // must_act (R15)
        refuse(turn, { type: 'step', seat: 0, to: 99 }), // malformed (no such location)
        refuse(agentsTurn, { type: 'move', seat: 1, to: 0 }), // must_act (R20)
      ];
      expect(crafted.map((e) => e.code)).toEqual(['wrong_phase', 'must_act', 'malformed', 'must_act']);
      for (const e of crafted) {
        const text = translatedRefusal(i18n, e);
        expect(text, e.message).not.toBeNull();
        expect(text!, e.message).not.toMatch(LATIN_WORD);
        expect(text!, e.message).not.toMatch(RULING_ID);
      }
      // a crafted code with parameters that do not fill its own sentence: the general one
      const odd = { code: 'not_adjacent', message: 'English (R9).', params: { v: 'step', to: 'C4' } };
      expect(refusalText(i18n, odd)).not.toMatch(LATIN_WORD);
      expect(refusalText(i18n, odd)).not.toMatch(RULING_ID);
    });

  // The ids stay for developers; a player gets the rulebook chapter instead.
  it('each refusal a click can cause links the rulebook chapter of the first ruling it cites', () => {
    const chapters = errors.map((e) => [e.code, refusalChapter(e)]);
    for (const [code, chapter] of chapters) expect(chapter, String(code)).not.toBeNull();
    expect(Object.fromEntries(chapters)).toMatchObject({
      edge_location: 'setup',
      not_edge: 'setup',
      not_near_temple: 'setup',
      already_visited: 'recruiter-turn',
    });
    expect(refusalChapter({ code: 'x', message: 'Nobody may ask about it (R22).' })).toBe('ask');
    expect(refusalChapter({ code: 'not_your_turn', message: 'Not your turn.' })).toBeNull();
  });

  it('the ids go from the English text; words beside them stay', () => {
    expect(withoutRulings('Agents move up to 2 locations (R20, R21).')).toBe('Agents move up to 2 locations.');
    expect(withoutRulings('Only times 2..5 (R5: times 2..5, step rules).')).toBe(
      'Only times 2..5 (times 2..5, step rules).',
    );
    expect(withoutRulings('Abilities (R26-R28, Full Game only) are not here.')).toBe(
      'Abilities (Full Game only) are not here.',
    );
    expect(withoutRulings('Boxed in (R17, D1).')).toBe('Boxed in.');
  });
});
