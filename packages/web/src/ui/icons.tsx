// Our own simple glyphs (drawn for this project, 32x32 units each): the 16 features, the four
// agents, the immortals and the tokens. Each feature has its own shape and colour.
import type { ReactElement } from 'react';
import type { AgentId, FeatureId } from '@mindmgmt/engine';

const FEATURE_GLYPHS: Record<FeatureId, ReactElement> = {
  billboard: (
    <g>
      <rect x="12" y="20" width="2.5" height="11" fill="#5b4636" />
      <rect x="19" y="20" width="2.5" height="11" fill="#5b4636" />
      <rect x="3" y="4" width="26" height="17" rx="1.5" fill="#f4b73e" stroke="#7a5410" strokeWidth="1.5" />
      <circle cx="10" cy="11" r="3" fill="#7a5410" />
      <path d="M5.5 19 q4.5 -6 9 0" fill="#7a5410" />
      <rect x="16" y="8" width="10" height="2.2" fill="#7a5410" />
      <rect x="16" y="12.5" width="7" height="2.2" fill="#7a5410" />
    </g>
  ),
  bookstore: (
    <g>
      <path d="M6 5 h18 a2 2 0 0 1 2 2 v21 h-18 a2 2 0 0 1 -2 -2 z" fill="#c0392b" stroke="#7b1d13" strokeWidth="1.5" />
      <rect x="6" y="24" width="20" height="4" fill="#f5e6d0" stroke="#7b1d13" strokeWidth="1" />
      <rect x="11" y="9" width="11" height="3" fill="#f5e6d0" />
      <rect x="11" y="14" width="8" height="2" fill="#f5e6d0" />
    </g>
  ),
  bus: (
    <g>
      <rect x="2" y="8" width="28" height="16" rx="3" fill="#16a085" stroke="#0b5345" strokeWidth="1.5" />
      <rect x="2" y="17" width="28" height="3" fill="#ff6fae" />
      <rect x="5" y="11" width="5" height="5" fill="#d6f5ef" />
      <rect x="12" y="11" width="5" height="5" fill="#d6f5ef" />
      <rect x="19" y="11" width="5" height="5" fill="#d6f5ef" />
      <rect x="26" y="11" width="3" height="8" fill="#d6f5ef" />
      <circle cx="9" cy="25" r="3.2" fill="#222" />
      <circle cx="23" cy="25" r="3.2" fill="#222" />
    </g>
  ),
  coffee: (
    <g>
      <path d="M6 13 h16 v9 a6 6 0 0 1 -6 6 h-4 a6 6 0 0 1 -6 -6 z" fill="#6f4e37" stroke="#3e2a1d" strokeWidth="1.5" />
      <path d="M22 15 h2.5 a3.5 3.5 0 0 1 0 7 h-2.5" fill="none" stroke="#3e2a1d" strokeWidth="2" />
      <path
        d="M10 10 q-2 -3 0 -5 q2 -2 0 -4 M15 10 q-2 -3 0 -5 q2 -2 0 -4"
        fill="none"
        stroke="#9a8478"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
      <rect x="3" y="28" width="22" height="2" rx="1" fill="#3e2a1d" />
    </g>
  ),
  dogs: (
    <g fill="#1f1f1f">
      <ellipse cx="13" cy="19" rx="8" ry="4.5" />
      <circle cx="22.5" cy="13.5" r="4" />
      <path d="M24 10 l4 -1 l-1.5 5 z" />
      <path d="M26 15 l4 1.5 l-4 1 z" />
      <rect x="7" y="21" width="2.2" height="7" />
      <rect x="17" y="21" width="2.2" height="7" />
      <path d="M5.5 18 q-4 -3 -3 -8" fill="none" stroke="#1f1f1f" strokeWidth="2" strokeLinecap="round" />
      <circle cx="6" cy="28.5" r="1.6" />
      <circle cx="26" cy="26.5" r="1.6" />
      <ellipse cx="27.5" cy="28" rx="3" ry="1.5" />
    </g>
  ),
  fountain: (
    <g>
      <path
        d="M10 10 q-6 0 -7 8 M22 10 q6 0 7 8 M16 3 v9"
        fill="none"
        stroke="#2f9de0"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <path d="M4 20 q4 -5 8 0 q4 -7 8 0 q4 -5 8 0 v3 h-24 z" fill="#2e9e5b" stroke="#1b5e37" strokeWidth="1.2" />
      <path d="M7 23 h18 l-2 6 h-14 z" fill="#1b5e37" />
    </g>
  ),
  garden: (
    <g>
      <path d="M3 20 h26 l-3 9 h-20 z" fill="#8d5a2b" stroke="#5a3a1a" strokeWidth="1.5" />
      <path d="M9 20 v-8 M16 20 v-11 M23 20 v-8" stroke="#2e7d32" strokeWidth="2" />
      <ellipse cx="7" cy="12" rx="3" ry="2" fill="#43a047" />
      <ellipse cx="11" cy="13" rx="3" ry="2" fill="#43a047" />
      <ellipse cx="16" cy="7" rx="3.5" ry="2.5" fill="#66bb6a" />
      <ellipse cx="21" cy="12" rx="3" ry="2" fill="#43a047" />
      <ellipse cx="25" cy="13" rx="3" ry="2" fill="#43a047" />
    </g>
  ),
  graffiti: (
    <g>
      <path d="M2 16 q14 -13 28 0 q-14 13 -28 0 z" fill="#efe3f7" stroke="#8e44ad" strokeWidth="2.2" />
      <circle cx="16" cy="16" r="5.5" fill="#8e44ad" />
      <circle cx="16" cy="16" r="2.2" fill="#1f1f1f" />
      <path
        d="M6 27 q3 2 5 -1 M22 28 l1 3 M25 26 l2 3"
        stroke="#8e44ad"
        strokeWidth="1.8"
        fill="none"
        strokeLinecap="round"
      />
    </g>
  ),
  idol: (
    <g>
      <rect x="8" y="3" width="16" height="26" rx="5" fill="#b5651d" stroke="#5d3410" strokeWidth="1.5" />
      <rect x="10" y="9" width="5" height="4" rx="1" fill="#fff3dc" />
      <rect x="17" y="9" width="5" height="4" rx="1" fill="#fff3dc" />
      <circle cx="12.5" cy="11" r="1.2" fill="#222" />
      <circle cx="19.5" cy="11" r="1.2" fill="#222" />
      <path d="M16 13 v5" stroke="#5d3410" strokeWidth="2" />
      <rect x="10.5" y="20" width="11" height="4" rx="1" fill="#5d3410" />
      <path d="M12 20 v4 M15 20 v4 M18 20 v4" stroke="#fff3dc" strokeWidth="0.9" />
    </g>
  ),
  monks: (
    <g>
      <path d="M3 29 l6 -15 l6 15 z" fill="#f39c12" stroke="#a0600a" strokeWidth="1.2" />
      <circle cx="9" cy="10.5" r="3.5" fill="#e2b48a" stroke="#a0600a" strokeWidth="1" />
      <path d="M17 29 l6 -15 l6 15 z" fill="#f1c40f" stroke="#a0600a" strokeWidth="1.2" />
      <circle cx="23" cy="10.5" r="3.5" fill="#e2b48a" stroke="#a0600a" strokeWidth="1" />
    </g>
  ),
  palm: (
    <g>
      <path d="M15 30 q2 -10 1 -18" fill="none" stroke="#8b5a2b" strokeWidth="3" strokeLinecap="round" />
      <path d="M16 11 q-8 -6 -14 1 q7 -3 14 -1 z" fill="#2e8b57" />
      <path d="M16 11 q8 -6 14 1 q-7 -3 -14 -1 z" fill="#2e8b57" />
      <path d="M16 11 q-4 -9 -11 -8 q7 2 11 8 z" fill="#3cb371" />
      <path d="M16 11 q4 -9 11 -8 q-7 2 -11 8 z" fill="#3cb371" />
      <circle cx="14.5" cy="13" r="1.6" fill="#6b3e1e" />
      <circle cx="17.5" cy="13.5" r="1.6" fill="#6b3e1e" />
      <rect x="6" y="29" width="20" height="2" rx="1" fill="#e8cf8f" />
    </g>
  ),
  parrot: (
    <g>
      <path d="M3 8 q9 2 12 10 q-8 -1 -12 -10 z" fill="#ff4fa3" />
      <path d="M29 6 q-8 3 -12 12 q9 -2 12 -12 z" fill="#ff7dbd" />
      <ellipse cx="16" cy="19" rx="4.5" ry="6" fill="#e84393" />
      <circle cx="16" cy="12.5" r="3.3" fill="#e84393" />
      <path d="M16 13 q4 0 3 4 l-3 -2 z" fill="#f9d423" />
      <circle cx="15" cy="11.8" r="0.9" fill="#222" />
      <path d="M14 25 l2 6 l2 -6 z" fill="#b83280" />
    </g>
  ),
  pool: (
    <g>
      <rect x="2" y="8" width="28" height="20" rx="3" fill="#4dd0e1" stroke="#0e7c86" strokeWidth="1.5" />
      <path
        d="M5 15 q3 -2.5 6 0 t6 0 t6 0 t5 0 M5 21 q3 -2.5 6 0 t6 0 t6 0 t5 0"
        fill="none"
        stroke="#fff"
        strokeWidth="1.6"
      />
      <path d="M23 3 v10 M28 3 v10 M23 6 h5 M23 10 h5" stroke="#777" strokeWidth="1.4" />
    </g>
  ),
  torches: (
    <g>
      <path d="M8 30 l2 -18 M16 30 v-20 M24 30 l-2 -18" stroke="#7b4a1e" strokeWidth="2.4" strokeLinecap="round" />
      <path d="M10 12 q-4 -4 0 -9 q0 4 3 5 q-1 3 -3 4 z" fill="#ff7a00" />
      <path d="M16 10 q-4 -4 0 -9 q0 4 3 5 q-1 3 -3 4 z" fill="#e74c3c" />
      <path d="M22 12 q-4 -4 0 -9 q0 4 3 5 q-1 3 -3 4 z" fill="#ff7a00" />
      <rect x="6" y="20" width="20" height="2.2" fill="#c49a6c" />
    </g>
  ),
  tuktuk: (
    <g>
      <path d="M3 23 v-9 q0 -6 8 -7 h10 l4 8 h3 v8 z" fill="#ff6fae" stroke="#9c2a62" strokeWidth="1.5" />
      <path d="M6 8 q6 -4 16 -1" fill="none" stroke="#9c2a62" strokeWidth="2" />
      <rect x="7" y="10" width="7" height="6" fill="#fde3f0" />
      <path d="M16 10 h4 l3 6 h-7 z" fill="#fde3f0" />
      <circle cx="8" cy="25" r="3.2" fill="#222" />
      <circle cx="24" cy="25" r="3.2" fill="#222" />
      <circle cx="16" cy="26.5" r="2" fill="#555" />
    </g>
  ),
  umbrellas: (
    <g>
      <path d="M2 14 q8 -11 16 0 z" fill="#2d7dd2" stroke="#174a7c" strokeWidth="1.2" />
      <path d="M10 14 v15" stroke="#174a7c" strokeWidth="1.8" />
      <path d="M14 18 q8 -11 16 0 z" fill="#74b9ff" stroke="#174a7c" strokeWidth="1.2" />
      <path d="M22 18 v12" stroke="#174a7c" strokeWidth="1.8" />
      <path d="M6 14 q2 -4 4 0 M18 18 q2 -4 4 0" fill="none" stroke="#fff" strokeWidth="1" />
    </g>
  ),
};

