// Turns the server's `legal` list into clicks: which locations/edges are targets now, and the
// buttons of the action panel. No rules here: every choice offered is an element of `legal`.
// Issue 25, D12: a click on a choice sends it at once; what revealed nothing can be taken back
// with Undo (offered when `legal` holds `undo`). Only a misclick that is final and costly asks
// first, once: a capture, and ending the turn or activation with a main action left.
import { useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import {
  ACTION_DEFS,
  LOCATIONS,
  fieldNames,
  hasFeature,
  type Action,
  type ActionType,
  type AgentId,
  type Edge,
  type FeatureId,
  type FieldKind,
  type Loc,
  type View,
} from '@mindmgmt/engine';
import type { ClientAction } from '../api.js';
import { AgentIcon, FeatureIcon, MindSlipIcon } from '../ui/icons.js';
import { useI18n } from '../i18n/lookup.js';
import { RuleLinkFor } from '../rulebook/RuleLink.js';
import { Modal } from '../ui/Modal.js';
import { refusalText } from '../i18n/refusals.js';
import { refusalChapter } from '../rulebook/refusal-chapter.js';
import { rulingChapter, type ChapterId } from '../rulebook/chapters.js';
import { describeAction } from './describe.js';
import { asksFirst, BOARD_TOOLS, undoTrail } from './choices.js';
import { explainRefusal } from './explain.js';
import { ghostOf, type Ghost } from './ghost.js';

/** Fields picked by clicking a location (kinds `loc` and `locOrNull`). */
const LOC_FIELDS: ReadonlySet<string> = new Set(
  Object.values(ACTION_DEFS).flatMap((fields: Readonly<Record<string, FieldKind>>) =>
    Object.entries(fields)
      .filter(([, kind]) => kind === 'loc' || kind === 'locOrNull')
      .map(([name]) => name),
  ),
);
/** Changes each time a turn starts (a recruiter turn, an activation, a phase of setup): the board
 * tool goes back to the default then (issue 12 item 1: "Move an immortal" stayed selected). */
export function turnKey(view: View | null): string {
  if (!view) return '';
  let turns = 0;
  for (const e of view.log)
    if (e.pub.kind === 'recruiterTurnStarted' || e.pub.kind === 'agentActivated' || e.pub.kind === 'roundEnded')
      turns++;
  return `${view.phase}|${turns}|${view.expected.join(',')}`;
}

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
  /** The action awaiting its confirmation, drawn on the board. */
  ghost: Ghost | null;
  /** The board tool in use (tests and styling read it). */
  tool: ActionType | null;
  /** Returns true when the click was used by the current tool. */
  onLoc: (l: Loc) => boolean;
  onEdge: (e: Edge) => void;
  panel: ReactElement | null;
  /** The Undo bar (shown under the board while the engine offers `undo`, D12). */
  stageBar: ReactElement | null;
  /** Why the last click could not be used (one line, and the rulebook chapter of the engine's
   * rule when the engine said why), or null. */
  refusal: ClickRefusal | null;
  confirm: ReactElement | null;
}

export interface ClickRefusal {
  text: string;
  chapter: ChapterId | null;
}

