// Determinisations for the expert's search (Cowling et al. 2012: sample a world from the
// searching player's information set, then search it as if it were known).
//  - Agents: the hidden worlds the hard agents believe in (bots/agents.ts: public-log sampler re-weighted
//    to the deduction engine's exact location marginal, and by the opponent model), each completed
//    with a recruiter card, a feature-card triple that fits the revealed recruit counts (uniform
//    over the fitting triples: the world weights already count them) and a shuffled deck.
//  (The recruiter's own worlds, where only the deck order varies, are in world.ts.)
import { FEATURES, type FeatureId, hasFeature, type Loc, RECRUITER_CARDS, type View } from '@mindmgmt/engine';
import type { Belief as ExactBelief } from '../../deduction/index.js';
import type { BotRng } from '../types.js';
import { agentsModel } from '../agents.js';
import { type Belief, beliefKey, computeBelief, type Constraints, keyRng, type World } from '../belief.js';
import { withExact } from '../exact.js';
import { geoFor } from '../geo.js';
import { applyModel } from '../model.js';
import { deckPool, type HiddenWorld, shuffle } from './world.js';

/** Recruit contacts of `path` at times from..to for one card set, as weighByCards counts them (R12, R24). */
function contactsBetween(
  path: readonly Loc[],
  from: number,
  to: number,
  tri: readonly FeatureId[],
  exposed: ReadonlyMap<FeatureId, number>,
): number {
  let n = 0;
  for (let t = from; t <= to && t <= path.length; t++)
    for (const f of tri) {
      const ex = exposed.get(f);
      if (ex !== undefined && t > ex) continue;
      if (hasFeature(path[t - 1]!, f)) n++;
    }
  return n;
}

/** The feature-card triples that fit every revealed recruit count of `path` (exposed cards forced in). */
export function fittingTriples(c: Constraints, path: readonly Loc[]): FeatureId[][] {
  const feats = FEATURES.filter((f) => !c.notCards.has(f));
  const forced = [...c.exposedAt.keys()];
  const out: FeatureId[][] = [];
  for (let a = 0; a < feats.length; a++)
    for (let b = a + 1; b < feats.length; b++)
      for (let d = b + 1; d < feats.length; d++) {
        const tri = [feats[a]!, feats[b]!, feats[d]!];
        if (!forced.every((f) => tri.includes(f))) continue;
        if (c.counts.every((k) => contactsBetween(path, k.from, k.to, tri, c.exposedAt) === k.count)) out.push(tri);
      }
  return out;
}

/** The agents' information set, cached per (public facts) for one bot session. */
export class AgentWorlds {
  private key = '';
  private belief: Belief | null = null;

  /**
   * Sampled with a random source derived from the cache key, never the decision's: a cached belief
   * is then exactly what a fresh bot computes for the same view, so a session's cache changes
   * speed, never the move.
   */
  beliefFor(v: View, exact: ExactBelief | null, samples: number, deadline: () => boolean): Belief {
    const key = `${beliefKey(v, 'agents')}|${samples}|${exact ? exact.histories : 0}`;
    if (this.belief && this.key === key) return this.belief;
    let cut = false;
    const stop = () => (cut ||= deadline());
    let b = computeBelief(v, keyRng(key), {
      samples,
      nodeBudget: samples * 400,
      weighCards: true,
      deadline: stop,
    });
    if (exact && exact.histories > 0) b = withExact(b, { weights: exact.weights, cardShares: exact.cardShares });
    b = applyModel(b, geoFor(v.mayhem), agentsModel(true));
    // a belief cut short by the clock is not what a fresh bot computes: used once, not cached
    this.belief = cut ? null : b;
    this.key = cut ? '' : key;
    return b;
  }

  /** `count` worlds drawn by weight from the agents' belief (empty when nothing consistent was found). */
  sample(
    v: View,
    rng: BotRng,
    exact: ExactBelief | null,
    count: number,
    samples: number,
    deadline: () => boolean,
  ): HiddenWorld[] {
    const b = this.beliefFor(v, exact, samples, deadline);
    if (!b.worlds.length || !(b.total > 0)) return [];
    const carl = exact ? exact.recruiterCardShares.carl : 0.5;
    const out: HiddenWorld[] = [];
    const triples = new Map<World, FeatureId[][]>();
    for (let k = 0; k < count * 3 && out.length < count; k++) {
      const w = pickWeighted(b.worlds, b.total, rng);
      let tris = triples.get(w);
      if (!tris) {
        tris = fittingTriples(b.c, w.path);
        triples.set(w, tris);
      }
      if (!tris.length) continue;
      const cards = tris[Math.floor(rng() * tris.length)]!;
      const card = w.card ?? (rng() < carl ? 'carl' : 'girl');
      const spot = v.mindSlips.secondUsedAt === null ? v.mindSlips.secondOnBoard : null;
      const at = spot === null ? -1 : w.path.indexOf(spot);
      out.push({
        card: RECRUITER_CARDS.indexOf(card),
        cards,
        exposedAt: cards.map((f) => b.c.exposedAt.get(f) ?? null),
        path: w.path,
        // R18: acquired by arriving on it after it was placed (placed after the setup, times 1-5)
        secondMindSlipHeld: at >= 5,
        deck: shuffle(deckPool(v, cards), rng).slice(0, v.deckCount),
      });
    }
    return out;
  }
}

function pickWeighted(worlds: readonly World[], total: number, rng: BotRng): World {
  let x = rng() * total;
  for (const w of worlds) {
    x -= w.weight;
    if (x <= 0) return w;
  }
  return worlds[worlds.length - 1]!;
}
