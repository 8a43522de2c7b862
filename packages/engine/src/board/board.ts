// The Zanzibar board, loaded from the published-board transcription in zanzibar.json.
// Geometry helpers here implement R1-R4 (orthogonal/diagonal steps, mayhem edges).
import data from './zanzibar.json' with { type: 'json' };

export type Loc = number;

export const FEATURES = [
  'billboard',
  'bookstore',
  'bus',
  'coffee',
  'dogs',
  'fountain',
  'garden',
  'graffiti',
  'idol',
  'monks',
  'palm',
  'parrot',
  'pool',
  'torches',
  'tuktuk',
  'umbrellas',
] as const;
export type FeatureId = (typeof FEATURES)[number];

export interface LocationInfo {
  readonly id: Loc;
  readonly row: number;
  readonly col: number;
  readonly label: string;
  readonly features: readonly FeatureId[];
  readonly edge: boolean;
  readonly temple: boolean;
}

export const COLUMNS: number = data.columns;
export const ROWS: number = data.rows;
export const LOCATION_COUNT = COLUMNS * ROWS;

function isFeature(x: string): x is FeatureId {
  return (FEATURES as readonly string[]).includes(x);
}

export const LOCATIONS: readonly LocationInfo[] = data.locations.map((l): LocationInfo => {
  const features: FeatureId[] = (l.features as string[]).filter(isFeature);
  if (features.length !== l.features.length) throw new Error(`unknown feature at ${l.label}`);
  return {
    id: l.id,
    row: l.row,
    col: l.col,
    label: l.label,
    features,
    edge: l.edge,
    temple: 'temple' in l && l.temple === true,
  };
});

export const FEATURE_NAMES: Readonly<Record<FeatureId, string>> = Object.fromEntries(
  data.features.map((f) => [f.id, f.name]),
) as Record<FeatureId, string>;

export const TEMPLES: readonly Loc[] = LOCATIONS.filter((l) => l.temple).map((l) => l.id);

const byLabel = new Map(LOCATIONS.map((l) => [l.label, l.id]));

export function label(loc: Loc): string {
  return LOCATIONS[loc]?.label ?? `?${loc}`;
}

/** Location id for a label such as "C3", or undefined. */
export function locOf(labelText: string): Loc | undefined {
  return byLabel.get(labelText.toUpperCase());
}

export function isLoc(x: unknown): x is Loc {
  return typeof x === 'number' && Number.isInteger(x) && x >= 0 && x < LOCATION_COUNT;
}

export function loc(row: number, col: number): Loc | undefined {
  if (row < 0 || row >= ROWS || col < 0 || col >= COLUMNS) return undefined;
  return row * COLUMNS + col;
}

export function info(l: Loc): LocationInfo {
  const i = LOCATIONS[l];
  if (!i) throw new RangeError(`no location ${l}`);
  return i;
}

export function hasFeature(l: Loc, f: FeatureId): boolean {
  return info(l).features.includes(f);
}

export function isTemple(l: Loc): boolean {
  return info(l).temple;
}

/** Locations that show a feature (five each on Zanzibar). */
export const LOCATIONS_WITH: Readonly<Record<FeatureId, readonly Loc[]>> = Object.fromEntries(
  FEATURES.map((f) => [f, LOCATIONS.filter((l) => l.features.includes(f)).map((l) => l.id)]),
) as Record<FeatureId, Loc[]>;

const ORTHO: readonly (readonly [number, number])[] = [
  [-1, 0],
  [1, 0],
  [0, -1],
  [0, 1],
];
const DIAG: readonly (readonly [number, number])[] = [
  [-1, -1],
  [-1, 1],
  [1, -1],
  [1, 1],
];

function around(l: Loc, dirs: readonly (readonly [number, number])[], dist = 1): Loc[] {
  const { row, col } = info(l);
  const out: Loc[] = [];
  for (const [dr, dc] of dirs) {
    const n = loc(row + dr * dist, col + dc * dist);
    if (n !== undefined) out.push(n);
  }
  return out;
}

export const ORTHO_NEIGHBOURS: readonly (readonly Loc[])[] = LOCATIONS.map((l) => around(l.id, ORTHO));
export const DIAG_NEIGHBOURS: readonly (readonly Loc[])[] = LOCATIONS.map((l) => around(l.id, DIAG));
export const ALL_NEIGHBOURS: readonly (readonly Loc[])[] = LOCATIONS.map((l) => [
  ...around(l.id, ORTHO),
  ...around(l.id, DIAG),
]);
/** Mind slip landings (R16): exactly two locations away in a straight line. */
export const ORTHO_TWO: readonly (readonly Loc[])[] = LOCATIONS.map((l) => around(l.id, ORTHO, 2));
export const DIAG_TWO: readonly (readonly Loc[])[] = LOCATIONS.map((l) => around(l.id, DIAG, 2));

