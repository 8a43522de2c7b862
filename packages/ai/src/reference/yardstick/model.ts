// FROZEN YARDSTICK: a verbatim copy of the hard bots as of 2026-11-30, kept so 'hard' may
// improve while this measuring stick may not. Do not tune or fix: change the live bots instead.

// Opponent model for the hard agents: re-weights hidden worlds by how plausible each past
// recruiter move is for a sensible recruiter (public facts only). A recruiter rarely steps within
// reach of agents that act next when it had a safe alternative, and it tends to hide under the
// immortal it moves during its turn (escort). Likelihood ratios, not hard constraints.
import type { Loc, View } from '@mindmgmt/engine';
import type { Belief, World } from './belief.js';
import { type Geo, N } from './geo.js';

export interface ModelWeights {
  /** Relative chance of stepping into a location agents can reach next, when a safe one exists. */
  readonly unsafe: number;
  /** Likelihood ratio for "the recruiter is where an immortal was moved this turn". */
  readonly escort: number;
}

interface TurnFacts {
  /** Agents (location, reach) that act in the half-turn after the move reaching time t. */
  readonly threats: readonly { readonly at: Loc; readonly reach: number }[];
  /** Locations immortals were moved onto during that recruiter turn (and still held at its end). */
  readonly escort: ReadonlySet<Loc>;
}

/** Replays the public log: per recruiter time t >= 6, the agents threatening the next half-turn. */
export function turnFacts(v: View): Map<number, TurnFacts> {
  const pos = new Map<string, Loc>();
  const activated = new Set<string>();
  const out = new Map<number, TurnFacts>();
  let turn: number | null = null;
  let escort = new Set<Loc>();
  let imm: Loc[] = [];
  const close = () => {
    if (turn === null) return;
    const all = turn % 2 === 0; // after an even hour a new round starts for the agents
    const threats: { at: Loc; reach: number }[] = [];
    for (const [id, at] of pos)
      if (all || !activated.has(id)) threats.push({ at, reach: id === 'dusty' && v.mode === 'full' ? 3 : 2 });
    for (const l of [...escort]) if (!imm.includes(l)) escort.delete(l);
    out.set(turn, { threats, escort });
    turn = null;
  };
  for (const { pub: e } of v.log) {
    switch (e.kind) {
      case 'agentPlaced':
        pos.set(e.agent, e.at);
        break;
      case 'agentMoved':
        pos.set(e.agent, e.to);
        break;
      case 'agentActivated':
        activated.add(e.agent);
        break;
      case 'roundEnded':
        activated.clear();
        break;
      case 'immortalPlaced':
        imm.push(e.at);
        break;
      case 'immortalMoved':
        imm = imm.map((l) => (l === e.from ? e.to : l));
        if (turn !== null) escort.add(e.to);
        break;
      case 'immortalPushed':
        imm = imm.map((l) => (l === e.from ? e.to : l));
        break;
      case 'recruiterTurnStarted':
        close();
        turn = e.time;
        escort = new Set();
        break;
      case 'timeAdvanced':
        close();
        break;
      default:
        break;
    }
  }
  // A turn still in progress (recruiter deciding) is not closed: no facts about it yet.
  return out;
}

function likelihood(
  w: World,
  g: Geo,
  facts: Map<number, TurnFacts>,
  m: ModelWeights,
  slip: readonly boolean[],
): number {
  let lik = 1;
  const vis = new Uint8Array(N);
  for (let t = 1; t <= w.path.length; t++) {
    const l = w.path[t - 1]!;
    const f = t >= 6 ? facts.get(t) : undefined;
    if (f && t >= 2 && !slip[t]) {
      const prev = w.path[t - 2]!;
      const unsafe = (c: Loc) => f.threats.some((a) => g.dist[a.at]![c]! <= a.reach);
      let tot = 0;
      for (const c of g.step[prev]!) if (!vis[c]) tot += unsafe(c) ? m.unsafe : 1;
      if (tot > 0) lik *= (unsafe(l) ? m.unsafe : 1) / tot;
    }
    if (f && f.escort.size) lik *= f.escort.has(l) ? m.escort : 1;
    vis[l] = 1;
  }
  return lik;
}

export function applyModel(b: Belief, v: View, g: Geo, m: ModelWeights): Belief {
  if (!b.worlds.length) return b;
  const facts = turnFacts(v);
  const worlds = b.worlds.map((w) => ({ ...w, weight: w.weight * likelihood(w, g, facts, m, b.c.slip) }));
  let total = 0;
  for (const w of worlds) total += w.weight;
  if (!(total > 0)) return b;
  const here = new Float64Array(N);
  for (const w of worlds) here[w.path[w.path.length - 1]!]! += w.weight / total;
  return { ...b, worlds, total, here };
}
