// The universe of secret feature-card triples (C(16,3) = 560) and interned bitsets over it.
// A "triple set" is the set of card triples a group of hidden paths is still consistent with.
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

/** WITH_FEATURE[f]: the triples holding feature f, as a bitset over TRIPLES. */
const WITH_FEATURE: readonly Uint32Array[] = Array.from({ length: FEATURE_COUNT }, (_, f) => {
  const bits = new Uint32Array(WORDS);
  for (let i = 0; i < TRIPLE_COUNT; i++) if ((TRIPLES[i]! >>> f) & 1) bits[i >>> 5]! |= 1 << (i & 31);
  return bits;
});

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

/** Interned sets of triples; id 0 is the empty set, id 1 the full universe. */
export class TripleSets {
  readonly sets: Uint32Array[] = [];
  /** hash of the words -> ids with that hash */
  private readonly byHash = new Map<number, number[]>();
  /** meet[a].get(b): interned id of a ∩ b (small-integer keys keep the maps fast). */
  private readonly meet: Map<number, number>[] = [];
  private readonly sizes: number[] = [];

  constructor() {
    this.intern(new Uint32Array(WORDS));
    const all = new Uint32Array(WORDS);
    for (let i = 0; i < TRIPLE_COUNT; i++) all[i >>> 5]! |= 1 << (i & 31);
    this.intern(all);
  }

  intern(bits: Uint32Array): number {
    let h = 0x811c9dc5;
    for (let w = 0; w < WORDS; w++) h = Math.imul(h ^ bits[w]!, 0x01000193);
    h = (h ^ (h >>> 13)) & 0x3fffffff;
    const bucket = this.byHash.get(h);
    if (bucket)
      for (const id of bucket) {
        const x = this.sets[id]!;
        let same = true;
        for (let w = 0; w < WORDS; w++) if (x[w] !== bits[w]) same = false;
        if (same) return id;
      }
    const id = this.sets.length;
    this.sets.push(bits);
    this.meet.push(new Map());
    if (bucket) bucket.push(id);
    else this.byHash.set(h, [id]);
    let n = 0;
    for (let w = 0; w < WORDS; w++) n += popcount(bits[w]!);
    this.sizes.push(n);
    return id;
  }

  /** The set of triples (as feature masks) satisfying a predicate. */
  fromPredicate(pred: (tripleMask: number) => boolean): number {
    const bits = new Uint32Array(WORDS);
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
    const cache = this.meet[a]!;
    const got = cache.get(b);
    if (got !== undefined) return got;
    const x = this.sets[a]!;
    const y = this.sets[b]!;
    const bits = new Uint32Array(WORDS);
    for (let w = 0; w < WORDS; w++) bits[w] = x[w]! & y[w]!;
    const id = this.intern(bits);
    cache.set(b, id);
    return id;
  }

  private readonly counts: (Int32Array | undefined)[] = [];

  /** How many triples of the set hold each feature (cached). */
  featureCounts(id: number): Int32Array {
    let c = this.counts[id];
    if (c) return c;
    c = new Int32Array(FEATURE_COUNT);
    const bits = this.sets[id]!;
    for (let f = 0; f < FEATURE_COUNT; f++) {
      const with_ = WITH_FEATURE[f]!;
      let n = 0;
      for (let w = 0; w < WORDS; w++) n += popcount(bits[w]! & with_[w]!);
      c[f] = n;
    }
    this.counts[id] = c;
    return c;
  }
}
