// The exact deduction engine: a forward DP over the hidden path, layer by layer (one layer per
// time 1, 2, 3, ...). A DP state is
//     (current location, visited set, 2nd-mind-slip status, recruiter cards, triple set)
// with a count of distinct hidden paths that reach it. Every path counted in a state is
// consistent with every (recruiter card in `cards`) x (card triple in `triple set`) pair, and
// with nothing else, so a state stands for count * |cards| * |triples| hidden worlds.
// Facts about the past (a step token says "visited by time t", a reveal fixes the location at
// time v) are attached to the layer they speak about; a layer whose facts change is filtered
// in place and every later layer is rebuilt from it, so the result is always exactly the DP
// over all facts known now. See ./README.md for the full argument.
import {
  DIAG_TWO,
  FEATURES,
  type FeatureId,
  LOCATION_COUNT,
  type Loc,
  ORTHO_TWO,
  stepNeighbours,
  type View,
} from '@mindmgmt/engine';
import { Facts, type Filter } from './facts.js';
import { gameProbe } from './game-probe.js';
import { FEATURE_INDEX, LOC_FEATURES, popcount, TRIPLE_COUNT, TripleSets, TRIPLES } from './triples.js';

/** What the agents can know about the hidden world now (uniform prior over consistent worlds). */
export interface Belief {
  /** Time of the layer described: the recruiter's current location is the one written at this time. */
  readonly time: number;
  /** Number of locations where the recruiter can be now. */
  readonly candidates: number;
  /**
   * Number of consistent hidden worlds (recruiter card x 3 secret cards x full path). A float,
   * exact while below 2^53 (the largest seen in practice is about 1e12).
   */
  readonly histories: number;
  /** weights[l]: consistent hidden worlds whose path ends at location l now (sums to `histories`). */
  readonly weights: readonly number[];
  /** possible[l]: weights[l] > 0. */
  readonly possible: readonly boolean[];
  /** Share of consistent worlds in which the recruiter holds each feature card (sums to 3). */
  readonly cardShares: Readonly<Record<FeatureId, number>>;
  /** Share of consistent worlds with each recruiter card (R16). */
  readonly recruiterCardShares: { readonly carl: number; readonly girl: number };
  /** Share of consistent worlds in which the recruiter holds the 2nd mind slip token now (R18). */
  readonly secondMindSlipHeldShare: number;
  /** Size of the DP layer (distinct hidden states) behind this belief; a cost figure. */
  readonly states: number;
}

// 2nd mind slip token status, part of the state.
const NONE = 0; // its location is not visited
const HELD = 1; // acquired on a turn (time >= 6), not used
const USED = 2; // used (public)
const DEAD = 3; // its location was visited during setup, before it was placed: never acquirable

const CARL = 1;
const GIRL = 2;

interface Layer {
  n: number;
  lo: Int32Array; // visited bits 0..31
  hi: Int32Array; // visited bits 32..41 | loc << 10 | flag << 16 | cards << 18
  ts: Int32Array; // triple set id
  cnt: Float64Array;
}

function emptyLayer(): Layer {
  return { n: 0, lo: new Int32Array(0), hi: new Int32Array(0), ts: new Int32Array(0), cnt: new Float64Array(0) };
}

/**
 * Open-addressing table that merges states with equal keys, reused from layer to layer. A slot
 * is 4 ints [hi, lo, ts, j] (one cache line per probe; hi = -1: empty); the states themselves
 * are stored in insertion order j, with `slot[j]` to clear the table in O(states).
 */
class Builder {
  private mask = 1023;
  private size = 0;
  private tab = new Int32Array(4 * 1024).fill(-1);
  private slot = new Int32Array(512);
  private lo = new Int32Array(512);
  private hi = new Int32Array(512);
  private ts = new Int32Array(512);
  private cnt = new Float64Array(512);

