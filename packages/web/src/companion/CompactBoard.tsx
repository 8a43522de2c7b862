// The companion's compact input: a phone-portrait board of 42 large cells, the agents
// and the action buttons; each legal action of the agent seat is one or two taps (entry.ts), sent
// at once when its taps are complete. The engine's legal actions decide what is offered.
import { useMemo, useState, type ReactElement } from 'react';
import { LOCATIONS, type Action, type View } from '@mindmgmt/engine';
import { useI18n, type I18n, type StringKey } from '../i18n/lookup.js';
import { entriesOf, next, type Tap } from './entry.js';

const ACT_LABEL: Readonly<Record<string, StringKey>> = {
  ask: 'cp_ask',
  askDolphin: 'cp_askDolphin',
  reveal: 't_reveal',
  shakedown: 't_shakedown',
  capture: 't_capture',
  scan: 't_scan',
  push: 't_push',
  nudge: 't_nudge',
  dustyMove: 't_dustyMove',
  move: 't_move',
  endActivation: 't_endActivation',
  placeAgent: 't_placeAgentTool',
  placeMayhem: 't_placeMayhem',
  placeMindSlip: 't_placeMindSlip',
  undo: 'cp_undoEntry',
};

function tapLabel(i18n: I18n, tap: Tap): string {
  const [kind, v = ''] = tap.split(':') as [string, string];
  if (kind === 'agent') return i18n.agent(v);
  if (kind === 'feature') return i18n.feature(v as 'pool');
  if (kind === 'loc') return LOCATIONS[Number(v)]?.label ?? v;
  const key = ACT_LABEL[v];
  return key ? i18n.t(key) : v;
}

/** The compact board; `view` marks where the agents (their initial) and immortals (◆) stand, so
 * the player finds their own board's position at a glance. */
export function CompactBoard({
  legal,
  view,
  onAction,
}: {
  legal: readonly Action[];
  view: View;
  onAction: (a: Action) => void;
}) {
  const i18n = useI18n();
  const entries = useMemo(() => entriesOf(legal), [legal]);
  const [prefix, setPrefix] = useState<readonly Tap[]>([]);
  // a new set of legal actions starts a new entry
  const [seen, setSeen] = useState(legal);
  if (seen !== legal) {
    setSeen(legal);
    setPrefix([]);
  }
  const { taps } = next(entries, prefix);
  const tap = (t: Tap) => {
    const p = [...prefix, t];
    const r = next(entries, p);
    if (r.done && r.taps.size === 0) {
      setPrefix([]);
      onAction(r.done);
    } else setPrefix(p);
  };
  const offered = [...taps];
  const agents = offered.filter((t) => t.startsWith('agent:'));
  const acts = offered.filter((t) => t.startsWith('act:') && t !== 'act:undo');
  const features = offered.filter((t) => t.startsWith('feature:') || t.startsWith('token:') || t.startsWith('bool:'));
  const button = (t: Tap, cls = ''): ReactElement => (
    <button key={t} type="button" className={`cp-tap ${cls}`} data-tap={t} onClick={() => tap(t)}>
      {tapLabel(i18n, t)}
    </button>
  );
  return (
    <div className="cp-input">
      {prefix.length ? (
        <p className="cp-picked" data-testid="cp-picked">
          {prefix.map((t) => tapLabel(i18n, t)).join(' → ')}{' '}
          <button type="button" className="cp-tap cp-back" onClick={() => setPrefix(prefix.slice(0, -1))}>
            ←
          </button>
        </p>
      ) : null}
      {agents.length ? <div className="cp-row">{agents.map((t) => button(t))}</div> : null}
      {/* the buttons before the 42 cells: under them they were below the fold on a phone */}
      {features.length ? <div className="cp-row cp-features">{features.map((t) => button(t))}</div> : null}
      {acts.length ? <div className="cp-row">{acts.map((t) => button(t))}</div> : null}
      {taps.has('act:undo') && !prefix.length ? <div className="cp-row">{button('act:undo', 'cp-undo')}</div> : null}
      <div className="cp-grid" role="group" aria-label={i18n.t('cp_board')}>
        {LOCATIONS.map((l) => {
          const t = `loc:${l.id}`;
          const on = taps.has(t);
          return (
            <button
              key={l.id}
              type="button"
              className={`cp-cell${on ? ' on' : ''}`}
              data-tap={t}
              disabled={!on}
              onClick={() => tap(t)}
            >
              {l.label}
              <small className="cp-marks">
                {view.agents.flatMap((a) => (a.at === l.id ? [i18n.agent(a.id).slice(0, 1)] : [])).join('')}
                {view.immortals.includes(l.id) ? '◆' : ''}
              </small>
            </button>
          );
        })}
      </div>
    </div>
  );
}
