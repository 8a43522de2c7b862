// Turns the server's `legal` list into clicks: which locations/edges are targets now, and the
// buttons of the action panel. No rules here: every choice offered is an element of `legal`
// (the one exception is the client-side 2-location move plan, sent as two legal single moves).
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import {
  LOCATIONS,
  type Action,
  type ActionType,
  type AgentId,
  type Edge,
  type FeatureId,
  type Loc,
  type View,
} from '@mindmgmt/engine';
import type { ClientAction } from './api.js';
import { AgentIcon, FeatureIcon, MindSlipIcon } from './icons.js';
import { useI18n } from './i18n.js';

const SLOTS: Partial<Record<ActionType, string[]>> = {
  placeMayhem: ['between'],
  chooseStart: ['at'],
  placeImmortal: ['at'],
  placeAgent: ['agent', 'at'],
  placeMindSlip: ['at'],
  step: ['to'],
  mindSlip: ['token', 'to'],
  moveImmortal: ['from', 'to'],
  extraImmortalMove: ['stepToken', 'from', 'to'],
  answerAsk: ['at'],
  push: ['to'],
  nudge: ['from', 'to'],
  dustyMove: ['agent', 'to'],
  move: ['to'],
};
const LOC_FIELDS = new Set(['at', 'to', 'from', 'stepToken']);
/** Board tools in the order they are offered (the first available is the default). */
const BOARD_TOOLS: ActionType[] = [
  'answerAsk',
  'placeMayhem',
  'chooseStart',
  'step',
  'placeImmortal',
  'placeAgent',
  'placeMindSlip',
  'push',
  'move',
  'mindSlip',
  'moveImmortal',
  'extraImmortalMove',
  'nudge',
  'dustyMove',
];
const CONFIRM: ReadonlySet<ActionType> = new Set(['capture', 'mindSlip', 'endActivation']);

type Partial_ = Record<string, unknown>;
const label = (l: Loc) => LOCATIONS[l]!.label;
const strip = (a: Action): ClientAction => {
  const { seat: _seat, ...rest } = a;
  return rest as ClientAction;
};
const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);

export interface Controls {
  targets: Set<Loc>;
  selected: Loc | null;
  edgeTargets: Edge[];
  planned: { agent: string; to: Loc; via: Loc | null; from: Loc } | null;
  /** Returns true when the click was used by the current tool. */
  onLoc: (l: Loc) => boolean;
  onEdge: (e: Edge) => void;
  panel: ReactElement | null;
  confirm: ReactElement | null;
}

