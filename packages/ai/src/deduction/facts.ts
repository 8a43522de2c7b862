// Public facts, read from the public event log (`view.log[i].pub` only), arranged by the time
// ("layer") of the hidden path they constrain. Layer t = the recruiter's location at time t.
// Which facts exist and what each one says about hidden worlds is listed in ./README.md.
import {
  crossOf,
  type Edge,
  type FeatureId,
  type Loc,
  LOCATIONS_WITH,
  type Mode,
  type PublicEvent,
  SETUP_TIME,
} from '@mindmgmt/engine';
import { PublicBoard } from './boxCheck.js';
import { type EscortAnswer, type TurnFacts, TurnTracker } from './turns.js';

/** How the recruiter reached layer t (R5, R15, R16). */
export type Move =
  | { readonly kind: 'start'; readonly at: Loc | null }
  | { readonly kind: 'step'; readonly setup: boolean }
  | { readonly kind: 'slip'; readonly token: 1 | 2 };

/** A constraint on the hidden state at one layer (location, visited set, 2nd token, card). */
export type Filter =
  /** Visited at or before this layer: a step token answered an ask / paid an extra move (R15, R22, R29). */
  | { readonly k: 'visited'; readonly at: Loc }
  /** Not visited at or before this layer: "cannot place" or the Dolphin's complement (R22, R29). */
  | { readonly k: 'unvisited'; readonly at: Loc }
  /** The recruiter is exactly here at this layer: reveal (R23), Training start (R31), capture hit. */
  | { readonly k: 'at'; readonly at: Loc }
  /** Missed capture (R25). */
  | { readonly k: 'notAt'; readonly at: Loc }
  /** Meru's scan (R26): inside / outside the cross. */
  | { readonly k: 'in'; readonly locs: readonly Loc[] }
  | { readonly k: 'notIn'; readonly locs: readonly Loc[] }
  /**
   * R17/D6 boxed-in check at the start of the next action: `boxed` when the game ended with
   * boxedIn, `notBoxed` when the check was made and passed (only informative while the next
   * move has not been made). `slips`: mind slips count (false during setup, R5); `token1`:
   * the 1st mind slip token is still held (public); the 2nd is part of the hidden state.
   */
  | { readonly k: 'boxed' | 'notBoxed'; readonly slips: boolean; readonly token1: boolean }
  /** R5: the recruits of locations 1..5 as one number (layer 5 only). */
  | { readonly k: 'setupCount'; readonly count: number };

export interface LayerFacts {
  move: Move;
  /** R11: the red alert number revealed at this time (covers this layer and the previous one). */
  alert: number | null;
  filters: Filter[];
}

/** Incrementally parsed public facts of one game. */
export class Facts {
  readonly mayhem: Edge[] = [];
  /** layers[t] for t = 1..count; layers[0] unused. */
  readonly layers: LayerFacts[] = [];
  /** Where the agents put the 2nd mind slip token (R9), once placed. */
  slipTokenAt: Loc | null = null;
  /** Features that cannot be among the 3 cards: immortal cards drawn (R5, R15), shakedown misses (R24). */
  readonly excluded = new Set<FeatureId>();
  /** Exposed cards (R24) and the time of exposure. */
  readonly exposed = new Map<FeatureId, number>();
  /** Events consumed so far. */
  processed = 0;
  /** Bumped whenever `excluded` or `exposed` changes. */
  globalVersion = 0;

  private tokens = new Set<Loc>();
  private confirmed = new Set<Loc>();
  private firstUsed = false;
  private lastAskDolphin = false;
  private readonly board: PublicBoard;
  private readonly turnTracker: TurnTracker;

  constructor(readonly mode: Mode) {
    this.board = new PublicBoard(mode);
    this.turnTracker = new TurnTracker(mode);
  }

  /** Per finished recruiter turn (by time): the agents threatening its move and the escort (opponent model). */
  get turns(): ReadonlyMap<number, TurnFacts> {
    return this.turnTracker.closed;
  }

  /** By recruiter time: what the agents did in their half-turn about that turn's escort. */
  get escortAnswers(): ReadonlyMap<number, EscortAnswer> {
    return this.turnTracker.answers;
  }

  /** Captures that missed on a location escorted in that recruiter turn (the opponent model learns from them). */
  get escortMisses(): number {
    return this.turnTracker.escortMisses;
  }

  /** Escort spots of the latest recruiter turn that `immortals` (where they stand now) still hold. */
  latestEscort(immortals: readonly Loc[]): Set<Loc> {
    return this.turnTracker.latestEscort(immortals);
  }

  /** The current layer: the number of locations on the hidden path so far (0 before the start). */
  get count(): number {
    return Math.max(0, this.layers.length - 1);
  }

  /**
   * How many facts have been read so far (layers, their filters and alerts, mayhem, the slip
   * token, card facts): it grows with every fact and only then, so an update that leaves it
   * unchanged had nothing new to tell (the benchmark's "cached" updates).
   */
  get factCount(): number {
    let n = this.mayhem.length + this.globalVersion + (this.slipTokenAt === null ? 0 : 1);
    for (let t = 1; t < this.layers.length; t++) {
      const l = this.layers[t]!;
      n += 1 + l.filters.length + (l.alert === null ? 0 : 1);
    }
    return n;
  }

  private filter(f: Filter): void {
    const t = this.count;
    if (t < 1) throw new Error('deduction: a fact before the start');
    this.layers[t]!.filters.push(f);
  }

