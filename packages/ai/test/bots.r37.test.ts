// R37 (R17, R15, R19, R13): a recruiter with no action left may still make its turn's optional
// immortal moves, and a 12th recruit they bring wins before boxed in is declared. Every recruiter
// bot must find that win when it exists (tests/records/full-r37-immortals-win-boxed-in.json: two
// moves, the turn's immortal move and the paid extra one, recruit the 12th).
import { readFileSync } from 'node:fs';
import {
  type Action,
  actionFromRecord,
  apply,
  boxedIn,
  gameFromRecord,
  type GameRecord,
  type GameState,
  legalActions,
  rngFrom,
  view,
} from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import { type Bot, ExpertBot, makeBot } from '../src/bots/index.js';
import { NO_CUTOFF_MS } from './work-limited.js';

function boxedInWithWinningMoves(): GameState {
  const url = new URL('../../../tests/records/full-r37-immortals-win-boxed-in.json', import.meta.url);
  const rec = JSON.parse(readFileSync(url, 'utf8')) as GameRecord;
  let s = gameFromRecord(rec);
  const actions = rec.actions.map((a) => actionFromRecord(a) as Action);
  for (const a of actions.slice(0, actions.length - 2)) {
    const r = apply(s, a);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  return s;
}

/** Lets `bot` play the recruiter's turn to its end (or the game's). */
function finishTurn(s: GameState, bot: Bot, budgetMs: number): GameState {
  const rng = rngFrom(37);
  for (let n = 0; n < 6 && !s.result && s.phase === 'recruiterTurn'; n++) {
    const legal = legalActions(s, 0);
    const r = apply(s, bot.decide(view(s, 0), legal, rng, budgetMs));
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  return s;
}

describe('R37 recruiter bots play the immortal moves that win before boxed in', () => {
  it('R37 the position: boxed in, only immortal moves legal, no result yet', () => {
    const s = boxedInWithWinningMoves();
    expect(boxedIn(s)).toBe(true);
    expect(s.result).toBeNull();
    expect(new Set(legalActions(s, 0).map((a) => a.type))).toEqual(new Set(['moveImmortal']));
  });

  // (the frozen yardstick is not fixed: it measures today's hard bots as they were)
  it.each(['easy', 'hard'] as const)('R37 the %s recruiter wins by recruits', (level) => {
    const s = finishTurn(boxedInWithWinningMoves(), makeBot(level, 'recruiter'), NO_CUTOFF_MS);
    expect(s.result).toMatchObject({ winner: 'recruiter', reason: 'recruits' });
  });

  it('R37 the expert recruiter wins by recruits (iteration mode)', () => {
    const s = finishTurn(
      boxedInWithWinningMoves(),
      new ExpertBot('recruiter', { iterations: 200, worlds: 8 }),
      NO_CUTOFF_MS,
    );
    expect(s.result).toMatchObject({ winner: 'recruiter', reason: 'recruits' });
  });
});