  add(lo: number, hi: number, ts: number, c: number): void {
    let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1) ^ Math.imul(ts + 0x7f4a7c15, 0x85ebca77), 0xc2b2ae3d);
    h ^= h >>> 15;
    let i = h & this.mask;
    const T = this.tab;
    for (;;) {
      const k = T[4 * i]!;
      if (k === -1) break;
      if (k === hi && T[4 * i + 1] === lo && T[4 * i + 2] === ts) {
        this.cnt[T[4 * i + 3]!]! += c;
        return;
      }
      i = (i + 1) & this.mask;
    }
    const j = this.size++;
    T[4 * i] = hi;
    T[4 * i + 1] = lo;
    T[4 * i + 2] = ts;
    T[4 * i + 3] = j;
    this.slot[j] = i;
    this.lo[j] = lo;
    this.hi[j] = hi;
    this.ts[j] = ts;
    this.cnt[j] = c;
    if (this.size * 2 > this.mask) this.grow();
  }

  private grow(): void {
    const cap = (this.mask + 1) * 2;
    this.mask = cap - 1;
    const T = new Int32Array(4 * cap).fill(-1);
    const half = cap >>> 1;
    const slot = new Int32Array(half);
    for (let j = 0; j < this.size; j++) {
      const lo = this.lo[j]!;
      const hi = this.hi[j]!;
      const ts = this.ts[j]!;
      let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1) ^ Math.imul(ts + 0x7f4a7c15, 0x85ebca77), 0xc2b2ae3d);
      h ^= h >>> 15;
      let i = h & this.mask;
      while (T[4 * i] !== -1) i = (i + 1) & this.mask;
      T[4 * i] = hi;
      T[4 * i + 1] = lo;
      T[4 * i + 2] = ts;
      T[4 * i + 3] = j;
      slot[j] = i;
    }
    this.tab = T;
    this.slot = slot;
    const lo = new Int32Array(half);
    lo.set(this.lo);
    this.lo = lo;
    const hi = new Int32Array(half);
    hi.set(this.hi);
    this.hi = hi;
    const ts = new Int32Array(half);
    ts.set(this.ts);
    this.ts = ts;
    const cnt = new Float64Array(half);
    cnt.set(this.cnt);
    this.cnt = cnt;
  }

  /** The states added so far, in insertion order; the table is left empty for reuse. */
  finish(): Layer {
    const n = this.size;
    const out: Layer = {
      n,
      lo: this.lo.slice(0, n),
      hi: this.hi.slice(0, n),
      ts: this.ts.slice(0, n),
      cnt: this.cnt.slice(0, n),
    };
    for (let j = 0; j < n; j++) this.tab[4 * this.slot[j]!] = -1;
    this.size = 0;
    return out;
  }
}

/** SETUP_KEY[l] = sum of 6^f over the features f of location l (see setupMask). */
const SETUP_KEY: readonly number[] = LOC_FEATURES.map((m) => {
  let k = 0;
  for (let f = 0; f < 16; f++) if ((m >>> f) & 1) k += 6 ** f;
  return k;
});

function hasBit(lo: number, hi: number, l: number): boolean {
  return l < 32 ? ((lo >>> l) & 1) === 1 : ((hi >>> (l - 32)) & 1) === 1;
}

/** Filters of one layer compiled to masks. */
interface Compiled {
  allow: Uint8Array; // per location: 1 allowed
  needLo: number;
  needHi: number;
  forbLo: number;
  forbHi: number;
  box: { boxed: boolean; slips: boolean; token1: boolean }[];
  setupCount: number[];
  trivial: boolean;
}

function compile(filters: readonly Filter[]): Compiled {
  const c: Compiled = {
    allow: new Uint8Array(LOCATION_COUNT).fill(1),
    needLo: 0,
    needHi: 0,
    forbLo: 0,
    forbHi: 0,
    box: [],
    setupCount: [],
    trivial: true,
  };
  for (const f of filters) {
    c.trivial = false;
    switch (f.k) {
      case 'visited':
        if (f.at < 32) c.needLo |= 1 << f.at;
        else c.needHi |= 1 << (f.at - 32);
        break;
      case 'unvisited':
        if (f.at < 32) c.forbLo |= 1 << f.at;
        else c.forbHi |= 1 << (f.at - 32);
        break;
      case 'at':
        for (let l = 0; l < LOCATION_COUNT; l++) if (l !== f.at) c.allow[l] = 0;
        break;
      case 'notAt':
        c.allow[f.at] = 0;
        break;
      case 'in':
        for (let l = 0; l < LOCATION_COUNT; l++) if (!f.locs.includes(l)) c.allow[l] = 0;
        break;
      case 'notIn':
        for (const l of f.locs) c.allow[l] = 0;
        break;
      case 'boxed':
      case 'notBoxed':
        c.box.push({ boxed: f.k === 'boxed', slips: f.slips, token1: f.token1 });
        break;
      case 'setupCount':
        c.setupCount.push(f.count);
        break;
    }
  }
  return c;
}

