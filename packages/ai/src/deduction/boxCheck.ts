// R17 with R37 (and D1): what the public log says about the recruiter being boxed in at each
// moment the engine checks it. The engine declares boxed in only when the recruiter has no
// action and no immortal move left this turn could bring the winning recruit; whether such a
// move exists is public, so it is recomputed here from the public events alone.
import {
  type Edge,
  type FeatureId,
  immortalWinReachable,
  type Loc,
  type Mode,
  MODE_RULES,
  type PublicEvent,
} from '@mindmgmt/engine';

type Log = readonly { readonly pub: PublicEvent }[];

/** What a check tells: the recruiter was boxed in, was not, or nothing (a win could still come). */
export type BoxOutcome = 'boxed' | 'notBoxed' | 'none';

/** The public position the R37 check reads, tracked event by event. */
export class PublicBoard {
  private readonly mayhem: Edge[] = [];
  private immortals: Loc[] = [];
  private henry: Loc | null = null;
  private cards: FeatureId[] = [];
  private revealed = 0;
  private arrivals = 0;
  private readonly marked = new Set<Loc>();
  private inTurn = false;
  private acted = false;
  private moves = 0;
  private extra = false;

  constructor(private readonly mode: Mode) {}

  /** Reads one event (every event of the log, in order). */
  see(e: PublicEvent): void {
    switch (e.kind) {
      case 'mayhemPlaced':
        this.mayhem.push(e.between);
        return;
      case 'startChosen':
        this.arrivals = 1;
        if (e.at !== null) this.marked.add(e.at); // R31: the confirmed note "1"
        return;
      case 'recruiterStepped':
      case 'mindSlipUsed':
        this.arrivals++;
        if (this.inTurn) this.acted = true;
        return;
      case 'setupRecruitsRevealed':
        this.revealed += e.count;
        return;
      case 'immortalPlaced':
        this.immortals.push(e.at);
        return;
      case 'agentPlaced':
      case 'agentMoved':
        if (e.agent === 'henry') this.henry = e.kind === 'agentPlaced' ? e.at : e.to;
        return;
      case 'immortalCardsDrawn':
        this.cards.push(...e.features);
        return;
      case 'recruiterTurnStarted':
        this.inTurn = true;
        this.acted = false;
        this.moves = 0;
        this.extra = false;
        return;
      case 'immortalMoved':
        this.immortals = this.immortals.map((l) => (l === e.from ? e.to : l));
        if (this.inTurn) this.moves++;
        if (e.stepToken !== null) {
          this.marked.add(e.stepToken);
          this.extra = true;
        }
        return;
      case 'immortalPushed':
        this.immortals = this.immortals.map((l) => (l === e.from ? e.to : l));
        return;
      case 'immortalRecruited':
        this.cards = this.cards.filter((f) => f !== e.feature);
        this.revealed++;
        return;
      case 'timeAdvanced':
        this.inTurn = false;
        if (e.alert !== null) this.revealed += e.alert;
        return;
      case 'askAnswered':
        for (const l of e.at) this.marked.add(l);
        return;
      case 'revealed':
        this.marked.add(e.at); // the step token becomes a confirmed note: still marked
        return;
      default:
        return;
    }
  }

  /** Is the engine checking boxed in right after this event (turn start, or an immortal move before the action)? */
  checksAfter(e: PublicEvent): boolean {
    if (e.kind === 'recruiterTurnStarted') return true;
    return e.kind === 'immortalMoved' && this.inTurn && !this.acted;
  }

  /**
   * The outcome of the check made right after events[i] (already seen). Immortal recruits the
   * same engine step emitted right after it come first (D1, R19); the next other event tells
   * whether the game went on. With a winning immortal move still possible the engine does not
   * declare boxed in, so going on tells nothing.
   */
  outcome(events: Log, i: number): BoxOutcome {
    let j = i + 1;
    const won: FeatureId[] = [];
    for (let e = events[j]?.pub; e?.kind === 'immortalRecruited'; e = events[++j]?.pub) won.push(e.feature);
    const next = events[j]?.pub;
    if (next?.kind === 'recruiterStepped' || next?.kind === 'mindSlipUsed') return 'none'; // implied by the move
    if (next?.kind === 'gameOver' && next.result.reason === 'recruits') return 'none'; // won before the check
    if (next?.kind === 'gameOver' && next.result.reason === 'boxedIn') return 'boxed';
    const markable = this.arrivals > this.marked.size ? 1 : 0;
    const reachable = immortalWinReachable({
      immortals: this.immortals,
      cards: this.cards.filter((f) => !won.includes(f)),
      henry: this.mode === 'full' ? this.henry : null,
      mayhem: this.mayhem,
      need: MODE_RULES[this.mode].recruitsToWin - this.revealed - won.length,
      moves: this.mode !== 'full' ? 0 : this.moves === 0 ? 1 + markable : this.extra ? 0 : markable,
    });
    return reachable ? 'none' : 'notBoxed';
  }
}
