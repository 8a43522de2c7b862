// The moving pieces of the board (agents, immortals) in one layer above the locations, each keyed
// by its identity so a move GLIDES (CSS transition on transform) instead of jumping; plus the
// planned action's ghost and the marks of the last turn / the hovered log entry.
import { LOCATIONS, type Edge, type Loc, type View } from '@mindmgmt/engine';
import { AgentToken, ImmortalToken, MindSlipToken } from '../ui/icons.js';
import type { EventPlace, HalfTurn } from './event-locs.js';
import type { Ghost } from './ghost.js';

export const CELL = 100;
/** Agent disc radius in board units: about 19 px across on a 390 px wide phone. */
export const AGENT_R = 15;

const corner = (l: Loc): [number, number] => {
  const i = LOCATIONS[l]!;
  return [i.col * CELL, i.row * CELL];
};
const centre = (l: Loc): [number, number] => {
  const [x, y] = corner(l);
  return [x + CELL / 2, y + CELL / 2];
};

export function edgeBox(e: Edge, thick: number, inset: number): { x: number; y: number; w: number; h: number } {
  const a = LOCATIONS[e[0]]!;
  const b = LOCATIONS[e[1]]!;
  if (a.row === b.row) {
    const x = Math.max(a.col, b.col) * CELL;
    return { x: x - thick / 2, y: a.row * CELL + inset, w: thick, h: CELL - 2 * inset };
  }
  const y = Math.max(a.row, b.row) * CELL;
  return { x: a.col * CELL + inset, y: y - thick / 2, w: CELL - 2 * inset, h: thick };
}

export function Pieces({ view }: { view: View }) {
  const byLoc = new Map<Loc, string[]>();
  for (const a of view.agents) if (a.at !== null) byLoc.set(a.at, [...(byLoc.get(a.at) ?? []), a.id]);
  return (
    <g className="pieces" pointerEvents="none">
      {view.immortals.map((l, i) => {
        const [x, y] = corner(l);
        // keyed by index: the engine moves an immortal in place in its list, so a key follows it
        return (
          <g
            key={`imm${i}`}
            className="piece"
            data-piece={`immortal-${i}`}
            data-at={LOCATIONS[l]!.label}
            style={{ transform: `translate(${x}px, ${y}px)` }}
          >
            <ImmortalToken x={84} y={70} s={28} />
          </g>
        );
      })}
      {view.agents.map((a) => {
        if (a.at === null) return null;
        const [x, y] = corner(a.at);
        const i = byLoc.get(a.at)!.indexOf(a.id);
        return (
          <g
            key={a.id}
            className="piece"
            data-piece={a.id}
            data-at={LOCATIONS[a.at]!.label}
            style={{ transform: `translate(${x}px, ${y}px)` }}
          >
            <AgentToken a={a.id} x={17 + i * 22} y={70} r={AGENT_R} dim={a.activated} />
          </g>
        );
      })}
    </g>
  );
}

export function Marks({ place, className }: { place: EventPlace; className: string }) {
  const locs = [...new Set(place.locs)];
  return (
    <g className={className} pointerEvents="none">
      {locs.map((l) => {
        const [x, y] = corner(l);
        return <rect key={`l${l}`} x={x + 3} y={y + 3} width={CELL - 6} height={CELL - 6} rx="6" />;
      })}
      {place.edges.map((e) => {
        const r = edgeBox(e, 22, 4);
        return <rect key={`e${e[0]}-${e[1]}`} x={r.x} y={r.y} width={r.w} height={r.h} rx="5" />;
      })}
    </g>
  );
}

/** Older steps fade: the newest step of a sequence is drawn full, the first at 40 %. */
export const fade = (i: number, n: number): number => (n <= 1 ? 1 : 0.4 + (0.6 * i) / (n - 1));

/** An arrow from one cell's centre towards another's, stopping short of the pieces there. */
function arrowPoints(from: Loc, to: Loc): [number, number, number, number] {
  const [ax, ay] = centre(from);
  const [bx, by] = centre(to);
  const len = Math.hypot(bx - ax, by - ay) || 1;
  const cut = 22 / len;
  return [ax + (bx - ax) * cut, ay + (by - ay) * cut, bx - (bx - ax) * cut, by - (by - ay) * cut];
}

/** The arrow head, one per kind of mark (its colour comes from the stylesheet). */
export function ArrowDefs() {
  return (
    <>
      {['theirs', 'own', 'path'].map((k) => (
        <marker
          key={k}
          id={`arrow-${k}`}
          className={`arrow-${k}`}
          viewBox="0 0 10 10"
          refX="8"
          refY="5"
          markerWidth="4"
          markerHeight="4"
          orient="auto-start-reverse"
        >
          <path d="M0 0 L10 5 L0 10 z" />
        </marker>
      ))}
    </>
  );
}

/** A half-turn's marks in order: numbered, moves as arrows, older steps fading;
 * `who` sets them apart: the opponent's ('theirs') or this seat's own ('own'). */
