// The Zanzibar board in SVG: 6x7 locations with both features, temples, mayhem, pieces, tokens,
// notes, the recruiter's secret map, highlights of legal targets and the deduction heatmap.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import { COLUMNS, LOCATIONS, ROWS, type Edge, type FeatureId, type Loc, type Notes, type View } from '@mindmgmt/engine';
import { FeatureGlyph, MindSlipToken } from '../ui/icons.js';
import { useI18n } from '../i18n/lookup.js';
import type { EventPlace, HalfTurn } from './event-locs.js';
import type { Ghost } from './ghost.js';
import { ArrowDefs, edgeBox, GhostLayer, Marks, PathArrows, Pieces, TurnMarks } from './Pieces.js';
import { useZoom } from './zoom.js';
import { cellName, locName } from './cell-facts.js';

export const S = 100;

export interface BoardProps {
  view: View;
  /** The agents' white notes (R30, D8): table state beside the view, not part of it. */
  notes?: Notes;
  /** The recruiter's path to draw (secret map); null hides it. */
  path?: readonly Loc[] | null;
  circled?: readonly FeatureId[];
  crossedOut?: readonly FeatureId[];
  targets?: ReadonlySet<Loc>;
  selected?: Loc | null;
  edgeTargets?: readonly Edge[];
  /** The planned action, drawn faintly until confirmed. */
  ghost?: Ghost | null;
  /** The last half-turns, newest first (table/event-locs.ts `lastHalfTurns`), marked in order. */
  turns?: readonly HalfTurn[] | null;
  /** This seat's side: its own half-turn is marked apart from the opponent's. */
  mySide?: 'recruiter' | 'agents' | null;
  /** Where the hovered log entry happened. */
  highlight?: EventPlace | null;
  heat?: readonly number[] | null;
  onLoc?: (l: Loc) => void;
  onEdge?: (e: Edge) => void;
  label?: string;
}

/** The location's name with its features (what stands on it: table/cell-facts.ts). */
export { locName };

const edgeRect = (e: Edge) => edgeBox(e, 12, 8);
/** The mark of a mayhem choice: the middle of its edge only, so the location labels in the
 * cells' corners stay readable (it covered them on a phone). */
const edgeMark = (e: Edge) => edgeBox(e, 18, 30);
/** The clickable area of a mayhem choice: the diamond between its edge's two ends and the two
 * cells' centres. The diamonds of all edges tile the board without overlapping, and each holds a
 * 70-unit square (44 px on a 390 px phone, WCAG 2.5.5 guidance). */
function edgeDiamond(e: Edge): string {
  const [ax, ay] = centre(e[0]);
  const [bx, by] = centre(e[1]);
  const [mx, my] = [(ax + bx) / 2, (ay + by) / 2];
  // the edge's two ends: from the middle, half a cell along the edge
  const [dx, dy] = ay === by ? [0, S / 2] : [S / 2, 0];
  return `${ax},${ay} ${mx + dx},${my + dy} ${bx},${by} ${mx - dx},${my - dy}`;
}

const centre = (l: Loc): [number, number] => {
  const i = LOCATIONS[l]!;
  return [i.col * S + S / 2, i.row * S + S / 2];
};

/** The location at a row and column, or null off the board. */
const AT = new Map(LOCATIONS.map((i) => [`${i.row},${i.col}`, i.id]));
const locAt = (row: number, col: number): Loc | null => AT.get(`${row},${col}`) ?? null;

/** Arrow keys, Home and End inside the board's grid (WAI-ARIA grid pattern). */
function nextLoc(l: Loc, key: string): Loc | null {
  const { row, col } = LOCATIONS[l]!;
  switch (key) {
    case 'ArrowLeft':
      return locAt(row, col - 1);
    case 'ArrowRight':
      return locAt(row, col + 1);
    case 'ArrowUp':
      return locAt(row - 1, col);
    case 'ArrowDown':
      return locAt(row + 1, col);
    case 'Home':
      return locAt(row, 0);
    case 'End':
      return locAt(row, COLUMNS - 1);
    default:
      return null;
  }
}

function onActivateKey(fn: () => void) {
  return (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      fn();
    }
  };
}