export function FeatureGlyph({ f, x, y, size }: { f: FeatureId; x: number; y: number; size: number }) {
  return <g transform={`translate(${x} ${y}) scale(${size / 32})`}>{FEATURE_GLYPHS[f]}</g>;
}

/** A feature icon as a small standalone SVG (for buttons, cards and the log). */
export function FeatureIcon({ f, size = 22, title }: { f: FeatureId; size?: number; title?: string }) {
  return (
    <svg
      className="ficon"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
    >
      {title ? <title>{title}</title> : null}
      {FEATURE_GLYPHS[f]}
    </svg>
  );
}

export const AGENT_COLOURS: Record<AgentId, string> = {
  meru: '#7d3cff',
  henry: '#1e9e4a',
  bill: '#e8590c',
  dusty: '#1c7ed6',
};

/** White glyphs drawn on an agent's coloured disc (-10..10 units). */
const AGENT_GLYPHS: Record<AgentId, ReactElement> = {
  // crosshairs
  meru: (
    <g stroke="#fff" strokeWidth="1.8" fill="none">
      <circle r="4.5" />
      <path d="M0 -8 v5 M0 8 v-5 M-8 0 h5 M8 0 h-5" />
    </g>
  ),
  // a block / shield
  henry: (
    <g fill="none" stroke="#fff" strokeWidth="1.8">
      <path d="M0 -7 l5.5 2.2 v3.8 q0 4.6 -5.5 7 q-5.5 -2.4 -5.5 -7 v-3.8 z" />
      <path d="M-3 0 h6" />
    </g>
  ),
  // a lightning bolt (detect weakness)
  bill: <path d="M2 -8 l-6 9 h4 l-2 7 l7 -10 h-4 l2 -6 z" fill="#fff" />,
  // a rhythm wave
  dusty: (
    <path d="M-8 0 h3 l2 -6 l3 12 l3 -9 l2 3 h3" stroke="#fff" strokeWidth="1.8" fill="none" strokeLinejoin="round" />
  ),
};

