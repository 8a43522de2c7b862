// The agents' threat and the immortals' escort around each recruiter turn, read from the public
// log as part of Facts (the one reader): the opponent model (bots/model.ts) weighs a hidden path
// by how a sensible recruiter would have moved given them.
import type { Loc, Mode, PublicEvent } from '@mindmgmt/engine';

/** Public facts of the recruiter turn that reached time t (closed when that time ends). */
export interface TurnFacts {
  /** Agents (location, reach) that act in the half-turn after the move reaching time t. */
  readonly threats: readonly { readonly at: Loc; readonly reach: number }[];
  /** Locations immortals were moved onto during that recruiter turn (and still held at its end). */
  readonly escort: ReadonlySet<Loc>;
}

/**
 * The agents' half-turn after a recruiter turn that moved immortals onto locations they still held
 * (its escort): what the agents did about them. Only half-turns the next recruiter turn ended.
 */
export interface EscortAnswer {
  /** The turn's escort spots. */
  readonly spots: ReadonlySet<Loc>;
  /** Spots an agent captured on, or pushed an immortal off (R24, R25), in that half-turn. */
  readonly answered: ReadonlySet<Loc>;
  /** The agents that acted in it, where they stood when it began, and how far they reach. */
  readonly acted: readonly { readonly at: Loc; readonly reach: number }[];
}

/** Tracks agents and immortals event by event; `closed` holds every finished recruiter turn. */
export class TurnTracker {
  /** By recruiter time; a turn still in progress (the recruiter deciding) is not in it yet. */
  readonly closed = new Map<number, TurnFacts>();
  private readonly pos = new Map<string, Loc>();
  private readonly activated = new Set<string>();
  private turn: number | null = null;
  private escort = new Set<Loc>();
  private imm: Loc[] = [];
  /** Where immortals were moved since the latest recruiter turn started (in log order). */
  private moves: Loc[] = [];
  /**
   * Captures that missed on a location an immortal was moved onto in that recruiter turn: what
   * the agents learn of a recruiter that leaves decoys rather than hiding under them (model.ts).
   */
  private misses = 0;
  /** By recruiter time: the agents' answers to its escort (recruiter bots read them, bots/escort.ts). */
  readonly answers = new Map<number, EscortAnswer>();
  /** The half-turn in progress after a turn with an escort. */
  private half: {
    time: number;
    spots: ReadonlySet<Loc>;
    from: Map<string, Loc>;
    acted: Set<string>;
    answered: Set<Loc>;
  } | null = null;

  constructor(private readonly mode: Mode) {}

  private reach(id: string): number {
    return id === 'dusty' && this.mode === 'full' ? 3 : 2;
  }

  get escortMisses(): number {
    return this.misses;
  }

  see(e: PublicEvent): void {
    switch (e.kind) {
      case 'agentPlaced':
        this.pos.set(e.agent, e.at);
        return;
      case 'agentMoved':
        this.pos.set(e.agent, e.to);
        return;
      case 'agentActivated':
        this.activated.add(e.agent);
        this.half?.acted.add(e.agent);
        return;
      case 'roundEnded':
        this.activated.clear();
        return;
      case 'immortalPlaced':
        this.imm.push(e.at);
        return;
      case 'immortalMoved':
        this.imm = this.imm.map((l) => (l === e.from ? e.to : l));
        if (this.turn !== null) this.escort.add(e.to);
        this.moves.push(e.to);
        return;
      case 'immortalPushed':
        this.imm = this.imm.map((l) => (l === e.from ? e.to : l));
        if (this.half?.spots.has(e.from)) this.half.answered.add(e.from);
        return;
      case 'recruiterTurnStarted':
        this.answerHalf();
        this.close();
        this.turn = e.time;
        this.escort = new Set();
        this.moves = [];
        return;
      case 'timeAdvanced':
        this.close();
        return;
      case 'captureAttempted':
        // R25: a miss says the recruiter is not there; the recruiter turn that reached this time
        // closed when its time advanced
        if (!e.hit && this.closed.get(e.time)?.escort.has(e.at)) this.misses++;
        if (this.half?.spots.has(e.at)) this.half.answered.add(e.at);
        return;
      default:
        return;
    }
  }

  /**
   * Locations immortals were moved onto since the latest recruiter turn started and still hold
   * (`immortals`: where they stand now), the latest move first. Pushes come only after the
   * recruiter's moves, in the agents' turn, so where the immortals stand now says the rest.
   */
  latestEscort(immortals: readonly Loc[]): Set<Loc> {
    const out = new Set<Loc>();
    for (let i = this.moves.length - 1; i >= 0; i--) out.add(this.moves[i]!);
    for (const l of [...out]) if (!immortals.includes(l)) out.delete(l);
    return out;
  }

  private close(): void {
    if (this.turn === null) return;
    const all = this.turn % 2 === 0; // after an even hour a new round starts for the agents
    const threats: { at: Loc; reach: number }[] = [];
    for (const [id, at] of this.pos) if (all || !this.activated.has(id)) threats.push({ at, reach: this.reach(id) });
    for (const l of [...this.escort]) if (!this.imm.includes(l)) this.escort.delete(l);
    this.closed.set(this.turn, { threats, escort: this.escort });
    if (this.escort.size)
      this.half = {
        time: this.turn,
        spots: this.escort,
        from: new Map(this.pos),
        acted: new Set(),
        answered: new Set(),
      };
    this.turn = null;
  }

  private answerHalf(): void {
    const h = this.half;
    if (!h) return;
    const acted = [...h.acted].flatMap((id) => {
      const at = h.from.get(id);
      return at === undefined ? [] : [{ at, reach: this.reach(id) }];
    });
    this.answers.set(h.time, { spots: h.spots, answered: h.answered, acted });
    this.half = null;
  }
}