export function isOrthoAdjacent(a: Loc, b: Loc): boolean {
  return ORTHO_NEIGHBOURS[a]?.includes(b) ?? false;
}

/** Distance in king moves, used by R9 (adjacent to a temple, orthogonally or diagonally). */
export function kingDistance(a: Loc, b: Loc): number {
  const x = info(a);
  const y = info(b);
  return Math.max(Math.abs(x.row - y.row), Math.abs(x.col - y.col));
}

// ---- Mayhem edges (R1, R4) ----

/** An edge between two orthogonal neighbours, smaller id first. */
export type Edge = readonly [Loc, Loc];

export function edgeOf(a: Loc, b: Loc): Edge {
  return a < b ? [a, b] : [b, a];
}

/** Every edge a mayhem token may lie on: all pairs of orthogonal neighbours (R4). */
export const ALL_EDGES: readonly Edge[] = LOCATIONS.flatMap((l) =>
  ORTHO_NEIGHBOURS[l.id]!.filter((n) => n > l.id).map((n) => [l.id, n] as Edge),
);

/** The two grid corners an edge's segment runs between (corner = y*(COLUMNS+1)+x). */
export function edgeCorners(e: Edge): [number, number] {
  const a = info(e[0]);
  const b = info(e[1]);
  const w = COLUMNS + 1;
  if (a.row === b.row) {
    // vertical segment at x = col+1 between rows row and row+1
    const x = Math.max(a.col, b.col);
    return [a.row * w + x, (a.row + 1) * w + x];
  }
  const y = Math.max(a.row, b.row);
  return [y * w + a.col, y * w + a.col + 1];
}

/** R4: two mayhem tokens touch when their segments share a grid corner. */
export function edgesTouch(e: Edge, f: Edge): boolean {
  const [a, b] = edgeCorners(e);
  const [c, d] = edgeCorners(f);
  return a === c || a === d || b === c || b === d;
}

export function sameEdge(e: Edge, f: Edge): boolean {
  return e[0] === f[0] && e[1] === f[1];
}

export function isBlocked(mayhem: readonly Edge[], a: Loc, b: Loc): boolean {
  // no edge built per call: this runs for every step, move and push the engine considers
  const lo = a < b ? a : b;
  const hi = a < b ? b : a;
  for (const m of mayhem) if (m[0] === lo && m[1] === hi) return true;
  return false;
}

/** R2: the diagonal neighbours a step may reach (only to or from a temple). */
const STEP_DIAGONALS: readonly (readonly Loc[])[] = LOCATIONS.map((l) =>
  DIAG_NEIGHBOURS[l.id]!.filter((n) => l.temple || isTemple(n)),
);

/**
 * One step of a recruiter or an agent (R1, R2): orthogonal unless mayhem lies on the edge;
 * diagonal only to or from a temple, and mayhem never blocks a diagonal.
 */
export function stepNeighbours(l: Loc, mayhem: readonly Edge[]): Loc[] {
  const out: Loc[] = [];
  for (const n of ORTHO_NEIGHBOURS[l]!) if (!isBlocked(mayhem, l, n)) out.push(n);
  for (const n of STEP_DIAGONALS[l]!) out.push(n);
  return out;
}

/** Immortal moves (R3): any of the 8 directions; mayhem blocks only orthogonal edges. */
export function immortalNeighbours(l: Loc, mayhem: readonly Edge[]): Loc[] {
  const out: Loc[] = [];
  for (const n of ORTHO_NEIGHBOURS[l]!) if (!isBlocked(mayhem, l, n)) out.push(n);
  for (const n of DIAG_NEIGHBOURS[l]!) out.push(n);
  return out;
}

/** Locations reachable in 1..max agent steps (R20, R21), excluding the start itself. */
export function reachable(from: Loc, max: number, mayhem: readonly Edge[]): Loc[] {
  const seen = new Uint8Array(LOCATION_COUNT);
  seen[from] = 1;
  const out: Loc[] = [];
  let start = 0;
  let frontier = [from];
  for (let d = 1; d <= max && frontier.length > 0; d++) {
    start = out.length;
    for (const l of frontier)
      for (const n of stepNeighbours(l, mayhem))
        if (seen[n] === 0) {
          seen[n] = 1;
          out.push(n);
        }
    frontier = out.slice(start);
  }
  return out.sort((a, b) => a - b);
}

/** Meru's cross (R26): own location plus up to 2 in each straight orthogonal line, ignoring mayhem. */
export function crossOf(l: Loc): Loc[] {
  return [l, ...around(l, ORTHO, 1), ...around(l, ORTHO, 2)];
}
