// The time track: 01:00-05:00, then 06..16; red alert spaces; Training covers 15 and 16.
import type { View } from '@mindmgmt/engine';
import { ImmortalToken, MindSlipToken } from '../ui/icons.js';
import { useI18n } from '../i18n/lookup.js';
import { RuleLink } from '../rulebook/RuleLink.js';

const SPACES = [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];
const W = 50;

export function TimeTrack({ view }: { view: View }) {
  const { t } = useI18n();
  const revealed = new Map<number, number>();
  for (const r of view.recruits.revealed) revealed.set(r.time, (revealed.get(r.time) ?? 0) + r.count);
  const covered = (s: number) => s > view.finalTime;
  const now = Math.max(5, view.time);
  const started = view.time >= 5;
  return (
    <figure className="track" aria-label={t('timeTrack')}>
      <svg
        viewBox={`0 0 ${SPACES.length * W} 66`}
        role="img"
        aria-label={`${t('timeTrack')}${t('colon')}${t('time')} ${view.time}`}
      >
        {SPACES.map((s, i) => {
          const x = i * W;
          const alert = s > 5 && s % 2 === 1;
          const cov = covered(s);
          const count = revealed.get(s);
          const imm = view.recruits.immortal.filter((r) => r.time === s).length;
          const slips = [view.mindSlips.firstUsedAt, view.mindSlips.secondUsedAt].filter((u) => u === s).length;
          const isNow = started && s === now;
          return (
            <g
              key={s}
              transform={`translate(${x} 0)`}
              className={`space${alert ? ' alert' : ''}${cov ? ' covered' : ''}${isNow ? ' now' : ''}`}
            >
              <rect
                x="1.5"
                y="1.5"
                width={W - 3}
                height="63"
                rx="5"
                fill={cov ? '#868e96' : alert ? '#ffe3e3' : '#fff'}
                stroke={alert ? '#e03131' : '#adb5bd'}
                strokeWidth="2"
              />
              <text
                x={W / 2}
                y="15"
                textAnchor="middle"
                fontSize={s === 5 ? 10 : 13}
                fontWeight="700"
                fill={cov ? '#dee2e6' : alert ? '#c92a2a' : '#343a40'}
              >
                {s === 5 ? '01–05' : String(s).padStart(2, '0')}
              </text>
              {cov ? <path d={`M6 22 L${W - 6} 58 M${W - 6} 22 L6 58`} stroke="#dee2e6" strokeWidth="2" /> : null}
              {count !== undefined ? (
                <g>
                  <circle cx={W / 2} cy="36" r="11" fill="#364fc7" />
                  <text x={W / 2} y="41" textAnchor="middle" fill="#fff" fontSize="14" fontWeight="700">
                    {count}
                  </text>
                </g>
              ) : null}
              {slips ? <MindSlipToken x={W - 11} y={55} r={7} /> : null}
              {imm ? (
                <g>
                  <ImmortalToken x={11} y={54} s={15} />
                  {imm > 1 ? (
                    <text x="20" y="62" fontSize="10">
                      ×{imm}
                    </text>
                  ) : null}
                </g>
              ) : null}
              {isNow ? (
                <rect x="0" y="0" width={W} height="66" rx="6" fill="none" stroke="#212529" strokeWidth="4" />
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption>
        {t('recruitsTotal', { n: view.recruits.total, max: view.recruitsToWin })} · {t('time')}{' '}
        {view.time >= 5 ? `${String(view.time).padStart(2, '0')}:00` : '—'}{' '}
        {/* the time track and the red alerts are explained with the recruiter's turn */}
        <RuleLink chapter="recruiter-turn" />
      </figcaption>
    </figure>
  );
}
