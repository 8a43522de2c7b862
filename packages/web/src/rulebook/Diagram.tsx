// Rule diagrams drawn from our board data (packages/engine) with our own icons: a window of the
// Zanzibar board around one location, with the legal destinations the chapter explains.
import type { ReactElement } from 'react';
import {
  ALL_NEIGHBOURS,
  COLUMNS,
  DIAG_NEIGHBOURS,
  DIAG_TWO,
  LOCATIONS,
  ORTHO_NEIGHBOURS,
  ORTHO_TWO,
  ROWS,
  isTemple,
  locOf,
  type Edge,
  type Loc,
} from '@mindmgmt/engine';
import { AgentToken, FeatureGlyph, ImmortalToken } from '../ui/icons.js';
import type { DiagramId } from './content.js';

const S = 100;
const at = (label: string): Loc => locOf(label)!;
const centre = (l: Loc): [number, number] => [LOCATIONS[l]!.col * S + S / 2, LOCATIONS[l]!.row * S + S / 2];
const sameEdge = (e: Edge, a: Loc, b: Loc) => (e[0] === a && e[1] === b) || (e[0] === b && e[1] === a);

/** Agent and recruiter movement (R1, R2): orthogonal unless to or from a temple; mayhem blocks orthogonal steps. */
function stepsFrom(l: Loc, mayhem: readonly Edge[]): Loc[] {
  const ortho = ORTHO_NEIGHBOURS[l]!.filter((n) => !mayhem.some((e) => sameEdge(e, l, n)));
  const diag = DIAG_NEIGHBOURS[l]!.filter((n) => isTemple(l) || isTemple(n));
  return [...ortho, ...diag];
}

interface Scene {
  window: { r0: number; r1: number; c0: number; c1: number };
  /** Coloured destinations: colour per location. */
  marks: Map<Loc, string>;
  arrows: { from: Loc; to: Loc; colour: string; blocked?: boolean }[];
  mayhem: Edge[];
  pieces: { kind: 'agent' | 'immortal' | 'recruiter' | 'visited' | 'origin'; at: Loc; text?: string }[];
  edgeBand?: boolean;
}

function around(l: Loc, r = 2): Scene['window'] {
  const { row, col } = LOCATIONS[l]!;
  return {
    r0: Math.max(0, row - r),
    r1: Math.min(ROWS - 1, row + r),
    c0: Math.max(0, col - r),
    c1: Math.min(COLUMNS - 1, col + r),
  };
}

const TARGET = '#2f9e44';
const RED = '#c92a2a';

function scene(id: DiagramId): Scene {
  switch (id) {
    case 'board':
      return {
        window: { r0: 0, r1: ROWS - 1, c0: 0, c1: COLUMNS - 1 },
        marks: new Map(),
        arrows: [],
        mayhem: [],
        pieces: [],
        edgeBand: true,
      };
    case 'step': {
      const c = at('D4');
      const visited = at('D3');
      const to = stepsFrom(c, []).filter((n) => n !== visited);
      return {
        window: around(c, 1),
        marks: new Map(to.map((n) => [n, TARGET])),
        arrows: to.map((n) => ({ from: c, to: n, colour: TARGET })),
        mayhem: [],
        pieces: [
          { kind: 'visited', at: visited, text: '5' },
          { kind: 'recruiter', at: c, text: '6' },
        ],
      };
    }
    case 'mind-slip': {
      const c = at('D4');
      const carl = ORTHO_TWO[c]!;
      const girl = DIAG_TWO[c]!;
      return {
        window: around(c, 2),
        marks: new Map([...carl.map((n): [Loc, string] => [n, RED]), ...girl.map((n): [Loc, string] => [n, TARGET])]),
        arrows: [
          ...carl.map((n) => ({ from: c, to: n, colour: RED })),
          ...girl.map((n) => ({ from: c, to: n, colour: TARGET })),
        ],
        mayhem: [],
        pieces: [{ kind: 'origin', at: c }],
      };
    }
    case 'immortal-move': {
      const c = at('C5');
      const mayhem: Edge[] = [[c, at('D5')]];
      const other = at('B6');
      const to = ALL_NEIGHBOURS[c]!.filter((n) => n !== other && !mayhem.some((e) => sameEdge(e, c, n)));
      return {
        window: around(c, 1),
        marks: new Map(to.map((n) => [n, TARGET])),
        arrows: [
          ...to.map((n) => ({ from: c, to: n, colour: TARGET })),
          { from: c, to: at('D5'), colour: RED, blocked: true },
          { from: c, to: other, colour: RED, blocked: true },
        ],
        mayhem,
        pieces: [
          { kind: 'immortal', at: c },
          { kind: 'immortal', at: other },
        ],
      };
    }
    case 'mayhem': {
      const c = at('B4');
      const mayhem: Edge[] = [[c, at('C4')]];
      return {
        window: { r0: 1, r1: 4, c0: 0, c1: 3 },
        marks: new Map([[at('C3'), TARGET]]),
        arrows: [
          { from: c, to: at('C4'), colour: RED, blocked: true },
          { from: c, to: at('C3'), colour: TARGET },
        ],
        mayhem,
        pieces: [{ kind: 'agent', at: c }],
      };
    }
    case 'agent-move': {
      const c = at('C4');
      const mayhem: Edge[] = [[c, at('D4')]];
      const one = stepsFrom(c, mayhem);
      const reach = new Set<Loc>(one);
      for (const n of one) for (const m of stepsFrom(n, mayhem)) reach.add(m);
      reach.delete(c);
      return {
        window: around(c, 2),
        marks: new Map([...reach].map((n) => [n, TARGET])),
        arrows: one.map((n) => ({ from: c, to: n, colour: TARGET })),
        mayhem,
        pieces: [{ kind: 'agent', at: c }],
      };
    }
    case 'meru': {
      const c = at('D4');
      const { row, col } = LOCATIONS[c]!;
      const cross = LOCATIONS.filter(
        (l) => (l.row === row && Math.abs(l.col - col) <= 2) || (l.col === col && Math.abs(l.row - row) <= 2),
      ).map((l) => l.id);
      return {
        window: around(c, 2),
        marks: new Map(cross.map((n) => [n, '#7d3cff'])),
        arrows: [],
        mayhem: [],
        pieces: [{ kind: 'agent', at: c }],
      };
    }
  }
}