export function TurnMarks({ turn, who }: { turn: HalfTurn; who: 'theirs' | 'own' }) {
  const n = turn.steps.length;
  return (
    <g className={`last-turn ${who}`} data-side={turn.side} pointerEvents="none">
      {turn.steps.map((s, i) => {
        const op = fade(i, n);
        const badge = (x: number, y: number) => (
          <g className="step-num" transform={`translate(${x} ${y})`}>
            <circle r={who === 'own' ? 9 : 11} />
            <text y="4.5" textAnchor="middle">
              {s.n}
            </text>
          </g>
        );
        if (s.from !== null && s.to !== null && s.from !== s.to) {
          const [x1, y1, x2, y2] = arrowPoints(s.from, s.to);
          const [cx, cy] = corner(s.to);
          return (
            <g key={i} className="mk-step" data-step={s.n} opacity={op}>
              <rect x={cx + 3} y={cy + 3} width={CELL - 6} height={CELL - 6} rx="6" />
              <line x1={x1} y1={y1} x2={x2} y2={y2} markerEnd={`url(#arrow-${who})`} />
              {badge((x1 + x2) / 2, (y1 + y2) / 2)}
            </g>
          );
        }
        const locs = [...new Set([...s.locs, ...(s.to !== null ? [s.to] : [])])];
        const first = locs[0];
        return (
          <g key={i} className="mk-step" data-step={s.n} opacity={op}>
            {locs.map((l) => {
              const [x, y] = corner(l);
              return <rect key={`l${l}`} x={x + 3} y={y + 3} width={CELL - 6} height={CELL - 6} rx="6" />;
            })}
            {s.edges.map((e) => {
              const r = edgeBox(e, 22, 4);
              return <rect key={`e${e[0]}-${e[1]}`} x={r.x} y={r.y} width={r.w} height={r.h} rx="5" />;
            })}
            {first !== undefined
              ? badge(corner(first)[0] + 86, corner(first)[1] + 50)
              : s.edges[0]
                ? badge(edgeBox(s.edges[0], 22, 4).x + 11, edgeBox(s.edges[0], 22, 4).y + 11)
                : null}
          </g>
        );
      })}
    </g>
  );
}

/** The recruiter's own path on its secret map (its own view only): arrows in order, older
 * steps fading, like the marks of a half-turn. */
export function PathArrows({ path }: { path: readonly Loc[] }) {
  const n = path.length - 1;
  return (
    <g className="secret-path" pointerEvents="none">
      {path.slice(1).map((to, i) => {
        const [x1, y1, x2, y2] = arrowPoints(path[i]!, to);
        return (
          <line
            key={i}
            data-step={i + 2}
            x1={x1}
            y1={y1}
            x2={x2}
            y2={y2}
            opacity={fade(i, n)}
            markerEnd="url(#arrow-path)"
          />
        );
      })}
    </g>
  );
}

export function GhostLayer({ ghost }: { ghost: Ghost }) {
  const line = (from: Loc | null, to: Loc) =>
    from === null || from === to ? null : (
      <polyline
        points={[from, to].map((l) => centre(l).join(',')).join(' ')}
        fill="none"
        stroke="#212529"
        strokeWidth="4"
        strokeDasharray="6 5"
      />
    );
  const ring = (l: Loc) => {
    const [x, y] = centre(l);
    return (
      <circle
        cx={x}
        cy={y}
        r="30"
        fill="rgba(255,255,255,0.35)"
        stroke="#212529"
        strokeWidth="3"
        strokeDasharray="7 4"
      />
    );
  };
  let body = null;
  switch (ghost.kind) {
    case 'agent': {
      const [x, y] = centre(ghost.to);
      body = (
        <>
          {line(ghost.from, ghost.to)}
          {ring(ghost.to)}
          <AgentToken a={ghost.agent} x={x} y={y} r={AGENT_R + 2} />
        </>
      );
      break;
    }
    case 'immortal': {
      const [x, y] = centre(ghost.to);
      body = (
        <>
          {line(ghost.from, ghost.to)}
          {ring(ghost.to)}
          <ImmortalToken x={x} y={y} s={34} />
        </>
      );
      break;
    }
    case 'recruiter': {
      const [x, y] = centre(ghost.to);
      body = (
        <>
          {line(ghost.from, ghost.to)}
          <circle
            cx={x}
            cy={y}
            r="30"
            fill="rgba(201,42,42,0.18)"
            stroke="#c92a2a"
            strokeWidth="4"
            strokeDasharray="7 4"
          />
        </>
      );
      break;
    }
    case 'stepToken': {
      const [x, y] = centre(ghost.at);
      body = (
        <>
          {ring(ghost.at)}
          <rect x={x - 13} y={y - 12} width="26" height="24" rx="4" fill="#f08c00" stroke="#fff" strokeWidth="2" />
        </>
      );
      break;
    }
    case 'mindSlipToken': {
      const [x, y] = centre(ghost.at);
      body = (
        <>
          {ring(ghost.at)}
          <MindSlipToken x={x} y={y} r={14} />
        </>
      );
      break;
    }
    case 'edge': {
      const r = edgeBox(ghost.between, 16, 8);
      body = (
        <rect
          x={r.x}
          y={r.y}
          width={r.w}
          height={r.h}
          rx="3"
          fill="#c92a2a"
          opacity="0.6"
          stroke="#212529"
          strokeWidth="2"
          strokeDasharray="5 3"
        />
      );
      break;
    }
    case 'here':
      body = ring(ghost.at);
      break;
  }
  return (
    <g className="ghost" data-ghost={ghost.kind} pointerEvents="none">
      {body}
    </g>
  );
}
