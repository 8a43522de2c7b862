// The analysis chart: one column per half-round; on top, a line of how many
// locations were possible to the agents; below, the board's 42 locations as rows, shaded where
// the recruiter could be, with a red dot where it really was. An SVG drawn here (no chart library).
import { LOCATION_COUNT, label } from '@mindmgmt/engine';
import type { SeriesPoint } from '@mindmgmt/ai';
import { useI18n } from '../i18n/lookup.js';

const COL = 12;
const ROW = 5;
const LINE_H = 60;
const GAP = 8;
const LEFT = 22;
const AXIS = 14;

export function AnalysisChart({ series }: { series: readonly SeriesPoint[] }) {
  const i18n = useI18n();
  const { t } = i18n;
  const n = series.length;
  const w = LEFT + n * COL + 4;
  const gridTop = LINE_H + GAP;
  const h = gridTop + LOCATION_COUNT * ROW + AXIS;
  const y = (c: number) => LINE_H - (c / LOCATION_COUNT) * (LINE_H - 4);
  const x = (i: number) => LEFT + i * COL + COL / 2;
  const rowOf = new Map(Array.from({ length: LOCATION_COUNT }, (_, l) => [label(l), l] as const));
  const line = series.map((p, i) => `${x(i)},${y(p.possible)}`).join(' ');
  return (
    <figure className="an-chart">
      <figcaption>{t('an_chartTitle')}</figcaption>
      <svg
        viewBox={`0 0 ${w} ${h}`}
        role="img"
        aria-label={t('an_chartSummary', { list: series.map((p) => p.possible).join(', ') })}
        data-points={n}
      >
        <line x1={LEFT} y1={LINE_H} x2={w} y2={LINE_H} className="an-axis" />
        <text x={2} y={y(LOCATION_COUNT) + 4} className="an-tick">
          {LOCATION_COUNT}
        </text>
        <text x={2} y={LINE_H} className="an-tick">
          0
        </text>
        <polyline points={line} className="an-line" />
        {series.map((p, i) => (
          <g key={i} data-half={p.half} data-possible={p.possible}>
            {p.locations.map((loc) => (
              <rect
                key={loc}
                x={LEFT + i * COL + 1}
                y={gridTop + rowOf.get(loc)! * ROW}
                width={COL - 2}
                height={ROW - 1}
                className="an-possible"
              />
            ))}
            {p.truth !== null ? (
              <circle
                cx={x(i)}
                cy={gridTop + rowOf.get(p.truth)! * ROW + ROW / 2}
                r={2.4}
                className="an-truth"
                data-truth={p.truth}
              />
            ) : null}
            <circle cx={x(i)} cy={y(p.possible)} r={1.8} className="an-dot" />
            {i === 0 || series[i - 1]!.time !== p.time ? (
              <text x={x(i)} y={h - 3} className="an-tick" textAnchor="middle">
                {p.time}
              </text>
            ) : null}
          </g>
        ))}
        {/* a band of 6 rows is one row of the board (A..F): its number */}
        {[0, 6, 12, 18, 24, 30, 36].map((l) => (
          <text key={l} x={2} y={gridTop + l * ROW + 3 * ROW} className="an-tick">
            {label(l).slice(1)}
          </text>
        ))}
      </svg>
      <p className="muted an-legend">{t('an_chartLegend')}</p>
    </figure>
  );
}