export class Deduction {
  readonly facts: Facts;
  private readonly sets = new TripleSets();
  /** The DP's scratch table, reused from layer to layer; null once shed (made again on use). */
  private scratch: Builder | null = null;
  private stepNb: Int8Array[] = [];
  private readonly slipNb: readonly (readonly (readonly Loc[])[])[] = [ORTHO_TWO, DIAG_TWO];
  private layers: Layer[] = [emptyLayer()];
  /** Per built layer: filters applied and alert used. */
  private appliedFilters: number[] = [0];
  private usedAlert: (number | null)[] = [null];
  private builtMayhem = -1;
  private global = 1;
  private globalVersion = -1;
  private setupMasks = new Map<number, number>();
  private setupMasksFor = -1;
  private alertSets = new Map<number, number>();
  private alertSetsFor = -1;
  private seq = -1;
  /** gameProbe of the processed log, to notice a view of another game (reset). */
  private probe = '';
  /** Largest DP layer seen (cost figure). */
  maxStates = 0;

  constructor(first?: View) {
    this.facts = new Facts(first?.mode ?? 'full');
    if (first) this.update(first);
  }

  private get builder(): Builder {
    return (this.scratch ??= new Builder());
  }

  /**
   * Frees what the next update rebuilds on its own: the DP's scratch table and the caches of set
   * meets, alert meets, feature counts and per-set sums (in a mid game about 0.6 MB of typed
   * arrays, most of a bot session's memory between its decisions). The layers, the
   * interned sets (their ids) and the facts stay, so the next update is as incremental as before
   * and gives the same belief.
   */
  shed(): void {
    this.scratch = null;
    this.alertMeets = null;
    this.perSet = null;
    this.withGlobal = new Int32Array(0);
    this.sets.shed();
  }

  /** Brings the deduction up to date with a view of the same game (any seat; only `pub` is read). */
  update(v: View): Belief {
    if (
      v.mode !== this.facts.mode ||
      v.log.length < this.facts.processed ||
      v.seq < this.seq ||
      gameProbe(v.log, this.facts.processed) !== this.probe
    )
      this.reset(v);
    this.seq = v.seq;
    this.feed(v.log);
    this.probe = gameProbe(v.log, this.facts.processed);
    return this.belief();
  }

  /** Same as update, from a public event list (e.g. `view.log`). */
  feed(log: readonly { readonly pub: import('@mindmgmt/engine').PublicEvent }[]): void {
    this.facts.feed(log);
    this.refresh();
  }

  private reset(v: View): void {
    (this as { facts: Facts }).facts = new Facts(v.mode);
    this.layers = [emptyLayer()];
    this.appliedFilters = [0];
    this.usedAlert = [null];
    this.builtMayhem = -1;
    this.globalVersion = -1;
    this.setupMasksFor = -1;
    this.setupMasks.clear();
  }

  private refreshGlobal(): void {
    const f = this.facts;
    if (this.globalVersion === f.globalVersion) return;
    this.globalVersion = f.globalVersion;
    let excl = 0;
    let need = 0;
    for (const x of f.excluded) excl |= 1 << FEATURE_INDEX[x];
    for (const x of f.exposed.keys()) need |= 1 << FEATURE_INDEX[x];
    this.global = this.sets.fromPredicate((m) => (m & excl) === 0 && (m & need) === need);
  }

  private refresh(): void {
    const f = this.facts;
    this.refreshGlobal();
    const target = f.count;
    if (target === 0) return;
    if (this.builtMayhem !== f.mayhem.length) {
      // Mayhem is placed before the start (R5); rebuild geometry and everything if it changes.
      this.builtMayhem = f.mayhem.length;
      this.stepNb = Array.from({ length: LOCATION_COUNT }, (_, l) => Int8Array.from(stepNeighbours(l, f.mayhem)));
      this.truncate(0);
    }
    // Find the earliest layer whose facts changed since it was built.
    let built = this.layers.length - 1;
    for (let t = 1; t <= built; t++) {
      const lf = f.layers[t]!;
      if (lf.alert !== this.usedAlert[t]) {
        this.truncate(t - 1);
        built = t - 1;
        break;
      }
      const done = this.appliedFilters[t]!;
      if (lf.filters.length > done) {
        const comp = compile(lf.filters.slice(done));
        this.layers[t] = this.filterLayer(this.layers[t]!, comp);
        this.appliedFilters[t] = lf.filters.length;
        if (t < built) {
          this.truncate(t);
          built = t;
        }
        break;
      }
    }
    for (let t = built + 1; t <= target; t++) this.build(t);
  }