export function Board(p: BoardProps): ReactElement {
  const i18n = useI18n();
  const { view } = p;
  const [hover, setHover] = useState<Loc | null>(null);
  const press = useRef<ReturnType<typeof setTimeout> | null>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const immortals = new Set(view.immortals);
  const steps = new Map(view.stepTokens.map((s) => [s.at, s]));
  const confirmed = new Map(view.confirmed.map((c) => [c.at, c.visitTime]));
  const notes = new Map((p.notes ?? []).map((n) => [n.at, n.note]));
  const pathIndex = new Map<Loc, number>();
  (p.path ?? []).forEach((l, i) => pathIndex.set(l, i + 1));
  const current = p.path && p.path.length ? p.path[p.path.length - 1] : null;
  const heatMax = p.heat ? Math.max(1e-9, ...p.heat) : 1;
  const W = COLUMNS * S;
  const H = ROWS * S;
  const zoom = useZoom(svgRef, { x: -4, y: -4, w: W + 8, h: H + 8 });
  // The board is ONE Tab stop (a roving tab index): the cell last reached with the arrows, else
  // the first choice, else A1. New choices move the stop to them unless the board has focus.
  const [cursor, setCursor] = useState<Loc | null>(null);
  const targetKey = [...(p.targets ?? [])].join(',');
  useEffect(() => {
    if (!svgRef.current?.contains(document.activeElement)) setCursor(null);
  }, [targetKey]);
  const firstTarget = LOCATIONS.find((i) => p.targets?.has(i.id))?.id ?? null;
  const tabLoc = cursor ?? firstTarget ?? p.selected ?? 0;
  const onGridKey = (e: KeyboardEvent) => {
    const cell = (e.target as Element).closest?.('[data-loc]');
    const from = LOCATIONS.find((i) => i.label === cell?.getAttribute('data-loc'))?.id;
    if (from === undefined) return;
    const to = nextLoc(from, e.key);
    if (to === null) return;
    e.preventDefault();
    setCursor(to);
    svgRef.current?.querySelector<SVGGElement>(`[data-loc="${LOCATIONS[to]!.label}"]`)?.focus();
  };

  const cells = LOCATIONS.map((info) => {
    const l = info.id;
    const x = info.col * S;
    const y = info.row * S;
    const isTarget = p.targets?.has(l) ?? false;
    // what stands here and whether it is a choice, in the name itself: a screen reader's grid
    // navigation reads the name, seldom the description
    const name = cellName(i18n, view, l, { path: p.path, notes: p.notes, targets: p.targets });
    const note = notes.get(l);
    const step = steps.get(l);
    const conf = confirmed.get(l);
    const num = pathIndex.get(l);
    const clickable = !!p.onLoc;
    const cls = [
      'cell',
      isTarget ? 'target' : '',
      p.selected === l ? 'selected' : '',
      info.temple ? 'temple' : '',
    ].join(' ');
    const fire = () => p.onLoc?.(l);
    return (
      <g
        key={l}
        className={cls}
        transform={`translate(${x} ${y})`}
        role="gridcell"
        aria-colindex={info.col + 1}
        aria-selected={p.selected === l}
        aria-disabled={clickable ? undefined : true}
        tabIndex={l === tabLoc ? 0 : -1}
        data-loc={info.label}
        onClick={fire}
        onKeyDown={onActivateKey(fire)}
        onFocus={() => {
          setHover(l);
          setCursor(l);
        }}
        onPointerEnter={() => setHover(l)}
        onPointerDown={(e) => {
          if (e.pointerType !== 'mouse') press.current = setTimeout(() => setHover(l), 450);
        }}
        onPointerUp={() => press.current && clearTimeout(press.current)}
        onPointerLeave={() => press.current && clearTimeout(press.current)}
      >
        {/* the name is the <title> (axe: label-content-name-mismatch) */}
        <title>{name}</title>
        <rect className="bg" width={S} height={S} fill={info.temple ? '#e3d3ae' : info.edge ? '#eaf1f4' : '#fbf8ef'} />
        {p.heat && p.heat[l]! > 0 ? (
          <rect className="heat" width={S} height={S} fill="#e03131" opacity={(0.55 * p.heat[l]!) / heatMax} />
        ) : null}
        {info.temple ? <TempleGlyph /> : null}
        <text x="5" y="15" className="loc-label">
          {info.label}
        </text>
        {info.features.map((f, i) => {
          const fx = i === 0 ? 9 : 55;
          const crossedByNote = note?.crossed.includes(f);
          return (
            <g key={f}>
              <FeatureGlyph f={f} x={fx} y={22} size={36} />
              {p.circled?.includes(f) ? (
                <circle cx={fx + 18} cy={40} r={21} fill="none" stroke="#d6336c" strokeWidth="3" />
              ) : null}
              {p.crossedOut?.includes(f) ? (
                <path d={`M${fx} 22 l36 36 M${fx + 36} 22 l-36 36`} stroke="#c92a2a" strokeWidth="4" />
              ) : null}
              {crossedByNote ? (
                <path d={`M${fx - 1} 58 L${fx + 37} 21`} stroke="#495057" strokeWidth="3.5" strokeLinecap="round" />
              ) : null}
            </g>
          );
        })}
        {num !== undefined ? (
          <g transform="translate(45 11)" className="path-num">
            <circle r="10" fill={l === current ? '#c92a2a' : '#fff'} stroke="#c92a2a" strokeWidth="2.5" />
            <text y="4.5" textAnchor="middle" fill={l === current ? '#fff' : '#c92a2a'} fontSize="13" fontWeight="700">
              {num}
            </text>
          </g>
        ) : null}
        {conf !== undefined ? (
          <g className="confirmed">
            <rect x="64" y="2" width="34" height="19" rx="4" fill="#2b8a3e" stroke="#fff" strokeWidth="1.5" />
            <text x="81" y="16" textAnchor="middle" fill="#fff" fontSize="13" fontWeight="700">
              {conf <= 5 && conf >= 1 ? String(conf) : `${conf}:00`}
            </text>
          </g>
        ) : null}
        {step ? (
          <g className="step-token">
            <rect x="76" y="2" width="20" height="19" rx="3" fill="#f08c00" stroke="#fff" strokeWidth="1.5" />
            <ellipse cx="83" cy="10" rx="2.6" ry="4" fill="#fff" />
            <ellipse cx="89.5" cy="13" rx="2.6" ry="4" fill="#fff" />
          </g>
        ) : null}
        {view.mindSlips.secondOnBoard === l ? (
          <MindSlipToken x={immortals.has(l) ? 94 : 86} y={immortals.has(l) ? 64 : 72} r={immortals.has(l) ? 6 : 9} />
        ) : null}
        {note ? (
          <g className="note">
            <rect x="2" y="85" width="96" height="14" rx="3" fill="#fff" stroke="#868e96" strokeWidth="1" />
            <text x="6" y="96" fontSize="10.5" fill="#212529">
              {noteSummary(note)}
            </text>
          </g>
        ) : null}
        <rect className="frame" width={S} height={S} fill="transparent" />
      </g>
    );
  });

  return (
    <div className="board-wrap">
      <svg
        ref={svgRef}
        className="board"
        viewBox={zoom.viewBox}
        role="group"
        aria-label={p.label ?? 'Zanzibar'}
        data-zoom={zoom.zoom.toFixed(2)}
      >
        <rect className="board-bg" x="-4" y="-4" width={W + 8} height={H + 8} fill="#1d2b3a" rx="6" />
        {/* the locations: an ARIA grid of rows only (the mayhem choices stay outside it) */}
        <g
          role="grid"
          aria-label={p.label ?? 'Zanzibar'}
          aria-rowcount={ROWS}
          aria-colcount={COLUMNS}
          onKeyDown={onGridKey}
        >
          {Array.from({ length: ROWS }, (_, r) => (
            <g key={`row${r}`} role="row" aria-rowindex={r + 1}>
              {cells.filter((_, l) => LOCATIONS[l]!.row === r)}
            </g>
          ))}
        </g>
        {/* grid lines */}
        <g stroke="#adb5bd" strokeWidth="1" pointerEvents="none">
          {Array.from({ length: COLUMNS + 1 }, (_, c) => (
            <line key={`c${c}`} x1={c * S} y1={0} x2={c * S} y2={H} />
          ))}
          {Array.from({ length: ROWS + 1 }, (_, r) => (
            <line key={`r${r}`} x1={0} y1={r * S} x2={W} y2={r * S} />
          ))}
        </g>
        {p.path && p.path.length > 1 ? <PathArrows path={p.path} /> : null}
        {view.mayhem.map((e) => {
          const r = edgeRect(e);
          return (
            <g key={`m${e[0]}-${e[1]}`} className="mayhem" pointerEvents="none">
              <rect x={r.x} y={r.y} width={r.w} height={r.h} rx="3" fill="#c92a2a" stroke="#fff" strokeWidth="1.5" />
              <rect x={r.x + 2} y={r.y + 2} width={r.w - 4} height={r.h - 4} fill="url(#hazard)" />
            </g>
          );
        })}
        {(p.turns ?? []).map((turn, i) =>
          // a spectator sees the latest half-turn only; a player both, its own set apart
          !p.mySide && i > 0 ? null : (
            <TurnMarks key={i} turn={turn} who={p.mySide && turn.side === p.mySide ? 'own' : 'theirs'} />
          ),
        )}
        <Pieces view={view} />
        {p.highlight ? <Marks place={p.highlight} className="log-hl" /> : null}
        {p.ghost ? <GhostLayer ghost={p.ghost} /> : null}
        {(p.edgeTargets ?? []).map((e) => {
          const r = edgeMark(e);
          const a = LOCATIONS[e[0]]!.label;
          const b = LOCATIONS[e[1]]!.label;
          const fire = () => p.onEdge?.(e);
          return (
            <g
              key={`t${e[0]}-${e[1]}`}
              className="edge-target"
              role="button"
              tabIndex={0}
              aria-label={`${i18n.t('mayhem')}${i18n.t('colon')}${a}–${b}`}
              data-edge={`${a}-${b}`}
              onClick={fire}
              onKeyDown={onActivateKey(fire)}
            >
              <title>{`${i18n.t('mayhem')}${i18n.t('colon')}${a}–${b}`}</title>
              <polygon className="hit" points={edgeDiamond(e)} />
              <rect className="mark" x={r.x} y={r.y} width={r.w} height={r.h} rx="4" />
            </g>
          );
        })}
        <defs>
          <ArrowDefs />
          <pattern id="hazard" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="4" height="8" fill="#212529" />
          </pattern>
        </defs>
      </svg>
      <div className="caption">
        <span aria-live="polite">{hover !== null ? locName(i18n, hover) : '\u00a0'}</span>
        <span className="zoom-btns">
          <button type="button" onClick={zoom.zoomOut} aria-label={i18n.t('zoomOut')} title={i18n.t('zoomOut')}>
            −
          </button>
          <button type="button" onClick={zoom.fit} aria-label={i18n.t('zoomFit')} title={i18n.t('zoomFit')}>
            ⤢
          </button>
          <button type="button" onClick={zoom.zoomIn} aria-label={i18n.t('zoomIn')} title={i18n.t('zoomIn')}>
            +
          </button>
        </span>
      </div>
    </div>
  );
}

function TempleGlyph() {
  return (
    <g transform="translate(50 48)" opacity="0.9">
      <path d="M-30 -12 L0 -32 L30 -12 Z" fill="#a47148" stroke="#5c3d1e" strokeWidth="2" />
      <rect x="-28" y="-12" width="56" height="6" fill="#c9a36b" stroke="#5c3d1e" strokeWidth="1.5" />
      {[-22, -8, 6, 20].map((cx) => (
        <rect key={cx} x={cx - 3} y="-6" width="6" height="28" fill="#f1e3c3" stroke="#5c3d1e" strokeWidth="1.2" />
      ))}
      <rect x="-32" y="22" width="64" height="7" fill="#c9a36b" stroke="#5c3d1e" strokeWidth="1.5" />
    </g>
  );
}

export function noteSummary(n: {
  from: number | null;
  to: number | null;
  crossed: readonly string[];
  text: string;
}): string {
  const range = n.from !== null || n.to !== null ? `${n.from ?? '?'}–${n.to ?? '?'}` : '';
  const text = n.text.length > 12 ? `${n.text.slice(0, 11)}…` : n.text;
  return [range, text].filter(Boolean).join(' ') || '✎';
}
