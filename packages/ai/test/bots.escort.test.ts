// Regression: the hard recruiter escorted itself. Whenever agents came near it moved an
// immortal onto its own location (R25: no capture there), in 222 of 500 turns over 100 games. Strong
// agents read an immortal moved during the recruiter's turn as the recruiter's location (the
// opponent model, model.ts), push it away with a shakedown (R24) and capture: 62 of the 90 captures
// came in the agents' turn right after an escort. The hard recruiter now moves immortals to recruit
// and to block asks, never to sit on; the expert recruiter does not search such a move either (its
// playouts' agents rarely push an immortal off, so they value an escort as safe). Against agents
// that have left its moved immortals standing within their reach and never answered one
// (immortalReading), it escorts itself as the easy recruiter does: those agents do not read it.
import { type Action, apply, type GameState, legalActions, view, type View } from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import { isEscortTell } from '../src/bots/escort.js';
import { ExactTracker } from '../src/bots/exact.js';
import { geoFor } from '../src/bots/geo.js';
import { agentsIgnoreImmortals } from '../src/bots/recruiter.js';
import type { Bot } from '../src/bots/types.js';
import { makeBot, seatRng } from '../src/bots/index.js';
import { makeYardstick } from '../src/reference/index.js';
import { decidingSeat, hardGameStart } from './hard-games.js';
import { NO_CUTOFF_MS } from './work-limited.js';
import { yieldToRunner } from './yield-to-runner.js';

/**
 * One Full game of `bots` (recruiter, agents) on `seed`; `each` sees every decision with the game
 * before and after it. Clock-free: the bots' work is fixed by counts (NO_CUTOFF_MS), so a busy
 * machine plays the same game. Each decision yields: these are whole games in one test, and vitest's
 * worker must answer its main process within 60 s (else "Timeout calling onTaskUpdate").
 */
async function play(
  seed: number,
  bots: readonly Bot[],
  each: (d: { who: number; v: View; legal: readonly Action[]; a: Action; before: GameState; after: GameState }) => void,
): Promise<void> {
  let s = hardGameStart(seed);
  const rngs = [seatRng(seed, 0), seatRng(seed, 1)];
  while (!s.result) {
    await yieldToRunner();
    const who = decidingSeat(s);
    const v = view(s, who);
    const legal = legalActions(s, who);
    const a = bots[who]!.decide(v, legal, rngs[who]!, NO_CUTOFF_MS);
    const r = apply(s, a);
    if (!r.ok) throw new Error(r.message);
    each({ who, v, legal, a, before: s, after: r.state });
    s = r.state;
  }
}

/** The hard recruiter's test for agents that do not read an immortal, on a fresh deduction. */
const unread = (v: View) => agentsIgnoreImmortals(v, geoFor(v.mayhem), new ExactTracker());

describe('regression: the hard recruiter escorted itself with an immortal, a tell the agents read', () => {
  it('R25, R24: every immortal the hard recruiter moves onto its own location recruits at once (R19), against agents that read it', async () => {
    let moves = 0;
    for (let seed = 40; seed < 44; seed++)
      await play(seed, [makeBot('hard', 'recruiter'), makeYardstick('agents')], ({ who, v, a, before, after }) => {
        if (who !== 0 || (a.type !== 'moveImmortal' && a.type !== 'extraImmortalMove')) return;
        moves++;
        if (a.to !== view(after, 0).recruiter!.at || unread(v)) return;
        expect(after.immortalRecruits.length, `seed ${seed}: ${a.from} -> ${a.to} at ${after.time}`).toBeGreaterThan(
          before.immortalRecruits.length,
        );
      });
    expect(moves).toBeGreaterThan(15);
  });

  it('R25: the expert recruiter plays no escort that recruits nothing (escort.ts), where its search could', async () => {
    let decisions = 0;
    for (let seed = 50; seed < 54 && decisions <= 3; seed++)
      await play(
        seed,
        [makeBot('expert', 'recruiter', { iterations: 32 }), makeYardstick('agents')],
        ({ who, v, legal, a, before }) => {
          if (who !== 0 || !legal.some((x) => isEscortTell(v, x))) return;
          decisions++;
          expect(isEscortTell(v, a), `seed ${seed} at ${before.time}: ${JSON.stringify(a)}`).toBe(false);
        },
      );
    expect(decisions).toBeGreaterThan(3);
  });

  it('R25: against agents that leave its immortals standing (the easy agents), the hard recruiter escorts itself, and only then (5 games, 2 escorts)', async () => {
    let tells = 0;
    for (let seed = 7010; seed < 7015; seed++)
      await play(seed, [makeBot('hard', 'recruiter'), makeBot('easy', 'agents')], ({ who, v, a, before }) => {
        if (who !== 0 || !isEscortTell(v, a)) return;
        tells++;
        expect(unread(v), `seed ${seed} at ${before.time}`).toBe(true);
      });
    expect(tells).toBeGreaterThan(0);
  });
});