export function AgentToken({ a, x, y, r, dim }: { a: AgentId; x: number; y: number; r: number; dim?: boolean }) {
  return (
    <g transform={`translate(${x} ${y})`} opacity={dim ? 0.55 : 1} className="agent-token">
      <circle r={r} fill={AGENT_COLOURS[a]} stroke="#fff" strokeWidth={r / 6} />
      <g transform={`scale(${r / 10.5})`}>{AGENT_GLYPHS[a]}</g>
    </g>
  );
}

export function AgentIcon({ a, size = 22 }: { a: AgentId; size?: number }) {
  return (
    <svg className="aicon" width={size} height={size} viewBox="-12 -12 24 24" aria-hidden="true">
      <AgentToken a={a} x={0} y={0} r={11} />
    </svg>
  );
}

/** An immortal: a dark hooded figure with a golden halo. */
export function ImmortalToken({ x, y, s }: { x: number; y: number; s: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${s / 24})`} className="immortal-token">
      <ellipse cx="0" cy="-10" rx="7" ry="2.2" fill="none" stroke="#f5c542" strokeWidth="1.8" />
      <path
        d="M-9 12 q0 -10 3 -14 q-1 -8 6 -8 q7 0 6 8 q3 4 3 14 z"
        fill="#2d2440"
        stroke="#f5c542"
        strokeWidth="1.3"
      />
      <circle cx="-2.5" cy="-3" r="1.2" fill="#f5c542" />
      <circle cx="2.5" cy="-3" r="1.2" fill="#f5c542" />
    </g>
  );
}

/** The mind slip token: a swirl on violet. */
export function MindSlipToken({ x, y, r }: { x: number; y: number; r: number }) {
  return (
    <g transform={`translate(${x} ${y})`} className="slip-token">
      <circle r={r} fill="#5f3dc4" stroke="#fff" strokeWidth={r / 6} />
      <path
        d={`M0 0 m${-r * 0.15} 0 a${r * 0.15} ${r * 0.15} 0 1 1 ${r * 0.3} 0 a${r * 0.3} ${r * 0.3} 0 1 1 ${-r * 0.6} 0 a${r * 0.45} ${r * 0.45} 0 1 1 ${r * 0.9} 0`}
        fill="none"
        stroke="#fff"
        strokeWidth={r / 7}
      />
    </g>
  );
}

export function MindSlipIcon({ size = 20 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="-11 -11 22 22" aria-hidden="true">
      <MindSlipToken x={0} y={0} r={10} />
    </svg>
  );
}

/** The ally card: a dolphin fin over a wave. */
export function DolphinIcon({ size = 24 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="5" fill="#12263a" />
      <path d="M5 21 q6 -15 18 -13 q-5 3 -4 9 q-7 -3 -14 4 z" fill="#9ad0ec" />
      <path d="M3 25 q3 -3 6 0 t6 0 t6 0 t6 0" fill="none" stroke="#4dabf7" strokeWidth="2" />
    </svg>
  );
}

/** A bot seat: a small robot head. */
export function BotIcon({ size = 18 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" className="ficon">
      <path d="M12 2 v4" stroke="#495057" strokeWidth="2" />
      <circle cx="12" cy="2.5" r="1.8" fill="#e03131" />
      <rect x="4" y="6" width="16" height="13" rx="3" fill="#adb5bd" stroke="#495057" strokeWidth="1.5" />
      <circle cx="9" cy="12" r="2" fill="#1d2b3a" />
      <circle cx="15" cy="12" r="2" fill="#1d2b3a" />
      <rect x="8" y="15.5" width="8" height="1.6" fill="#1d2b3a" />
    </svg>
  );
}