  private truncate(t: number): void {
    this.layers.length = t + 1;
    this.appliedFilters.length = t + 1;
    this.usedAlert.length = t + 1;
  }

  private build(t: number): void {
    const lf = this.facts.layers[t]!;
    const comp = compile(lf.filters);
    let layer: Layer;
    if (t === 1) layer = this.buildStart(lf.move.kind === 'start' ? lf.move.at : null, comp);
    else layer = this.transition(this.layers[t - 1]!, t, comp);
    this.layers[t] = layer;
    this.appliedFilters[t] = lf.filters.length;
    this.usedAlert[t] = lf.alert;
    if (layer.n > this.maxStates) this.maxStates = layer.n;
  }

  private buildStart(at: Loc | null, comp: Compiled): Layer {
    const b = this.builder;
    for (let l = 0; l < LOCATION_COUNT; l++) {
      if (at !== null && l !== at) continue;
      const lo = l < 32 ? 1 << l : 0;
      const hi = (l >= 32 ? 1 << (l - 32) : 0) | (l << 10) | (NONE << 16) | ((CARL | GIRL) << 18);
      if (this.pass(comp, lo, hi, this.global)) b.add(lo, this.outHi, this.outTs, 1);
    }
    return b.finish();
  }

  // Output of `pass` (avoids allocating).
  private outHi = 0;
  private outTs = 0;

  /** Applies compiled filters to one state; on success the (possibly narrowed) state is in outHi/outTs. */
  private pass(c: Compiled, lo: number, hi: number, ts: number): boolean {
    this.outHi = hi;
    this.outTs = ts;
    if (c.trivial) return true;
    const loc = (hi >>> 10) & 63;
    if (c.allow[loc] === 0) return false;
    const vhi = hi & 0x3ff;
    if ((lo & c.needLo) !== c.needLo || (vhi & c.needHi) !== c.needHi) return false;
    if ((lo & c.forbLo) !== 0 || (vhi & c.forbHi) !== 0) return false;
    for (const count of c.setupCount) {
      ts = this.sets.and(ts, this.setupMask(lo, vhi, count));
      if (ts === 0) return false;
    }
    if (c.box.length) {
      let cards = (hi >>> 18) & 3;
      const flag = (hi >>> 16) & 3;
      let hasStep = false;
      for (const n of this.stepNb[loc]!) if (!hasBit(lo, vhi, n)) hasStep = true;
      for (const b of c.box) {
        // Cards for which a mind slip is possible now.
        let slipCards = 0;
        if (b.slips && (b.token1 || flag === HELD))
          for (let k = 0; k < 2; k++) {
            if (((cards >>> k) & 1) === 0) continue;
            for (const n of this.slipNb[k]![loc]!) if (!hasBit(lo, vhi, n)) slipCards |= 1 << k;
          }
        const free = hasStep ? cards : slipCards; // cards with which the recruiter can act
        cards = b.boxed ? cards & ~free : free;
        if (cards === 0) return false;
      }
      hi = (hi & ~(3 << 18)) | (cards << 18);
    }
    this.outHi = hi;
    this.outTs = ts;
    return true;
  }

  /** The location and visited-set part of `pass` (a state failing it fails `pass`). */
  private placeOk(c: Compiled, lo: number, vhi: number, loc: number): boolean {
    if (c.allow[loc] === 0) return false;
    if ((lo & c.needLo) !== c.needLo || (vhi & c.needHi) !== c.needHi) return false;
    return (lo & c.forbLo) === 0 && (vhi & c.forbHi) === 0;
  }