  private addLayer(move: Move): void {
    if (this.layers.length === 0) this.layers.push({ move, alert: null, filters: [] }); // unused slot 0
    this.layers.push({ move, alert: null, filters: [] });
  }

  /** Reads events[processed..]; all events of one engine `apply` must be present together. */
  feed(events: readonly { readonly pub: PublicEvent }[]): void {
    for (let i = this.processed; i < events.length; i++) this.one(events, i);
    this.processed = events.length;
  }

  private one(events: readonly { readonly pub: PublicEvent }[], i: number): void {
    const e = events[i]!.pub;
    this.board.see(e);
    this.turnTracker.see(e);
    if (this.board.checksAfter(e)) this.turnBoxCheck(events, i);
    switch (e.kind) {
      case 'mayhemPlaced':
        this.mayhem.push([e.between[0], e.between[1]]);
        return;
      case 'startChosen':
        this.addLayer({ kind: 'start', at: e.at });
        if (e.at !== null) {
          // R31: the Training start is a confirmed note "1".
          this.confirmed.add(e.at);
          this.filter({ k: 'at', at: e.at });
        }
        return;
      case 'recruiterStepped': {
        const setup = e.time <= SETUP_TIME;
        this.addLayer({ kind: 'step', setup });
        this.expectLayer(e.time);
        if (setup && e.time < SETUP_TIME) this.setupBoxCheck(events, i);
        return;
      }
      case 'mindSlipUsed':
        this.addLayer({ kind: 'slip', token: e.token });
        this.expectLayer(e.time);
        if (e.token === 1) this.firstUsed = true;
        return;
      case 'setupRecruitsRevealed':
        this.filter({ k: 'setupCount', count: e.count });
        return;
      case 'mindSlipTokenPlaced':
        this.slipTokenAt = e.at;
        return;
      case 'immortalCardsDrawn':
        for (const f of e.features) this.excluded.add(f);
        this.globalVersion++;
        return;
      case 'immortalMoved':
        if (e.stepToken !== null) {
          // R15: the extra move's step token lies on a location visited by now.
          this.tokens.add(e.stepToken);
          this.filter({ k: 'visited', at: e.stepToken });
        }
        return;
      case 'timeAdvanced':
        if (e.alert !== null) {
          this.expectLayer(e.time);
          this.layers[e.time]!.alert = e.alert;
        }
        return;
      case 'asked':
        this.lastAskDolphin = e.dolphin;
        return;
      case 'askAnswered': {
        const unmarked = LOCATIONS_WITH[e.feature].filter((l) => !this.tokens.has(l) && !this.confirmed.has(l));
        for (const l of e.at) {
          this.filter({ k: 'visited', at: l });
          this.tokens.add(l);
        }
        // R22: "cannot place"; R29: the Dolphin marks every candidate, so the rest were not visited.
        if (e.at.length === 0 || this.lastAskDolphin)
          for (const l of unmarked) if (!e.at.includes(l)) this.filter({ k: 'unvisited', at: l });
        this.lastAskDolphin = false;
        return;
      }
      case 'revealed':
        // R23: the visit time is exact.
        this.tokens.delete(e.at);
        this.confirmed.add(e.at);
        if (e.visitTime < 1 || e.visitTime > this.count) throw new Error('deduction: reveal of an unknown time');
        this.layers[e.visitTime]!.filters.push({ k: 'at', at: e.at });
        return;
      case 'shakedown':
        // R38: a miss on a card already exposed says nothing about the cards.
        if (e.hit) this.exposed.set(e.feature, e.time);
        else if (!this.exposed.has(e.feature)) this.excluded.add(e.feature);
        else return;
        this.globalVersion++;
        return;
      case 'captureAttempted':
        this.expectLayer(e.time);
        this.filter(e.hit ? { k: 'at', at: e.at } : { k: 'notAt', at: e.at });
        return;
      case 'scanned':
        this.expectLayer(e.time);
        this.filter(e.yes ? { k: 'in', locs: crossOf(e.at) } : { k: 'notIn', locs: crossOf(e.at) });
        return;
      default:
        return;
    }
  }

  private expectLayer(time: number): void {
    if (time !== this.count) throw new Error(`deduction: event at time ${time} but path has ${this.count} locations`);
  }

  /** D6: after setup steps 2..4 the engine ends the game if no step is left. */
  private setupBoxCheck(events: readonly { readonly pub: PublicEvent }[], i: number): void {
    const next = events[i + 1]?.pub;
    if (next?.kind === 'recruiterStepped') return; // implied by the next step
    const boxed = next?.kind === 'gameOver' && next.result.reason === 'boxedIn';
    this.filter({ k: boxed ? 'boxed' : 'notBoxed', slips: false, token1: false });
  }

  /**
   * D1, R17, R37: at a turn's start (after immortal recruiting) and after each immortal move
   * before the action, the engine declares boxed in unless an immortal move left could win.
   */
  private turnBoxCheck(events: readonly { readonly pub: PublicEvent }[], i: number): void {
    const o = this.board.outcome(events, i);
    if (o !== 'none') this.filter({ k: o, slips: true, token1: !this.firstUsed });
  }
}

/** The one reader of the public log, so the bots and the deduction read it alike: a view's log as typed public facts. */
export function factsOf(v: { readonly mode: Mode; readonly log: readonly { readonly pub: PublicEvent }[] }): Facts {
  const facts = new Facts(v.mode);
  facts.feed(v.log);
  return facts;
}
