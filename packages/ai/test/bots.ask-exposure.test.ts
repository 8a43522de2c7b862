// R22 ask exposure: the hard recruiter stepped onto locations whose feature no older
// unmarked visit showed, next to agents that could ask about it; the ask's answer then had to be its
// own location. Weighing such steps lifted it from 26.6% to 43.8% against the yardstick agents
// (500 games, docs/bots.md "Hard recruiter: fresh features").
import { apply, askCandidates, type GameState, hasFeature, info, legalActions, type Loc, view } from '@mindmgmt/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { askExposure, freshFeatures } from '../src/bots/ask-exposure.js';
import { geoFor } from '../src/bots/geo.js';
import { seatRng } from '../src/bots/index.js';
import { RECRUITER_WEIGHTS, RecruiterBot } from '../src/bots/recruiter.js';
import { actionStates } from './recruiter-action-states.js';
import { NO_CUTOFF_MS } from './work-limited.js';

// Built a seed at a time, yielding between: vitest's worker must answer its main process within
// 60 s, and the six games at once held the event loop for 78 s beside another CPU-heavy job.
const states: GameState[] = [];
const nextTick = () => new Promise((r) => setImmediate(r));
beforeAll(async () => {
  for (const seed of [60, 61, 62, 63, 64, 65]) {
    states.push(...actionStates([seed]));
    await nextTick();
  }
});

describe('R22 ask exposure: a feature only the new location shows answers an ask with it', () => {
  it('R22: freshFeatures are exactly the features whose ask, after the step, has the new location as its only answer', () => {
    let checked = 0;
    let fresh = 0;
    for (const s of states) {
      const v = view(s, 0);
      for (const a of legalActions(s, 0)) {
        if (a.type !== 'step') continue;
        const r = apply(s, a);
        if (!r.ok) throw new Error(r.message);
        const after = r.state;
        const got = new Set(freshFeatures(v, a.to));
        for (const f of info(a.to).features) {
          const blocked = after.immortals.some((l) => hasFeature(l, f));
          const only = !blocked && askCandidates(after, f).join() === String(a.to);
          expect(got.has(f), `${f} on ${a.to} at ${s.time}`).toBe(only);
          checked++;
          if (only) fresh++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(fresh).toBeGreaterThan(5);
  });

  it("R22: where the ask-exposure weight changes the hard recruiter's step, it takes the step agents can ask less about", async () => {
    const exposure = (s: GameState, to: Loc): number => {
      const v = view(s, 0);
      return askExposure(v, geoFor(v.mayhem), to);
    };
    const pick = (s: GameState, weight: number) => {
      const saved = RECRUITER_WEIGHTS.askExposure;
      RECRUITER_WEIGHTS.askExposure = weight;
      try {
        return new RecruiterBot('hard').decide(
          view(s, 0),
          legalActions(s, 0),
          seatRng(s.time * 7919 + 1, 0),
          NO_CUTOFF_MS,
        );
      } finally {
        RECRUITER_WEIGHTS.askExposure = saved;
      }
    };
    let changed = 0;
    for (const s of states) {
      await nextTick();
      const on = pick(s, RECRUITER_WEIGHTS.askExposure);
      const off = pick(s, 0);
      if (on.type !== 'step' || off.type !== 'step' || on.to === off.to) continue;
      changed++;
      expect(exposure(s, on.to), `hour ${s.time}: ${off.to} -> ${on.to}`).toBeLessThan(exposure(s, off.to));
    }
    expect(changed).toBeGreaterThan(0);
  });
});
