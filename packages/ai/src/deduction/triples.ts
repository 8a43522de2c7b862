// The universe of secret feature-card triples (C(16,3) = 560) and interned bitsets over it.
// A "triple set" is the set of card triples a group of hidden paths is still consistent with.
//
// Performance: every set lives in one growing Uint32Array pool (WORDS words per set); interning
// and the intersection cache are open-addressing tables over typed arrays, so the DP's hot path
// (`and` on a cached pair) is a few array reads and creates no garbage.
import { FEATURES, type FeatureId, LOCATION_COUNT, LOCATIONS } from '@mindmgmt/engine';

export const FEATURE_COUNT = FEATURES.length;
export const FEATURE_INDEX: Readonly<Record<FeatureId, number>> = Object.fromEntries(
  FEATURES.map((f, i) => [f, i]),
) as Record<FeatureId, number>;

/** Every 3-card hand as a 16-bit feature mask, in a fixed order. */
export const TRIPLES: readonly number[] = (() => {
  const out: number[] = [];
  for (let a = 0; a < FEATURE_COUNT; a++)
    for (let b = a + 1; b < FEATURE_COUNT; b++)
      for (let c = b + 1; c < FEATURE_COUNT; c++) out.push((1 << a) | (1 << b) | (1 << c));
  return out;
})();
export const TRIPLE_COUNT = TRIPLES.length;
export const WORDS = Math.ceil(TRIPLE_COUNT / 32);
/** Initial capacity of the set pool (sets) and of the hash tables (slots); all grow on demand. */
const INITIAL_SETS = 64;
const INITIAL_SLOTS = 256;

/** Feature mask of each location (temples: 0). */
export const LOC_FEATURES: readonly number[] = LOCATIONS.map((l) =>
  l.features.reduce((m, f) => m | (1 << FEATURE_INDEX[f]), 0),
);
if (LOC_FEATURES.length !== LOCATION_COUNT) throw new Error('board size');

export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function hashWords(bits: Uint32Array, off: number): number {
  let h = 0x811c9dc5;
  for (let w = 0; w < WORDS; w++) h = Math.imul(h ^ bits[off + w]!, 0x01000193);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return (h ^ (h >>> 12)) >>> 0;
}

function pairHash(a: number, b: number): number {
  let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca77);
  h ^= h >>> 15;
  h = Math.imul(h, 0xc2b2ae3d);
  return (h ^ (h >>> 13)) >>> 0;
}

/** Interned sets of triples; id 0 is the empty set, id 1 the full universe. */
export class TripleSets {
  /** Number of interned sets (ids are 0..count-1). */
  count = 0;
  // Every table starts small and grows: a bot session holds one of these per game it plays (a mid
  // game interns up to about a thousand sets), and a session's memory is mostly its tables.
  private pool = new Uint32Array(WORDS * INITIAL_SETS);
  private sizes = new Int32Array(INITIAL_SETS);
  private hashes = new Int32Array(INITIAL_SETS);
  // Intern table, 2 ints a slot (one cache line per probe): [hash, id + 1] (id + 1 = 0: empty).
  // (null after `shed`: rebuilt from `hashes` by the next intern)
  private itab: Int32Array | null = new Int32Array(2 * INITIAL_SLOTS);
  private imask = INITIAL_SLOTS - 1;
  // Intersection cache, 4 ints a slot: [a, b, a ∩ b, unused] with a < b; a = -1: empty.
  private mtab = new Int32Array(4 * INITIAL_SLOTS).fill(-1);
  private mmask = INITIAL_SLOTS - 1;
  private msize = 0;
  private readonly scratch = new Uint32Array(WORDS);
  // featureCounts cache, made on first use: FEATURE_COUNT per id; fcDone[id] = 1 once computed.
  private fc: Int32Array | null = null;
  private fcDone: Uint8Array | null = null;

  constructor() {
    this.intern(new Uint32Array(WORDS));
    const all = new Uint32Array(WORDS);
    for (let i = 0; i < TRIPLE_COUNT; i++) all[i >>> 5]! |= 1 << (i & 31);
    this.intern(all);
  }

