// R22: what an Ask can learn about the recruiter's next location.
//
// An ask about feature f must be answered with a visited location that shows f and carries no step
// token or green note (the current location counts). When the recruiter steps onto a location
// whose feature f no older unmarked visit shows, and no immortal blocks f, an ask about f can only
// be answered with that location: the agents learn where it stands. The hard recruiter pays for
// such a step per agent that could ask f in the coming half-turn. Traced over 80 games, a "yes"
// answer was the single largest gain of the agents' exact deduction (1.6-1.9 bits per answer);
// weighing these fresh features lifted the hard recruiter from 26.6% to 43.8% against the
// yardstick agents (docs/bots.md, "Hard recruiter: fresh features").
import { type FeatureId, hasFeature, info, type Loc, type View } from '@mindmgmt/engine';
import { type Geo, N } from './geo.js';

/** Features shown by the recruiter's unmarked visits (R22: what an ask could be answered with). */
export function coveredFeatures(v: View): Set<FeatureId> {
  const sec = v.recruiter!;
  const marked = new Set<Loc>([...v.stepTokens.map((t) => t.at), ...v.confirmed.map((c) => c.at)]);
  const out = new Set<FeatureId>();
  for (const l of sec.path) if (!marked.has(l)) for (const f of info(l).features) out.add(f);
  return out;
}

/** Features no immortal blocks (R22) that only `to` would show among the unmarked visits. */
export function freshFeatures(v: View, to: Loc, covered: ReadonlySet<FeatureId> = coveredFeatures(v)): FeatureId[] {
  const blocked = new Set<FeatureId>();
  for (const l of v.immortals) for (const f of info(l).features) blocked.add(f);
  return info(to).features.filter((f) => !blocked.has(f) && !covered.has(f));
}

/** Agents that can act in the coming agents' half-turn. */
export function availableNext(v: View): { id: string; at: Loc }[] {
  // After the turn reaching an even hour the agents' first half-round starts with everyone
  // ready; after an odd hour only the agents not yet activated this round act.
  const nextTime = v.phase === 'recruiterTurn' ? v.time + 1 : v.time;
  const all = nextTime % 2 === 0;
  return v.agents.filter((a) => a.at !== null && (all || !a.activated)).map((a) => ({ id: a.id, at: a.at! }));
}

/** Agents of the coming half-turn that can reach a location showing `f` (and ask about it, R22). */
export function agentsNearFeature(v: View, g: Geo, f: FeatureId): number {
  let n = 0;
  for (const a of availableNext(v)) {
    for (let l = 0; l < N; l++)
      if (hasFeature(l, f) && g.dist[a.at]![l]! <= 2) {
        n++;
        break;
      }
  }
  return n;
}

/** Asks the coming half-turn could make that only `to` would answer: agents per fresh feature. */
export function askExposure(v: View, g: Geo, to: Loc, covered: ReadonlySet<FeatureId> = coveredFeatures(v)): number {
  let n = 0;
  for (const f of freshFeatures(v, to, covered)) n += agentsNearFeature(v, g, f);
  return n;
}
