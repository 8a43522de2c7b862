// The table's typed commands (table/commands.ts) on real engine positions: every legal action
// has words in en/zh/ja that play exactly it, nothing else is sent, and a refusal says why.
import { describe, expect, it } from 'vitest';
import {
  apply,
  expectedSeats,
  legalActions,
  LOCATIONS,
  newGame,
  view,
  type Action,
  type GameState,
} from '@mindmgmt/engine';
import { i18nFor } from '../src/i18n/all.js';
import type { Lang } from '../src/i18n/lookup.js';
import { commandFor, runCommand, type CommandContext } from '../src/table/commands.js';
import { cellName } from '../src/table/cell-facts.js';
import EN_RULES from '../src/rulebook/text-en.js';
import ZH_RULES from '../src/rulebook/text-zh.js';
import JA_RULES from '../src/rulebook/text-ja.js';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Plays a seeded game, calling `at` on every position with the seat to move and its actions. */
function eachPosition(seed: number, at: (s: GameState, seat: number, legal: Action[]) => void): GameState {
  let s = newGame({ mode: 'training', agentSeats: 1 }, seed);
  let r = seed;
  for (let i = 0; i < 600 && s.phase !== 'over'; i++) {
    const seat = expectedSeats(s)[0]!;
    const legal = legalActions(s, seat);
    at(s, seat, legal);
    // a fixed pseudo-random pick that seldom undoes (an undo loop would never end the game)
    r = (r * 1103515245 + 12345) % 2 ** 31;
    const pool = legal.filter((a) => a.type !== 'undo');
    const res = apply(s, (pool.length ? pool : legal)[r % (pool.length || legal.length)]!);
    if (!res.ok) throw new Error(res.message);
    s = res.state;
  }
  return s;
}

const ctx = (lang: Lang, s: GameState, seat: number, legal: Action[]): CommandContext => ({
  i18n: i18nFor(lang),
  view: view(s, seat),
  legal,
  prompt: 'Your move.',
});

/** What typing `line` sends (after a "yes" when the table asks first), or the answer said. */
function send(line: string, c: CommandContext): Action | string {
  const a = runCommand(line, c);
  if (a.kind === 'act') return a.action;
  if (a.kind === 'say') return a.say;
  const y = runCommand(c.i18n.t('cmd_w_yes').split('|')[0]!, { ...c, pending: a.action });
  return y.kind === 'act' ? y.action : y.say;
}