export function useControls(view: View | null, legal: readonly Action[], act: (a: ClientAction) => void): Controls {
  const i18n = useI18n();
  const { t } = i18n;
  const [tool, setTool] = useState<ActionType | null>(null);
  const [partial, setPartial] = useState<Partial_>({});
  /** This seat's actions sent that can still be undone, latest last (the Undo bar names it). */
  const [trail, setTrail] = useState<readonly Action[]>([]);
  const lastSent = trail[trail.length - 1] ?? null;
  const [refusal, setRefusal] = useState<ClickRefusal | null>(null);
  const [asking, setAsking] = useState<{ text: string; action: Action } | null>(null);
  const [dolphin, setDolphin] = useState(false);
  const seq = view?.seq ?? -1;
  const key = turnKey(view);

  // a new position: forget half-made choices
  useEffect(() => {
    setPartial({});
    setAsking(null);
    setRefusal(null);
  }, [seq]);
  // a new turn: back to the default tool
  useEffect(() => {
    setTool(null);
  }, [key]);
  const canUndo = legal.some((a) => a.type === 'undo');
  const undoRef = useRef(canUndo);
  undoRef.current = canUndo;
  // nothing left to undo: forget what the Undo bar would name
  useEffect(() => {
    if (!undoRef.current) setTrail([]);
  }, [seq]);

  const types = useMemo(() => new Set(legal.map((a) => a.type)), [legal]);
  const boardTools = BOARD_TOOLS.filter((x) => types.has(x));
  const current: ActionType | null =
    tool && types.has(tool) && BOARD_TOOLS.includes(tool) ? tool : (boardTools[0] ?? null);

  /** Sends an action; a capture or an early end asks once first (`asksFirst`). */
  const send = (a: Action, ask = true) => {
    if (ask && asksFirst(a, legal)) {
      const text =
        a.type === 'capture'
          ? t('c_capture', { loc: label(view?.agents.find((g) => g.id === view.activation?.agent)?.at ?? 0) })
          : t(a.type === 'endTurn' ? 'u_endTurnLeft' : 'u_endActivationLeft');
      setAsking({ text, action: a });
      return;
    }
    setPartial({});
    setRefusal(null);
    setTrail((x) => undoTrail(x, a));
    // what was taken back may have been played with another tool (a mind slip, Dusty's move):
    // the default tool again, or the next click would go to the tool of the action undone
    if (a.type === 'undo') setTool(null);
    act(strip(a));
  };
  /** A click on a choice: sent at once (issue 25). */
  const plan = (a: Action) => send(a);

  const candidates = current
    ? legal.filter(
        (a) =>
          a.type === current && Object.entries(partial).every(([k, v]) => same((a as Record<string, unknown>)[k], v)),
      )
    : [];
  // the fields to pick, in order: the engine's one definition (ACTION_DEFS, issue 26 §1)
  const slots = current ? fieldNames(current) : [];
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

  const mover = view?.activation ? view.agents.find((g) => g.id === view.activation!.agent) : null;

  const targets = new Set<Loc>();
  let edgeTargets: Edge[] = [];
  // The engine lists every destination within the agent's 2 moves (R20): one `move` reaches it.
  if (effSlot === 'between') edgeTargets = effCands.map((a) => (a as Extract<Action, { type: 'placeMayhem' }>).between);
  else if (effSlot && LOC_FIELDS.has(effSlot))
    for (const a of effCands) {
      const v = (a as Record<string, unknown>)[effSlot];
      if (typeof v === 'number') targets.add(v);
    }

  const hintKey = (): 'pick_move' | 'pick_stepToken' | 'pick_from' | 'pick_between' | 'pick_to' | 'pick_at' =>
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

  const onLoc = (l: Loc): boolean => {
    if (!targets.has(l)) {
      if (!current || !effSlot || !LOC_FIELDS.has(effSlot) || !view) return false;
      // Not a legal choice. When the click completes an action, the engine in this page says why
      // (issue 26 item 4: nothing is sent to learn it); otherwise say what is wanted.
      const last = !slots.some((x) => x !== effSlot && !(x in effPartial));
      const seat = typeof view.viewer === 'number' ? view.viewer : 0;
      const why = last
        ? explainRefusal(view, { ...effPartial, type: current, seat, [effSlot]: l } as unknown as Action)
        : null;
      setRefusal(
        why
          ? { text: t('refused', { reason: refusalText(i18n, why) }), chapter: refusalChapter(why) }
          : { text: t('refuseNotChoice', { loc: label(l), hint: t(hintKey()) }), chapter: null },
      );
      return false;
    }
    const np = { ...effPartial, [effSlot!]: l };
    const rest = effCands.filter((a) => (a as Record<string, unknown>)[effSlot!] === l);
    const more = slots.find((x) => !(x in np));
    setRefusal(null);
    if (!more && rest.length >= 1) plan(rest[0]!);
    else setPartial(np);
    return true;
  };
  const onEdge = (e: Edge) => {
    const a = effCands.find((x) => x.type === 'placeMayhem' && same(x.between, e));
    if (a) plan(a);
  };

  const selectedLoc = (() => {
    const locs = Object.entries(partial).filter(([k]) => LOC_FIELDS.has(k));
    const last = locs[locs.length - 1];
    return last ? (last[1] as Loc) : null;
  })();

  const ghost = view && asking ? ghostOf(view, asking.action) : null;

  let panel: ReactElement | null = null;
  if (view && legal.length) {
    const by = <T extends ActionType>(ty: T) => legal.filter((a): a is Extract<Action, { type: T }> => a.type === ty);
    const rows: ReactElement[] = [];
    // cards
    const cards = by('chooseRecruiterCard');
    if (cards.length) rows.push(<RuleLinkFor key="card-rules" k="recruiterCard" />);
    for (const a of cards)
      rows.push(
        <button key={`card-${a.card}`} className="big" onClick={() => plan(a)}>
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
            <button key={a.agent} onClick={() => plan(a)} className="agentbtn">
              <AgentIcon a={a.agent} /> {t('t_activate', { agent: i18n.agent(a.agent) })}
            </button>
          ))}
          <RuleLinkFor k="t_activate" />
        </div>,
      );
    // board tools
    if (boardTools.length > 1 || (current && fieldNames(current).length > 1))
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
                setRefusal(null);
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
      const hint = hintKey();
      rows.push(
        <p key="hint" className="pick">
          {current === 'placeAgent' && typeof effPartial.agent === 'string'
            ? `${t('t_placeAgent', { agent: i18n.agent(effPartial.agent) })}${t('colon')}`
            : ''}
          {current === 'dustyMove' && typeof effPartial.agent === 'string'
            ? `${i18n.agent(effPartial.agent)}${t('colon')}`
            : ''}
          {t(hint)} <RuleLinkFor k={`t_${current}`} />
          {Object.keys(partial).length ? (
            <button className="link" onClick={() => setPartial({})}>
              {t('t_resetMove')}
            </button>
          ) : null}
        </p>,
      );
    }
    // answer "cannot place"
    for (const a of by('answerAsk'))
      if (a.at === null)
        rows.push(
          <div key="cannot" className="btnrow">
            <button onClick={() => plan(a)}>{t('t_cannotPlace')}</button>
            <RuleLinkFor k="t_cannotPlace" />
          </div>,
        );
    // ask (+ dolphin)
    const asks = by('ask');
    // R22: a feature shown where an immortal stands cannot be asked about. Those options stay on
    // screen, greyed, with the reason (only public facts: the agent's and the immortals' places).
    const blocked: { f: FeatureId; at: Loc }[] = [];
    // Only for the seat playing this activation: while the recruiter answers an Ask the activation
    // is still open, and the recruiter was shown the agents' greyed options.
    const ownActivation = view.phase === 'agentsTurn' && legal.some((a) => a.type === 'endActivation');
    if (ownActivation && view.activation && !view.activation.actionDone && mover?.at != null)
      for (const f of LOCATIONS[mover.at]!.features) {
        const imm = view.immortals.find((l) => hasFeature(l, f));
        if (imm !== undefined && !asks.some((a) => a.feature === f)) blocked.push({ f, at: imm });
      }
    if (asks.length || blocked.length) {
      const canDolphin = asks.some((a) => a.dolphin);
      const list = asks.filter((a) => a.dolphin === (canDolphin && dolphin));
      const why = (b: { f: FeatureId; at: Loc }) =>
        t('askBlocked', { immortal: t('immortal'), loc: label(b.at), feature: i18n.feature(b.f) });
      rows.push(
        <div key="ask" className="btnrow">
          {list.map((a) => (
            <button key={a.feature} data-cmd="ask" onClick={() => plan(a)}>
              <FeatureIcon f={a.feature} size={18} /> {t('t_ask', { feature: i18n.feature(a.feature) })}
            </button>
          ))}
          {blocked.map((b) => (
            <span key={b.f} className="blocked-option">
              <button
                aria-disabled="true"
                className="blocked"
                title={why(b)}
                onClick={() => setRefusal({ text: why(b), chapter: rulingChapter('R22') })}
              >
                <FeatureIcon f={b.f} size={18} /> {t('t_ask', { feature: i18n.feature(b.f) })}
              </button>
              <small>{why(b)}</small>
            </span>
          ))}
          {canDolphin ? (
            <label className="check">
              <input type="checkbox" checked={dolphin} onChange={(e) => setDolphin(e.target.checked)} />{' '}
              {t('t_withDolphin')}
            </label>
          ) : null}
          <RuleLinkFor k="t_ask" />
        </div>,
      );
    }
    const shakes = by('shakedown');
    if (shakes.length)
      rows.push(
        <fieldset key="shake" className="features">
          <legend>
            {t('t_shakedown')} <RuleLinkFor k="t_shakedown" />
          </legend>
          {shakes.map((a) => (
            <button
              key={a.feature}
              onClick={() => plan(a)}
              title={i18n.feature(a.feature)}
              aria-label={`${t('t_shakedown')}${t('colon')}${i18n.feature(a.feature)}`}
            >
              <FeatureIcon f={a.feature as FeatureId} size={22} />
              <span>{i18n.feature(a.feature)}</span>
            </button>
          ))}
        </fieldset>,
      );
    const simple: ActionType[] = ['reveal', 'scan', 'capture', 'endTurn', 'endActivation'];
    const simpleRow = simple.flatMap((ty) =>
      by(ty).flatMap((a) => [
        <button
          key={ty}
          className={ty === 'capture' ? 'danger' : ty.startsWith('end') ? 'primary' : ''}
          onClick={() => plan(a)}
        >
          {t(`t_${ty}` as 't_reveal')}
        </button>,
        ty.startsWith('end') ? null : <RuleLinkFor key={`${ty}-rules`} k={`t_${ty}`} />,
      ]),
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
    <Modal label={t('confirm')} onClose={() => setAsking(null)}>
      <p>{asking.text}</p>
      <div className="btnrow">
        <button
          className="primary"
          data-ask="confirm"
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
    </Modal>
  ) : null;

  const undo = legal.find((a) => a.type === 'undo');
  const stageBar =
    view && undo ? (
      <div className="stage-bar" role="region" aria-label={t('u_title')}>
        <span className="stage-what">
          {lastSent ? (
            <>
              <b>
                {t('u_done')}
                {t('colon')}
              </b>{' '}
              {describeAction(i18n, lastSent, view)}
            </>
          ) : null}
          <small>{t('u_note')}</small>
        </span>
        <span className="btnrow">
          <button data-testid="undo" onClick={() => send(undo)}>
            {t('u_undo')}
          </button>
        </span>
      </div>
    ) : null;

  return {
    targets,
    selected: selectedLoc,
    edgeTargets,
    ghost,
    tool: current,
    onLoc,
    onEdge,
    panel,
    stageBar,
    refusal,
    confirm,
  };
}
