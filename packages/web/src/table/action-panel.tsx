// The action panel: a button for every choice `legal` offers that is not picked on the board (a
// recruiter card, an agent to activate, the board tools, a field's options, Ask, Shakedown, the
// simple actions), and the hint for what the board picks next. Every button plays an element of
// `legal`, so no rule lives here; an Ask the rules forbid (R22) stays on screen, greyed, with why.
import type { ReactElement } from 'react';
import {
  LOCATIONS,
  fieldNames,
  hasFeature,
  type Action,
  type ActionType,
  type AgentId,
  type FeatureId,
  type Loc,
  type View,
} from '@mindmgmt/engine';
import type { I18n } from '../i18n/lookup.js';
import { rulingChapter } from '../rulebook/chapters.js';
import { RuleLinkFor } from '../rulebook/RuleLink.js';
import { AgentIcon, FeatureIcon, MindSlipIcon } from '../ui/icons.js';
import { hintKey, label, same, type ClickRefusal, type Partial_, type Pick } from './pick.js';

export interface PanelInput {
  view: View;
  legal: readonly Action[];
  i18n: I18n;
  pick: Pick;
  /** The fields the player picked (without the buttons' defaults). */
  partial: Partial_;
  /** Whether the Ask buttons ask with the dolphin. */
  dolphin: boolean;
  plan: (a: Action) => void;
  chooseTool: (tool: ActionType) => void;
  setPartial: (p: Partial_) => void;
  setDolphin: (on: boolean) => void;
  refuse: (r: ClickRefusal) => void;
}

export function actionPanel(p: PanelInput): ReactElement {
  const { view, legal, i18n, partial, dolphin, plan, chooseTool, setPartial, setDolphin, refuse } = p;
  const { t } = i18n;
  const { boardTools, current, slots, effPartial, effSlot, buttonSlots } = p.pick;
  const mover = view.activation ? view.agents.find((g) => g.id === view.activation!.agent) : null;
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
              chooseTool(x);
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
    const hint = hintKey(current, effSlot);
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
              onClick={() => refuse({ text: why(b), chapter: rulingChapter('R22') })}
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
  return <div className="controls">{rows}</div>;
}
