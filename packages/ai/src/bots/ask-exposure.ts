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

/** Features shown on a location that holds an immortal: nobody may ask about them (R22). */
export function blockedFeatures(imm: readonly Loc[]): Set<FeatureId> {
  const out = new Set<FeatureId>();
  for (const l of imm) for (const f of info(l).features) out.add(f);
  return out;
}

/** Features no immortal blocks (R22) that only `to` would show among the unmarked visits. */
export function freshFeatures(
  v: View,
  to: Loc,
  covered: ReadonlySet<FeatureId> = coveredFeatures(v),
  blocked: ReadonlySet<FeatureId> = blockedFeatures(v.immortals),
): FeatureId[] {
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

/**
 * One decision's view of the asks to come, computed once for all its destinations: the features
 * immortals block, those the unmarked visits already show, and the agents near each feature.
 */
export class AskOutlook {
  readonly blocked: ReadonlySet<FeatureId>;
  readonly covered: ReadonlySet<FeatureId>;
  private readonly nearBy = new Map<FeatureId, number>();

  constructor(
    private readonly v: View,
    private readonly g: Geo,
  ) {
    this.blocked = blockedFeatures(v.immortals);
    this.covered = coveredFeatures(v);
  }

  /** Agents of the coming half-turn that could ask about `f` (R22). */
  near(f: FeatureId): number {
    let n = this.nearBy.get(f);
    if (n === undefined) this.nearBy.set(f, (n = agentsNearFeature(this.v, this.g, f)));
    return n;
  }

  /** Asks the coming half-turn could make that only `to` would answer: agents per fresh feature. */
  exposure(to: Loc): number {
    let n = 0;
    for (const f of freshFeatures(this.v, to, this.covered, this.blocked)) n += this.near(f);
    return n;
  }
}

/** `AskOutlook.exposure` for one destination. */
export function askExposure(v: View, g: Geo, to: Loc): number {
  return new AskOutlook(v, g).exposure(to);
}
