// The expert recruiter's lookahead rebuilds the game from its own view (expert/own-state.ts)
// and lets the agents' bot play on it. Anything the rebuild got wrong would make it simulate another
// game, so it must equal the server's state in every rule field.
import { apply, expectedSeats, type GameState, legalActions, newGame, view } from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import { makeBot, seatRng } from '../src/bots/index.js';
import { ownState } from '../src/bots/expert/own-state.js';
import { NO_CUTOFF_MS } from './work-limited.js';

/** Fields that are not rule state: they only feed game records (record.ts); and the undo point
 * (D12), the table's take-back, which a simulated game never uses (its bots do not undo). */
const notRules = (s: GameState) => ({ ...s, seed: 0, initialDeck: [], recruiterCardRule: 'random', undo: null });

describe('expert: the recruiter rebuilds its own game', () => {
  it('R12, R15, R22: from the recruiter seat, view plus deck is the whole game at every turn, ask and activation', () => {
    let compared = 0;
    const games = [
      { mode: 'full', agentSeats: 1, seed: 5 },
      { mode: 'full', agentSeats: 3, seed: 6 },
      { mode: 'training', agentSeats: 2, seed: 7 },
    ] as const;
    for (const g of games) {
      let s = newGame({ mode: g.mode, agentSeats: g.agentSeats, recruiterCard: 'choose' }, g.seed);
      const recruiter = makeBot('easy', 'recruiter');
      const agents = makeBot('easy', 'agents');
      while (!s.result) {
        const who = expectedSeats(s).find((x) => legalActions(s, x).length > 0)!;
        if (s.phase === 'recruiterTurn' || s.phase === 'agentsTurn' || s.phase === 'answerAsk') {
          const own = ownState(view(s, 0), s.deck);
          expect(own && notRules(own)).toEqual(notRules(s));
          compared++;
        }
        const bot = who === 0 ? recruiter : agents;
        const r = apply(s, bot.decide(view(s, who), legalActions(s, who), seatRng(g.seed, who), NO_CUTOFF_MS));
        if (!r.ok) throw new Error(r.message);
        s = r.state;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('an agents\u2019 view has no secrets to rebuild from: no state', () => {
    const s = newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'choose' }, 5);
    expect(ownState(view(s, 1), s.deck)).toBeNull();
  });
});