  /** The words of set `id` (a view into the pool; do not keep across interning). */
  words(id: number): Uint32Array {
    return this.pool.subarray(id * WORDS, id * WORDS + WORDS);
  }

  /** Interns the set whose words are bits[off .. off+WORDS) (copied). */
  intern(bits: Uint32Array, off = 0): number {
    const h = hashWords(bits, off) | 0;
    const pool = this.pool;
    const itab = this.itab ?? this.rehashIntern(this.imask + 1);
    let i = h & this.imask;
    for (;;) {
      const e = itab[2 * i + 1]!;
      if (e === 0) break;
      if (itab[2 * i] === h) {
        const base = (e - 1) * WORDS;
        let same = true;
        for (let w = 0; w < WORDS; w++)
          if (pool[base + w] !== bits[off + w]) {
            same = false;
            break;
          }
        if (same) return e - 1;
      }
      i = (i + 1) & this.imask;
    }
    const id = this.count;
    if (id + 1 > this.sizes.length) this.growPool();
    const base = id * WORDS;
    let n = 0;
    for (let w = 0; w < WORDS; w++) {
      const x = bits[off + w]!;
      this.pool[base + w] = x;
      n += popcount(x);
    }
    this.sizes[id] = n;
    this.hashes[id] = h;
    this.count = id + 1;
    itab[2 * i] = h;
    itab[2 * i + 1] = id + 1;
    if (this.count * 2 > this.imask + 1) this.growIntern(); // load <= 1/2 (grows 4x: fewer rehashes)
    return id;
  }

  private growPool(): void {
    const cap = this.sizes.length * 2;
    const pool = new Uint32Array(cap * WORDS);
    pool.set(this.pool);
    this.pool = pool;
    const sizes = new Int32Array(cap);
    sizes.set(this.sizes);
    this.sizes = sizes;
    const hashes = new Int32Array(cap);
    hashes.set(this.hashes);
    this.hashes = hashes;
    if (this.fc && this.fcDone) {
      const fc = new Int32Array(cap * FEATURE_COUNT);
      fc.set(this.fc);
      this.fc = fc;
      const fcDone = new Uint8Array(cap);
      fcDone.set(this.fcDone);
      this.fcDone = fcDone;
    }
  }

  /**
   * Keeps the sets (their ids stay valid) and drops the caches: the meet and feature-count caches
   * start empty again, and the pool and the intern table shrink to what the sets need (Deduction
   * `shed`). What is computed afterwards is the same; only repeated work is lost.
   */
  shed(): void {
    const cap = Math.max(INITIAL_SETS, this.count);
    this.pool = this.pool.slice(0, cap * WORDS);
    this.sizes = this.sizes.slice(0, cap);
    this.hashes = this.hashes.slice(0, cap);
    this.fc = null;
    this.fcDone = null;
    this.mtab = new Int32Array(4 * INITIAL_SLOTS).fill(-1);
    this.mmask = INITIAL_SLOTS - 1;
    this.msize = 0;
    let slots = INITIAL_SLOTS;
    while (this.count * 2 > slots) slots *= 4;
    this.imask = slots - 1;
    this.itab = null;
  }

  private growIntern(): void {
    this.rehashIntern((this.imask + 1) * 4);
  }

  private rehashIntern(cap: number): Int32Array {
    const itab = new Int32Array(2 * cap);
    this.imask = cap - 1;
    for (let id = 0; id < this.count; id++) {
      const h = this.hashes[id]!;
      let i = h & this.imask;
      while (itab[2 * i + 1] !== 0) i = (i + 1) & this.imask;
      itab[2 * i] = h;
      itab[2 * i + 1] = id + 1;
    }
    this.itab = itab;
    return itab;
  }