export function useControls(view: View | null, legal: readonly Action[], act: (a: ClientAction) => void): Controls {
  const i18n = useI18n();
  const { t } = i18n;
  const [tool, setTool] = useState<ActionType | null>(null);
  const [partial, setPartial] = useState<Partial_>({});
  const [plan, setPlan] = useState<{ to: Loc; via: Loc | null } | null>(null);
  const [asking, setAsking] = useState<{ text: string; action: Action } | null>(null);
  const [dolphin, setDolphin] = useState(false);
  const seq = view?.seq ?? -1;

  // a new position: forget half-made choices
  useEffect(() => {
    setPartial({});
    setAsking(null);
    setPlan(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seq]);

  const types = useMemo(() => new Set(legal.map((a) => a.type)), [legal]);
  const boardTools = BOARD_TOOLS.filter((x) => types.has(x));
  const current: ActionType | null = tool && types.has(tool) && SLOTS[tool] ? tool : (boardTools[0] ?? null);

  const send = (a: Action, ask = true) => {
    if (ask && CONFIRM.has(a.type)) {
      let text = '';
      if (a.type === 'capture')
        text = t('c_capture', { loc: label(view?.agents.find((g) => g.id === view.activation?.agent)?.at ?? 0) });
      if (a.type === 'mindSlip') text = t('c_mindSlip', { n: a.token, loc: label(a.to) });
      if (a.type === 'endActivation') text = t('c_endActivation', { agent: i18n.agent(view?.activation?.agent ?? '') });
      setAsking({ text, action: a });
      return;
    }
    setPartial({});
    setPlan(null);
    act(strip(a));
  };

  const candidates = current
    ? legal.filter(
        (a) =>
          a.type === current && Object.entries(partial).every(([k, v]) => same((a as Record<string, unknown>)[k], v)),
      )
    : [];
  const slots = current ? (SLOTS[current] ?? []) : [];
  const nextSlot = slots.find((s) => !(s in partial));
  // non-location slots are chosen with buttons; pick the first option by default
  let effPartial = partial;
  let effSlot = nextSlot;
  let effCands = candidates;
  const buttonSlots: { slot: string; values: unknown[]; chosen: unknown }[] = [];
  while (effSlot && !LOC_FIELDS.has(effSlot) && effSlot !== 'between') {
    const vals = (() => {
      const out: unknown[] = [];
      for (const a of effCands) {
        const v = (a as Record<string, unknown>)[effSlot!];
        if (!out.some((o) => same(o, v))) out.push(v);
      }
      return out;
    })();
    const chosen = vals[0];
    buttonSlots.push({ slot: effSlot, values: vals, chosen });
    effPartial = { ...effPartial, [effSlot]: chosen };
    const s = effSlot;
    effCands = effCands.filter((a) => same((a as Record<string, unknown>)[s], chosen));
    effSlot = slots.find((x) => !(x in effPartial));
  }

  // the agent's move plan (up to 2 locations), kept client-side until confirmed
  const mover = view?.activation ? view.agents.find((g) => g.id === view.activation!.agent) : null;
  const moveDest = new Map<Loc, Loc | null>();
  if (current === 'move' && mover && mover.at !== null) {
    const one = legal.filter((a): a is Extract<Action, { type: 'move' }> => a.type === 'move').map((a) => a.to);
    // The engine lists every destination within the agent's 2 moves (R20): one `move` reaches it.
    for (const l of one) moveDest.set(l, null);
  }

  const targets = new Set<Loc>();
  let edgeTargets: Edge[] = [];
  if (current === 'move') for (const l of moveDest.keys()) targets.add(l);
  else if (effSlot === 'between')
    edgeTargets = effCands.map((a) => (a as Extract<Action, { type: 'placeMayhem' }>).between);
  else if (effSlot && LOC_FIELDS.has(effSlot))
    for (const a of effCands) {
      const v = (a as Record<string, unknown>)[effSlot];
      if (typeof v === 'number') targets.add(v);
    }

  const onLoc = (l: Loc): boolean => {
    if (!targets.has(l)) return false;
    if (current === 'move') {
      setPlan({ to: l, via: moveDest.get(l) ?? null });
      return true;
    }
    const np = { ...effPartial, [effSlot!]: l };
    const rest = effCands.filter((a) => (a as Record<string, unknown>)[effSlot!] === l);
    const more = slots.find((x) => !(x in np));
    if (!more && rest.length >= 1) send(rest[0]!);
    else setPartial(np);
    return true;
  };
  const onEdge = (e: Edge) => {
    const a = effCands.find((x) => x.type === 'placeMayhem' && same(x.between, e));
    if (a) send(a);
  };

  const selectedLoc = (() => {
    const locs = Object.entries(partial).filter(([k]) => LOC_FIELDS.has(k));
    const last = locs[locs.length - 1];
    return last ? (last[1] as Loc) : null;
  })();

  const planned =
    plan && mover && mover.at !== null ? { agent: mover.id, to: plan.to, via: plan.via, from: mover.at } : null;

  let panel: ReactElement | null = null;
  if (view && legal.length) {
    const by = <T extends ActionType>(ty: T) => legal.filter((a): a is Extract<Action, { type: T }> => a.type === ty);
    const rows: ReactElement[] = [];
    // cards
    for (const a of by('chooseRecruiterCard'))
      rows.push(
        <button key={`card-${a.card}`} className="big" onClick={() => send(a)}>
          <b>{t(`card_${a.card}`)}</b>
          <small>{t(`cardPower_${a.card}`)}</small>
        </button>,
      );
    // activation
    const activations = by('activate');
    if (activations.length)
      rows.push(
        <div key="act" className="btnrow">
          {activations.map((a) => (
            <button key={a.agent} onClick={() => send(a)} className="agentbtn">
              <AgentIcon a={a.agent} /> {t('t_activate', { agent: i18n.agent(a.agent) })}
            </button>
          ))}
        </div>,
      );
    // board tools
    if (boardTools.length > 1 || (current && (SLOTS[current]?.length ?? 0) > 1))
      rows.push(
        <div key="tools" className="tools" role="toolbar">
          {boardTools.map((x) => (
            <button
              key={x}
              aria-pressed={current === x}
              className={current === x ? 'on' : ''}
              onClick={() => {
                setTool(x);
                setPartial({});
                setPlan(null);
              }}
            >
              {x === 'mindSlip' ? <MindSlipIcon size={16} /> : null}{' '}
              {t(x === 'placeAgent' ? 't_placeAgentTool' : (`t_${x}` as 't_step'))}
            </button>
          ))}
        </div>,
      );
    for (const b of buttonSlots)
      if (b.values.length > 1)
        rows.push(
          <div key={`slot-${b.slot}`} className="btnrow">
            {b.values.map((v) => (
              <button
                key={String(v)}
                aria-pressed={same(v, b.chosen)}
                className={same(v, b.chosen) ? 'on' : ''}
                onClick={() => {
                  const keep: Partial_ = {};
                  for (const s of slots) {
                    if (s === b.slot) break;
                    if (s in effPartial) keep[s] = effPartial[s];
                  }
                  setPartial({ ...keep, [b.slot]: v });
                }}
              >
                {b.slot === 'agent' ? <AgentIcon a={v as AgentId} size={18} /> : null}
                {b.slot === 'agent'
                  ? i18n.agent(String(v))
                  : b.slot === 'token'
                    ? t('t_token', { n: String(v) })
                    : String(v)}
              </button>
            ))}
          </div>,
        );
    if (current) {
      const hint =
        current === 'move'
          ? 'pick_move'
          : effSlot === 'stepToken'
            ? 'pick_stepToken'
            : effSlot === 'from'
              ? 'pick_from'
              : effSlot === 'between'
                ? 'pick_between'
                : effSlot === 'to'
                  ? 'pick_to'
                  : 'pick_at';
      rows.push(
        <p key="hint" className="pick">
          {current === 'placeAgent' && typeof effPartial.agent === 'string'
            ? `${t('t_placeAgent', { agent: i18n.agent(effPartial.agent) })}: `
            : ''}
          {current === 'dustyMove' && typeof effPartial.agent === 'string' ? `${i18n.agent(effPartial.agent)}: ` : ''}
          {t(hint)}
          {Object.keys(partial).length ? (
            <button className="link" onClick={() => setPartial({})}>
              {t('t_resetMove')}
            </button>
          ) : null}
        </p>,
      );
    }
    if (planned)
      rows.push(
        <div key="plan" className="btnrow plan">
          <span>{t('t_plannedMove', { agent: i18n.agent(planned.agent), loc: label(planned.to) })}</span>
          <button
            className="primary"
            onClick={() => {
              const a = legal.find((x) => x.type === 'move' && x.to === planned.to);
              if (a) act(strip(a));
            }}
          >
            {t('t_confirmMove', { loc: label(planned.to) })}
          </button>
          <button onClick={() => setPlan(null)}>{t('t_resetMove')}</button>
        </div>,
      );
    // answer "cannot place"
    for (const a of by('answerAsk'))
      if (a.at === null)
        rows.push(
          <button key="cannot" onClick={() => send(a)}>
            {t('t_cannotPlace')}
          </button>,
        );
    // ask (+ dolphin)
    const asks = by('ask');
    if (asks.length) {
      const canDolphin = asks.some((a) => a.dolphin);
      const list = asks.filter((a) => a.dolphin === (canDolphin && dolphin));
      rows.push(
        <div key="ask" className="btnrow">
          {list.map((a) => (
            <button key={a.feature} onClick={() => send(a)}>
              <FeatureIcon f={a.feature} size={18} /> {t('t_ask', { feature: i18n.feature(a.feature) })}
            </button>
          ))}
          {canDolphin ? (
            <label className="check">
              <input type="checkbox" checked={dolphin} onChange={(e) => setDolphin(e.target.checked)} />{' '}
              {t('t_withDolphin')}
            </label>
          ) : null}
        </div>,
      );
    }
    const shakes = by('shakedown');
    if (shakes.length)
      rows.push(
        <fieldset key="shake" className="features">
          <legend>{t('t_shakedown')}</legend>
          {shakes.map((a) => (
            <button
              key={a.feature}
              onClick={() => send(a)}
              title={i18n.feature(a.feature)}
              aria-label={`${t('t_shakedown')}: ${i18n.feature(a.feature)}`}
            >
              <FeatureIcon f={a.feature as FeatureId} size={22} />
              <span>{i18n.feature(a.feature)}</span>
            </button>
          ))}
        </fieldset>,
      );
    const simple: ActionType[] = ['reveal', 'scan', 'capture', 'endTurn', 'endActivation'];
    const simpleRow = simple.flatMap((ty) =>
      by(ty).map((a) => (
        <button
          key={ty}
          className={ty === 'capture' ? 'danger' : ty.startsWith('end') ? 'primary' : ''}
          onClick={() => send(a)}
        >
          {t(`t_${ty}` as 't_reveal')}
        </button>
      )),
    );
    if (simpleRow.length)
      rows.push(
        <div key="simple" className="btnrow">
          {simpleRow}
        </div>,
      );
    panel = <div className="controls">{rows}</div>;
  }

  const confirm = asking ? (
    <div className="modal" role="dialog" aria-modal="true" aria-label={t('confirm')}>
      <div className="modal-box">
        <p>{asking.text}</p>
        <div className="btnrow">
          <button
            className="primary"
            autoFocus
            onClick={() => {
              const a = asking.action;
              setAsking(null);
              send(a, false);
            }}
          >
            {t('confirm')}
          </button>
          <button onClick={() => setAsking(null)}>{t('cancel')}</button>
        </div>
      </div>
    </div>
  ) : null;

  return { targets, selected: selectedLoc, edgeTargets, planned, onLoc, onEdge, panel, confirm };
}