  /** R5: triples whose recruits over the setup locations 1..5 sum to `count`. */
  private setupMask(lo: number, vhi: number, count: number): number {
    if (this.setupMasksFor !== count) {
      this.setupMasks.clear();
      this.setupMasksFor = count;
    }
    // Key: the per-feature counts over the visited locations, base 6 (at most 5 locations).
    let key = 0;
    for (let x = lo; x !== 0; x &= x - 1) key += SETUP_KEY[31 - Math.clz32(x & -x)]!;
    for (let x = vhi; x !== 0; x &= x - 1) key += SETUP_KEY[32 + 31 - Math.clz32(x & -x)]!;
    let id = this.setupMasks.get(key);
    if (id === undefined) {
      const per = new Array<number>(16).fill(0);
      for (let l = 0; l < LOCATION_COUNT; l++) {
        if (!hasBit(lo, vhi, l)) continue;
        const m = LOC_FEATURES[l]!;
        for (let f = 0; f < 16; f++) if ((m >>> f) & 1) per[f]! += 1;
      }
      // a triple has three features: sum over its set bits, not over all sixteen (this predicate
      // runs on all 560 triples for every new key, after every rebuild of a deduction)
      id = this.sets.fromPredicate((m) => {
        let s = 0;
        for (let x = m; x !== 0; x &= x - 1) s += per[31 - Math.clz32(x & -x)]!;
        return s === count;
      });
      id = this.sets.and(id, this.global);
      this.setupMasks.set(key, id);
    }
    return id;
  }

  /** Triples with |m ∩ fa| + |m ∩ fn| = alert, within the global set (cached across rebuilds). */
  private alertSet(fa: number, fn: number, alert: number): number {
    if (this.alertSetsFor !== this.global) {
      this.alertSets.clear();
      this.alertSetsFor = this.global;
    }
    const key = (fa * 65536 + fn) * 16 + alert;
    let id = this.alertSets.get(key);
    if (id === undefined) {
      id = this.sets.and(
        this.sets.fromPredicate((m) => popcount(m & fa) + popcount(m & fn) === alert),
        this.global,
      );
      this.alertSets.set(key, id);
    }
    return id;
  }

  /** Features exposed before time t no longer recruit at time t (R12, R24). */
  private liveMask(t: number): number {
    let dead = 0;
    for (const [f, e] of this.facts.exposed) if (e < t) dead |= 1 << FEATURE_INDEX[f];
    return ~dead & 0xffff;
  }

  /** Per alert transition: a direct-mapped cache of (triple set, alert set) -> meet, [a, b, meet] per slot. */
  private alertMeets: Int32Array | null = null;

  private alertMeet(ts: number, am: number): number {
    const slot = 3 * ((Math.imul(ts, 0x9e3779b1) ^ Math.imul(am, 0x85ebca6b)) >>> 18);
    const c = this.alertMeets!;
    if (c[slot] === ts && c[slot + 1] === am) return c[slot + 2]!;
    const r = this.sets.meet(ts, am);
    c[slot] = ts;
    c[slot + 1] = am;
    c[slot + 2] = r;
    return r;
  }