  /** The set of triples (as feature masks) satisfying a predicate. */
  fromPredicate(pred: (tripleMask: number) => boolean): number {
    const bits = this.scratch;
    bits.fill(0);
    for (let i = 0; i < TRIPLE_COUNT; i++) if (pred(TRIPLES[i]!)) bits[i >>> 5]! |= 1 << (i & 31);
    return this.intern(bits);
  }

  size(id: number): number {
    return this.sizes[id]!;
  }

  and(a: number, b: number): number {
    if (a === b || b === 1) return a;
    if (a === 1) return b;
    if (a === 0 || b === 0) return 0;
    if (a > b) {
      const t = a;
      a = b;
      b = t;
    }
    const mtab = this.mtab;
    let i = pairHash(a, b) & this.mmask;
    for (;;) {
      const k = mtab[4 * i]!;
      if (k === -1) break;
      if (k === a && mtab[4 * i + 1] === b) return mtab[4 * i + 2]!;
      i = (i + 1) & this.mmask;
    }
    const id = this.meetOf(a, b);
    mtab[4 * i] = a;
    mtab[4 * i + 1] = b;
    mtab[4 * i + 2] = id;
    if (++this.msize * 2 > this.mmask + 1) this.growMeet();
    return id;
  }

  /**
   * a ∩ b without the shared meet cache, for a caller with its own short-lived cache (the alert
   * transition makes hundreds of thousands of one-off pairs: caching them here only grew and
   * rehashed the shared table).
   */
  meet(a: number, b: number): number {
    if (a === b || b === 1) return a;
    if (a === 1) return b;
    if (a === 0 || b === 0) return 0;
    return this.meetOf(a, b);
  }

  private meetOf(a: number, b: number): number {
    const pool = this.pool;
    const x = a * WORDS;
    const y = b * WORDS;
    const bits = this.scratch;
    let subA = true; // a ⊆ b: the meet is a (no interning needed)
    let subB = true;
    for (let w = 0; w < WORDS; w++) {
      const u = pool[x + w]!;
      const v = pool[y + w]!;
      const m = u & v;
      bits[w] = m;
      if (m !== u) subA = false;
      if (m !== v) subB = false;
    }
    return subA ? a : subB ? b : this.intern(bits);
  }

  private growMeet(): void {
    const old = this.mtab;
    const cap = (this.mmask + 1) * 4;
    const mtab = new Int32Array(4 * cap).fill(-1);
    this.mmask = cap - 1;
    for (let j = 0; j < old.length; j += 4) {
      const a = old[j]!;
      if (a === -1) continue;
      let i = pairHash(a, old[j + 1]!) & this.mmask;
      while (mtab[4 * i] !== -1) i = (i + 1) & this.mmask;
      mtab[4 * i] = a;
      mtab[4 * i + 1] = old[j + 1]!;
      mtab[4 * i + 2] = old[j + 2]!;
    }
    this.mtab = mtab;
  }

  /** How many triples of the set hold each feature (cached; a view valid until the next intern). */
  featureCounts(id: number): Int32Array {
    if (!this.fc || !this.fcDone) {
      this.fc = new Int32Array(this.sizes.length * FEATURE_COUNT);
      this.fcDone = new Uint8Array(this.sizes.length);
    }
    const c = this.fc.subarray(id * FEATURE_COUNT, id * FEATURE_COUNT + FEATURE_COUNT);
    if (this.fcDone[id] === 1) return c;
    c.fill(0);
    this.forEachTriple(id, (i) => {
      const m = TRIPLES[i]!;
      for (let f = 0; f < FEATURE_COUNT; f++) if ((m >>> f) & 1) c[f]! += 1;
    });
    this.fcDone[id] = 1;
    return c;
  }

  /** Calls fn with the index (into TRIPLES) of every triple of the set. */
  forEachTriple(id: number, fn: (tripleIndex: number) => void): void {
    const base = id * WORDS;
    for (let w = 0; w < WORDS; w++) {
      let x = this.pool[base + w]!;
      while (x !== 0) {
        const low = x & -x;
        fn((w << 5) + 31 - Math.clz32(low));
        x ^= low;
      }
    }
  }
}
