// Precomputed board tables for the fast path: flat typed arrays built once from the readable
// board module (board/board.ts stays the single source of truth for geometry, R1-R4).
import {
  ALL_EDGES,
  DIAG_TWO,
  edgesTouch,
  FEATURES,
  info,
  LOCATION_COUNT,
  LOCATIONS,
  ORTHO_NEIGHBOURS,
  ORTHO_TWO,
  TEMPLES,
  immortalNeighbours,
  kingDistance,
  stepNeighbours,
  type FeatureId,
  type Loc,
} from '../board/board.js';

export const NLOC = LOCATION_COUNT; // 42
export const NFEAT = FEATURES.length; // 16
export const NEDGE = ALL_EDGES.length; // 71 orthogonal neighbour pairs

/** Feature index (0..15, FEATURES order) of each feature id. */
export const FEATURE_INDEX: Readonly<Record<FeatureId, number>> = Object.fromEntries(
  FEATURES.map((f, i) => [f, i]),
) as Record<FeatureId, number>;

/** Bitmask of the features (bit = feature index) shown at each location; 0 for temples. */
export const LOC_FEAT = new Int32Array(NLOC);
/** The two features of each location (-1, -1 for temples). */
export const LOC_F0 = new Int8Array(NLOC).fill(-1);
export const LOC_F1 = new Int8Array(NLOC).fill(-1);
/** The 5 locations of each feature: FEAT_LOCS[f*5 + k]. */
export const FEAT_LOCS = new Int8Array(NFEAT * 5);
export const ROW = new Int8Array(NLOC);
export const COL = new Int8Array(NLOC);
export const IS_EDGE_LOC = new Uint8Array(NLOC);

for (const l of LOCATIONS) {
  ROW[l.id] = l.row;
  COL[l.id] = l.col;
  IS_EDGE_LOC[l.id] = l.edge ? 1 : 0;
  l.features.forEach((f, k) => {
    const fi = FEATURE_INDEX[f];
    LOC_FEAT[l.id] = LOC_FEAT[l.id]! | (1 << fi);
    (k === 0 ? LOC_F0 : LOC_F1)[l.id] = fi;
  });
}
{
  const fill = new Int8Array(NFEAT);
  for (const l of LOCATIONS)
    for (const f of l.features) {
      const fi = FEATURE_INDEX[f];
      FEAT_LOCS[fi * 5 + fill[fi]!] = l.id;
      fill[fi] = fill[fi]! + 1;
    }
  if (fill.some((n) => n !== 5)) throw new Error('fast tables: every feature must show on exactly 5 locations');
}

/** Mayhem edges: EDGE_A < EDGE_B, in ALL_EDGES order (the edge id is the index). */
export const EDGE_A = new Int8Array(NEDGE);
export const EDGE_B = new Int8Array(NEDGE);
/** EDGE_ID[a*42+b]: id of the edge between orthogonal neighbours a and b, else -1. */
export const EDGE_ID = new Int8Array(NLOC * NLOC).fill(-1);
/** R4: EDGE_CLASH[e*71+f] = 1 when f is e itself or touches e (shares a grid corner). */
export const EDGE_CLASH = new Uint8Array(NEDGE * NEDGE);
ALL_EDGES.forEach(([a, b], e) => {
  EDGE_A[e] = a;
  EDGE_B[e] = b;
  EDGE_ID[a * NLOC + b] = e;
  EDGE_ID[b * NLOC + a] = e;
});
ALL_EDGES.forEach((e, i) =>
  ALL_EDGES.forEach((f, j) => {
    if (i === j || edgesTouch(e, f)) EDGE_CLASH[i * NEDGE + j] = 1;
  }),
);

/** A neighbour list per location, flattened: targets TO[OFF[l]..OFF[l+1]), with the mayhem
 * edge each move crosses (EDGE[k], -1 for a diagonal, which mayhem never blocks: R2, R3). */
export interface NeighbourTable {
  readonly OFF: Int16Array;
  readonly TO: Int8Array;
  readonly EDGE: Int8Array;
}

function table(lists: readonly (readonly Loc[])[]): NeighbourTable {
  const OFF = new Int16Array(NLOC + 1);
  const flat: Loc[] = [];
  lists.forEach((list, l) => {
    OFF[l] = flat.length;
    flat.push(...list);
  });
  OFF[NLOC] = flat.length;
  const TO = Int8Array.from(flat);
  const EDGE = new Int8Array(flat.length);
  lists.forEach((list, l) => list.forEach((n, k) => (EDGE[OFF[l]! + k] = EDGE_ID[l * NLOC + n]!)));
  return { OFF, TO, EDGE };
}

/** R1, R2: recruiter steps and agent moves (orthogonal; diagonal only to or from a temple). */
export const STEP = table(LOCATIONS.map((l) => stepNeighbours(l.id, [])));
/** R3: immortal moves, 8 directions. */
export const IMM = table(LOCATIONS.map((l) => immortalNeighbours(l.id, [])));
/** Orthogonal neighbours: pushes (R24), Bill Falls (R27), Henry Lyme's block (R19). */
export const ORTHO = table(ORTHO_NEIGHBOURS);
/** R16 mind slip landings: Carl Box orthogonal (card 0), the Girl with the Pipe diagonal (card 1). */
export const SLIP: readonly NeighbourTable[] = [table(ORTHO_TWO), table(DIAG_TWO)];

/** ORTHO_ADJ[a*42+b] = 1 when a and b are orthogonal neighbours. */
export const ORTHO_ADJ = new Uint8Array(NLOC * NLOC);
ORTHO_NEIGHBOURS.forEach((ns, a) => ns.forEach((b) => (ORTHO_ADJ[a * NLOC + b] = 1)));

/** R8: agents start on the outside edge. */
export const EDGE_LOCS = Int8Array.from(LOCATIONS.filter((l) => l.edge).map((l) => l.id));
/** R7: immortals start off the outside edge. */
export const INNER_LOCS = Int8Array.from(LOCATIONS.filter((l) => !l.edge).map((l) => l.id));
/** R9: the 2nd mind slip token goes next to a temple (orthogonally or diagonally), not on it. */
export const NEAR_TEMPLE = Int8Array.from(
  LOCATIONS.filter((l) => TEMPLES.some((t) => kingDistance(t, l.id) === 1)).map((l) => l.id),
);

/** R26: Meru's 9-location cross, ignoring mayhem. */
export function inCross(centre: number, l: number): boolean {
  const dr = ROW[centre]! - ROW[l]!;
  const dc = COL[centre]! - COL[l]!;
  return (dr === 0 && dc >= -2 && dc <= 2) || (dc === 0 && dr >= -2 && dr <= 2);
}

if (info(14).temple !== true || NLOC !== 42) throw new Error('fast tables assume the Zanzibar board');