  private transition(prev: Layer, t: number, comp: Compiled): Layer {
    const lf = this.facts.layers[t]!;
    const move = lf.move;
    const P = this.facts.slipTokenAt;
    const b = this.builder;
    // R11: alert at t = contacts at t-1 plus contacts at t.
    const alert = lf.alert;
    let alertCache: Int32Array | null = null;
    let live1 = 0;
    let live2 = 0;
    if (alert !== null) {
      alertCache = new Int32Array(LOCATION_COUNT * LOCATION_COUNT).fill(-1);
      live1 = this.liveMask(t - 1);
      live2 = this.liveMask(t);
    }
    const alertMask = (a: number, n: number): number => {
      const k = a * LOCATION_COUNT + n;
      let id = alertCache![k]!;
      if (id < 0) {
        id = this.alertSet(LOC_FEATURES[a]! & live1, LOC_FEATURES[n]! & live2, alert!);
        alertCache![k] = id;
      }
      return id;
    };
    const slip = move.kind === 'slip' ? move.token : 0;
    if (alert !== null) (this.alertMeets ??= new Int32Array(3 << 14)).fill(-1);
    for (let i = 0; i < prev.n; i++) {
      const lo = prev.lo[i]!;
      const hi = prev.hi[i]!;
      const vhi = hi & 0x3ff;
      const loc = (hi >>> 10) & 63;
      let flag = (hi >>> 16) & 3;
      const cards = (hi >>> 18) & 3;
      const ts = prev.ts[i]!;
      const c = prev.cnt[i]!;
      // R9/R18: the token is placed after setup, so a setup visit makes it unreachable.
      if (t === 6 && P !== null && hasBit(lo, vhi, P)) flag = DEAD;
      if (slip === 2 && flag !== HELD) continue; // R18: the 2nd token must be held
      for (let k = 0; k < 2; k++) {
        let nbs: ArrayLike<number>;
        let ncards: number;
        if (slip === 0) {
          if (k === 1) break;
          nbs = this.stepNb[loc]!;
          ncards = cards;
        } else {
          if (((cards >>> k) & 1) === 0) continue;
          nbs = this.slipNb[k]![loc]!; // R16: Carl orthogonal, Girl diagonal, over anything
          ncards = 1 << k;
        }
        for (let j = 0; j < nbs.length; j++) {
          const n = nbs[j]!;
          if (hasBit(lo, vhi, n)) continue; // never onto a visited location
          let nflag = flag;
          if (slip === 2) nflag = USED;
          else if (t >= 6 && n === P && flag === NONE) nflag = HELD;
          const nlo = n < 32 ? lo | (1 << n) : lo;
          const nvhi = n >= 32 ? vhi | (1 << (n - 32)) : vhi;
          let nts = ts;
          if (alert !== null) {
            // The layer's location and visited-set filters first: they are cheap, and a state
            // they reject would have paid for an alert meet (often a new interned set) for nothing.
            if (!comp.trivial && !this.placeOk(comp, nlo, nvhi, n)) continue;
            nts = this.alertMeet(ts, alertMask(loc, n));
            if (nts === 0) continue;
          }
          const nhi = nvhi | (n << 10) | (nflag << 16) | (ncards << 18);
          if (this.pass(comp, nlo, nhi, nts)) b.add(nlo, this.outHi, this.outTs, c);
        }
      }
    }
    return b.finish();
  }

  private filterLayer(layer: Layer, comp: Compiled): Layer {
    // Location and visited-set filters only drop states and never change a key, so the kept
    // states stay distinct: compact them in place of re-hashing the layer (a missed capture or
    // a scan on a layer of ~10^5 states, the common case).
    if (comp.box.length === 0 && comp.setupCount.length === 0) return this.keepLayer(layer, comp);
    const b = this.builder;
    for (let i = 0; i < layer.n; i++) {
      if (this.pass(comp, layer.lo[i]!, layer.hi[i]!, layer.ts[i]!))
        b.add(layer.lo[i]!, this.outHi, this.outTs, layer.cnt[i]!);
    }
    return b.finish();
  }

  private keepLayer(layer: Layer, comp: Compiled): Layer {
    const keep = new Int32Array(layer.n);
    let n = 0;
    for (let i = 0; i < layer.n; i++) if (this.pass(comp, layer.lo[i]!, layer.hi[i]!, layer.ts[i]!)) keep[n++] = i;
    const out: Layer = {
      n,
      lo: new Int32Array(n),
      hi: new Int32Array(n),
      ts: new Int32Array(n),
      cnt: new Float64Array(n),
    };
    for (let j = 0; j < n; j++) {
      const i = keep[j]!;
      out.lo[j] = layer.lo[i]!;
      out.hi[j] = layer.hi[i]!;
      out.ts[j] = layer.ts[i]!;
      out.cnt[j] = layer.cnt[i]!;
    }
    return out;
  }

  private cached: { layer: Layer; global: number; belief: Belief } | null = null;
  private withGlobal = new Int32Array(0);
  private withGlobalFor = -1;

  /** The belief at the current layer. */
  belief(): Belief {
    const t = this.layers.length - 1;
    const cur = this.layers[t];
    if (this.cached && this.cached.layer === cur && this.cached.global === this.global) return this.cached.belief;
    const b = this.computeBelief(t);
    if (cur) this.cached = { layer: cur, global: this.global, belief: b };
    return b;
  }

  /**
   * Where the recruiter can have stood at time t by the facts about times up to t (the forward
   * layer, with the card facts known now): false everywhere for a time not built yet.
   */
  possibleAt(t: number): boolean[] {
    const out = new Array<boolean>(LOCATION_COUNT).fill(false);
    const layer = this.layers[t];
    if (!layer || t < 1) return out;
    for (let i = 0; i < layer.n; i++) {
      const hi = layer.hi[i]!;
      if (((hi >>> 18) & 3) === 0 || this.sets.size(this.meetGlobal(layer.ts[i]!)) === 0) continue;
      out[(hi >>> 10) & 63] = true;
    }
    return out;
  }