function MayhemBar({ e }: { e: Edge }) {
  const a = LOCATIONS[e[0]]!;
  const b = LOCATIONS[e[1]]!;
  const vertical = a.row === b.row;
  const x = vertical ? Math.max(a.col, b.col) * S - 7 : a.col * S + 10;
  const y = vertical ? a.row * S + 10 : Math.max(a.row, b.row) * S - 7;
  return (
    <rect
      x={x}
      y={y}
      width={vertical ? 14 : S - 20}
      height={vertical ? S - 20 : 14}
      rx="4"
      fill="#343a40"
      stroke="#f08c00"
      strokeWidth="3"
    />
  );
}

function Arrow({ from, to, colour, blocked }: Scene['arrows'][number]) {
  const [x1, y1] = centre(from);
  const [x2, y2] = centre(to);
  const len = Math.hypot(x2 - x1, y2 - y1);
  const ux = (x2 - x1) / len;
  const uy = (y2 - y1) / len;
  const sx = x1 + ux * 22;
  const sy = y1 + uy * 22;
  const ex = x2 - ux * (blocked ? len / 2 - 8 : 22);
  const ey = y2 - uy * (blocked ? len / 2 - 8 : 22);
  return (
    <g stroke={colour} strokeWidth="5" strokeLinecap="round" fill="none">
      <line x1={sx} y1={sy} x2={ex} y2={ey} strokeDasharray={blocked ? '8 6' : undefined} />
      {blocked ? (
        <path d={`M${ex - 9} ${ey - 9} l18 18 M${ex + 9} ${ey - 9} l-18 18`} strokeWidth="6" />
      ) : (
        <path
          d={`M${ex - ux * 14 - uy * 9} ${ey - uy * 14 + ux * 9} L${ex} ${ey} L${ex - ux * 14 + uy * 9} ${ey - uy * 14 - ux * 9}`}
        />
      )}
    </g>
  );
}

function Temple() {
  return (
    <g transform="translate(50 52)" opacity="0.85">
      <path d="M-28 -10 L0 -30 L28 -10 Z" fill="#a47148" stroke="#5c3d1e" strokeWidth="2" />
      <rect x="-24" y="-10" width="48" height="30" fill="#d9b382" stroke="#5c3d1e" strokeWidth="2" />
      <rect x="-7" y="2" width="14" height="18" fill="#5c3d1e" />
    </g>
  );
}

export function Diagram({ id, caption }: { id: DiagramId; caption: string }): ReactElement {
  const sc = scene(id);
  const { r0, r1, c0, c1 } = sc.window;
  const cells = LOCATIONS.filter((l) => l.row >= r0 && l.row <= r1 && l.col >= c0 && l.col <= c1);
  const pad = 4;
  const vb = `${c0 * S - pad} ${r0 * S - pad} ${(c1 - c0 + 1) * S + 2 * pad} ${(r1 - r0 + 1) * S + 2 * pad}`;
  return (
    <figure className="rb-diagram" data-diagram={id}>
      <svg viewBox={vb} role="img" aria-label={caption}>
        {cells.map((l) => {
          const mark = sc.marks.get(l.id);
          const band = sc.edgeBand && l.edge;
          return (
            <g
              key={l.id}
              transform={`translate(${l.col * S} ${l.row * S})`}
              data-loc={l.label}
              className={mark ? 'mark' : undefined}
            >
              <rect
                width={S}
                height={S}
                fill={band ? '#a5d8ff' : l.temple ? '#e3d3ae' : '#fbf8ef'}
                stroke="#adb5bd"
                strokeWidth="1.5"
              />
              {mark ? (
                <rect
                  x="3"
                  y="3"
                  width={S - 6}
                  height={S - 6}
                  fill={mark}
                  opacity="0.22"
                  stroke={mark}
                  strokeWidth="5"
                />
              ) : null}
              {l.temple ? <Temple /> : null}
              <text x="5" y="15" fontSize="13" fill="#495057">
                {l.label}
              </text>
              {l.features.map((f, i) => (
                <FeatureGlyph key={f} f={f} x={i === 0 ? 12 : 56} y={40} size={32} />
              ))}
            </g>
          );
        })}
        {sc.mayhem.map((e, i) => (
          <MayhemBar key={i} e={e} />
        ))}
        {sc.arrows.map((a, i) => (
          <Arrow key={i} {...a} />
        ))}
        {sc.pieces.map((p, i) => {
          const [x, y] = centre(p.at);
          if (p.kind === 'agent') return <AgentToken key={i} a="meru" x={x} y={y} r={17} />;
          if (p.kind === 'immortal') return <ImmortalToken key={i} x={x} y={y} s={40} />;
          if (p.kind === 'origin')
            return <circle key={i} cx={x} cy={y} r="18" fill="#5f3dc4" stroke="#fff" strokeWidth="3" />;
          const current = p.kind === 'recruiter';
          return (
            <g key={i} transform={`translate(${x} ${y})`}>
              <circle r="16" fill={current ? RED : '#fff'} stroke={RED} strokeWidth="3" />
              <text y="6" textAnchor="middle" fontSize="17" fontWeight="700" fill={current ? '#fff' : RED}>
                {p.text}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