describe('typed commands', () => {
  it('every legal action of whole Training Missions has words in en, zh and ja that play exactly it', () => {
    let positions = 0;
    for (const seed of [3])
      eachPosition(seed, (s, seat, legal) => {
        positions++;
        for (const lang of ['en', 'zh', 'ja'] as const) {
          const c = ctx(lang, s, seat, legal);
          for (const a of legal) {
            const line = commandFor(c.i18n, a);
            const got = send(line, c);
            if (!same(got, a))
              throw new Error(`${lang} "${line}" at ${s.phase}: ${JSON.stringify(got)} ≠ ${JSON.stringify(a)}`);
          }
        }
      });
    expect(positions).toBeGreaterThan(50);
  });

  it('plain words: "activate Meru", "B3" alone, "ask garden", "end", "undo"; zh and ja word order', () => {
    let checked = 0;
    eachPosition(5, (s, seat, legal) => {
      const en = ctx('en', s, seat, legal);
      const act = legal.find((a) => a.type === 'activate');
      if (act && act.type === 'activate') {
        const name = en.i18n.agent(act.agent).split(' ')[0]!.toLowerCase();
        expect(send(`activate ${name}`, en)).toEqual(act);
        expect(send(`${i18nFor('ja').agent(act.agent)}を起動`, ctx('ja', s, seat, legal))).toEqual(act);
        expect(send(`激活${i18nFor('zh').agent(act.agent)}`, ctx('zh', s, seat, legal))).toEqual(act);
        checked++;
      }
      const move = legal.find((a) => a.type === 'move');
      if (move && move.type === 'move') {
        expect(send(LOCATIONS[move.to]!.label.toLowerCase(), en)).toEqual(move);
        expect(send(`move ${LOCATIONS[move.to]!.label}`, en)).toEqual(move);
        checked++;
      }
      const ask = legal.find((a) => a.type === 'ask' && !a.dolphin);
      if (ask && ask.type === 'ask') {
        expect(send(`ask ${ask.feature}`, en)).toEqual(ask);
        checked++;
      }
      const undo = legal.find((a) => a.type === 'undo');
      if (undo) expect(send('undo', en)).toEqual(undo);
    });
    expect(checked).toBeGreaterThan(10);
  });

  it('refuses what is not legal, with the reason: an illegal move, an ask elsewhere, a move out of turn, an unknown word', () => {
    let refused = 0;
    eachPosition(7, (s, seat, legal) => {
      const en = ctx('en', s, seat, legal);
      if (legal.some((a) => a.type === 'move')) {
        const far = LOCATIONS.find((l) => !legal.some((a) => a.type === 'move' && a.to === l.id))!;
        const said = send(`move ${far.label}`, en);
        expect(typeof said).toBe('string');
        expect(said).toMatch(/^Not (possible|a choice)/);
        refused++;
      }
      const asked = legal.filter((a) => a.type === 'ask').map((a) => (a as { feature: string }).feature);
      if (s.phase === 'agentsTurn' && legal.some((a) => a.type === 'endActivation') && asked.length) {
        const other = ['garden', 'pool', 'bus', 'monks', 'idol'].find((f) => !asked.includes(f))!;
        expect(send(`ask ${other}`, en)).toMatch(/^Not possible: /);
        refused++;
      }
    });
    expect(refused).toBeGreaterThan(5);
    // the other side's turn: nothing is sent; the engine's reason, or the prompt
    const s = newGame({ mode: 'training', agentSeats: 1 }, 1);
    const other = expectedSeats(s)[0] === 0 ? 1 : 0;
    const c = ctx('en', s, other, []);
    expect(send('end', c)).toMatch(/^Not possible: It is not your turn\.|nothing to play now/);
    expect(send('look', c)).toMatch(/Which location/);
    expect(send('frobnicate', c)).toMatch(/Unknown command “frobnicate”/);
    expect(send('yes', c)).toBe('Nothing to confirm.');
  });

  it('reads the board: a cell with its pieces and "a choice", a row, the pieces, the choices', () => {
    let done = false;
    eachPosition(9, (s, seat, legal) => {
      if (done || s.phase !== 'agentsTurn' || !legal.some((a) => a.type === 'move')) return;
      done = true;
      const en = ctx('en', s, seat, legal);
      const v = en.view;
      const agent = v.agents.find((a) => a.id === v.activation?.agent)!;
      const at = LOCATIONS[agent.at!]!;
      const name = en.i18n.agent(agent.id);
      expect(send(`look ${at.label}`, en)).toContain(`${at.label}: `);
      expect(send(`look ${at.label}`, en)).toContain(name);
      const to = (legal.find((a) => a.type === 'move') as { to: number }).to;
      expect(cellName(en.i18n, v, to, { targets: new Set([to]) })).toMatch(/a choice now$/);
      expect(send(`row ${at.row + 1}`, en)).toContain(name);
      expect(send('pieces', en)).toContain(`${name} at ${at.label}`);
      expect(send('choices', en)).toMatch(/^Choices: .*Move: /);
      expect(send('help', en)).toMatch(/activate Meru/);
    });
    expect(done).toBe(true);
  });

  it("the rulebook's Keyboard chapter lists the command words and their answers in each language", () => {
    for (const [lang, rules] of [
      ['en', EN_RULES],
      ['zh', ZH_RULES],
      ['ja', JA_RULES],
    ] as const) {
      const i18n = i18nFor(lang);
      const text = JSON.stringify(rules.chapters.keyboard);
      for (const key of ['cmd_w_activate', 'cmd_w_ask', 'cmd_w_undo', 'cmd_w_end', 'cmd_w_board', 'cmd_w_yes'] as const)
        expect(text, `${lang} ${key}`).toContain(i18n.t(key).split('|')[0]!);
      expect(text).toContain(JSON.stringify(i18n.t('kb_answers')).slice(1, -1));
    }
  });
});