  /** ts ∩ global, cached per set id. */
  private meetGlobal(ts: number): number {
    if (this.withGlobalFor !== this.global) {
      this.withGlobal.fill(-1);
      this.withGlobalFor = this.global;
    }
    if (this.withGlobal.length <= ts) {
      const grown = new Int32Array(Math.max(1024, this.sets.count * 2)).fill(-1);
      grown.set(this.withGlobal);
      this.withGlobal = grown;
    }
    let r = this.withGlobal[ts]!;
    if (r < 0) {
      // Not `and`: withGlobal is this pair's cache already, and the sets of a big alert layer are
      // mostly new, so the shared pair cache would only grow and rehash (as in alertMeet).
      r = this.sets.meet(ts, this.global);
      this.withGlobal[ts] = r;
    }
    return r;
  }

  // Scratch buffers of computeBelief (kept zeroed between calls).
  private perSet: Float64Array | null = null;
  private perTriple = new Float64Array(TRIPLE_COUNT);

  private computeBelief(t: number): Belief {
    const layer = this.layers[t] ?? emptyLayer();
    const weights = new Array<number>(LOCATION_COUNT).fill(0);
    let carl = 0;
    let girl = 0;
    let held = 0;
    // ts ∩ global may intern new sets: resolve them all before sizing perSet.
    const tsG = new Int32Array(layer.n);
    for (let i = 0; i < layer.n; i++) tsG[i] = this.meetGlobal(layer.ts[i]!);
    if (!this.perSet || this.perSet.length < this.sets.count)
      this.perSet = new Float64Array(Math.max(1024, this.sets.count * 2));
    const perSet = this.perSet;
    const touched: number[] = [];
    for (let i = 0; i < layer.n; i++) {
      const hi = layer.hi[i]!;
      const cards = (hi >>> 18) & 3;
      const ts = tsG[i]!;
      const size = this.sets.size(ts);
      if (size === 0) continue;
      const pathCount = layer.cnt[i]!;
      const w = pathCount * popcount(cards) * size;
      weights[(hi >>> 10) & 63]! += w;
      if (cards & CARL) carl += pathCount * size;
      if (cards & GIRL) girl += pathCount * size;
      if (((hi >>> 16) & 3) === HELD) held += w;
      if (perSet[ts] === 0) touched.push(ts);
      perSet[ts]! += pathCount * popcount(cards);
    }
    const histories = weights.reduce((a, b) => a + b, 0);
    // Card shares: worlds per triple, then per feature (all sums of integers below 2^53: exact).
    const perTriple = this.perTriple;
    for (const ts of touched) {
      const w = perSet[ts]!;
      perSet[ts] = 0;
      const words = this.sets.words(ts);
      for (let k = 0; k < words.length; k++)
        for (let x = words[k]!; x !== 0; x &= x - 1) perTriple[(k << 5) + 31 - Math.clz32(x & -x)]! += w;
    }
    const shares = new Array<number>(16).fill(0);
    for (let i = 0; i < TRIPLE_COUNT; i++) {
      const w = perTriple[i]!;
      if (w === 0) continue;
      perTriple[i] = 0;
      const m = TRIPLES[i]!;
      for (let f = 0; f < 16; f++) if ((m >>> f) & 1) shares[f]! += w;
    }
    const div = histories > 0 ? histories : 1;
    return {
      time: t,
      candidates: weights.filter((w) => w > 0).length,
      histories,
      weights,
      possible: weights.map((w) => w > 0),
      cardShares: Object.fromEntries(FEATURES.map((f, i) => [f, shares[i]! / div])) as Record<FeatureId, number>,
      recruiterCardShares: { carl: carl / div, girl: girl / div },
      secondMindSlipHeldShare: held / div,
      states: layer.n,
    };
  }
}

/** One-shot deduction from a view (agents' or spectator's; only public events are read). */
export function deduce(v: View): Belief {
  return new Deduction().update(v);
}

export { TRIPLE_COUNT, TRIPLES };
