// The interactive tutorial: a scripted Training Mission on the real engine, one rule per step.
// Each step waits for one exact click (a location on the board or a button) and refuses any
// other click with a one-line reason. Loaded on demand (main.tsx imports it dynamically).
import { useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { AGENTS, FEATURES, legalActions, LOCATIONS, view as viewOf, type Loc } from '@mindmgmt/engine';
import { Board } from '../table/Board.js';
import { eventText } from '../table/log.js';
import { AgentIcon, FeatureIcon } from '../ui/icons.js';
import { useI18n, type I18n } from '../i18n/lookup.js';
import { judge, positionAt, type Click } from './run.js';
import { RuleLink } from '../rulebook/RuleLink.js';
import { buttonsOf } from '../table/choices.js';
import { translatedRefusal } from '../i18n/refusals.js';
import { lessonChapter, SCRIPTS, type TutorialSide, type TutorialStep } from './script.js';
import { fill, TUTORIAL_STRINGS, type TutorialKey } from './strings.js';
import './tutorial.css';

function useText(i18n: I18n) {
  const d = TUTORIAL_STRINGS[i18n.lang];
  const names = (id: string): string | null =>
    (FEATURES as readonly string[]).includes(id)
      ? i18n.feature(id as 'bus')
      : (AGENTS as readonly string[]).includes(id)
        ? i18n.agent(id)
        : null;
  return (key: TutorialKey | string, params: Record<string, string | number> = {}): string =>
    fill((d as Record<string, string>)[key] ?? key, params, names);
}

const hour = (t: number) => `${String(t).padStart(2, '0')}:00`;

export default function Tutorial({ side }: { side: TutorialSide }): ReactElement {
  const i18n = useI18n();
  const tx = useText(i18n);
  const script = SCRIPTS[side];
  const total = script.steps.length;
  // The step survives a reload of the page (not a new visit: sessionStorage).
  const stored = `mm.tutorial.${side}`;
  const [index, setIndex] = useState(() => {
    const n = Number(sessionStorage.getItem(stored));
    return Number.isInteger(n) && n > 0 && n <= total ? n : 0;
  });
  const text = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    sessionStorage.setItem(stored, String(index));
    // A keyboard user whose button just went away continues from the new lesson text.
    if (document.activeElement === document.body) text.current?.focus();
  }, [stored, index]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const pos = useMemo(() => positionAt(script, index), [script, index]);
  const v = useMemo(() => viewOf(pos.state, script.seat), [pos, script.seat]);
  // What the last step did, both sides, as this seat may see it (the agents never see secrets).
  const happened = useMemo(() => {
    if (index === 0) return [];
    const before = viewOf(positionAt(script, index - 1).state, script.seat).log.length;
    return v.log.slice(before).filter((e) => e.pub.kind !== 'recruiterTurnStarted' && e.pub.kind !== 'activationEnded');
  }, [script, index, v]);
  const step: TutorialStep | null = script.steps[index] ?? null;
  const done = step === null;

  const buttonLabel = (id: string): string => {
    const [kind, arg = ''] = id.split(':');
    if (kind === 'activate') return tx('activate', { agent: i18n.agent(arg) });
    if (kind === 'ask') return tx('ask', { feature: i18n.feature(arg as 'bus') });
    // the table's own words for the table's own controls
    if (kind === 'undo') return i18n.t('u_undo');
    if (kind === 'confirm') return i18n.t('confirm');
    if (kind === 'endActivation') return i18n.t('t_endActivation');
    if (kind === 'endTurn') return i18n.t('t_endTurn');
    return tx(kind as TutorialKey);
  };
  const hint = (s: TutorialStep): string =>
    s.expect.kind === 'cell'
      ? tx('clickCell', { loc: LOCATIONS[s.expect.at]!.label })
      : tx('clickButton', { label: buttonLabel(s.expect.id) });

  const go = (to: number) => {
    setRefusal(null);
    setIndex(Math.max(0, Math.min(total, to)));
  };
  const click = (c: Click) => {
    if (!step) return;
    const verdict = judge(pos, step, c);
    if (verdict.ok) return go(index + 1);
    const h = hint(step);
    if (c.kind !== step.expect.kind) setRefusal(tx(c.kind === 'cell' ? 'refusedBoard' : 'refusedButton', { hint: h }));
    else if (verdict.why === 'notNow') setRefusal(tx('refusedNotNow', { hint: h }));
    else {
      // The engine's reason in the player's language; without a translation the rule-neutral line.
      const why = verdict.engine ? translatedRefusal(i18n, verdict.engine) : null;
      setRefusal(why ? tx('refusedIllegal', { reason: why }) : tx('refusedIllegalShort', { hint: h }));
    }
  };

  const target: Loc | null = step?.expect.kind === 'cell' ? step.expect.at : null;
  const targets = useMemo(() => new Set(target === null ? [] : [target]), [target]);
  // The table's buttons in this position: Undo, End activation and the rest appear as
  // they would at the table; a Next step only explains, a confirm step is the table's question.
  const legal = useMemo(() => legalActions(pos.state, script.seat, { undo: true }), [pos, script.seat]);
  const own = step?.expect.kind === 'button' && (step.expect.id === 'next' || step.expect.id === 'confirm');
  const buttons = !step ? [] : own && step.expect.kind === 'button' ? [step.expect.id] : buttonsOf(legal);
  const cards = v.recruiter?.cards.map((c) => c.feature) ?? [];
  const title = tx(side === 'recruiter' ? 'sideRecruiter' : 'sideAgents');

  return (
    <div className="tutorial" data-side={side} data-step={index} data-done={done ? 'yes' : 'no'}>
      <div className="tut-head">
        <h1>{title}</h1>
        <div className="tut-progress">
          <div
            className="tut-bar"
            role="progressbar"
            aria-label={title}
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={index}
            aria-valuetext={tx('progress', { n: Math.min(index + 1, total), total })}
          >
            <span style={{ width: `${(100 * index) / total}%` }} />
          </div>
          <span className="tut-count">{tx('progress', { n: Math.min(index + 1, total), total })}</span>
        </div>
        <div className="tut-nav">
          <button onClick={() => go(index - 1)} disabled={index === 0}>
            ← {tx('back')}
          </button>
          <button onClick={() => go(0)} disabled={index === 0}>
            ↺ {tx('restart')}
          </button>
          <a className="button" href="#/">
            {tx('exit')}
          </a>
        </div>
      </div>
      <div className="tut-body">
        <Board
          view={v}
          notes={pos.notes}
          path={v.recruiter?.path ?? null}
          circled={cards}
          targets={targets}
          onLoc={(at) => click({ kind: 'cell', at })}
          label={title}
        />
        <section className="tut-panel" aria-label={title}>
          <p className="tut-text" aria-live="polite" data-key={step?.key ?? 'done'} tabIndex={-1} ref={text}>
            {step
              ? tx(step.key)
              : [
                  tx(side === 'recruiter' ? 'doneRecruiter' : 'doneAgents'),
                  tx('playSolo', { solo: i18n.t('playSolo') }),
                ].join(i18n.lang === 'en' ? ' ' : '')}
          </p>
          {step && lessonChapter(step.key) ? (
            <p className="tut-rule">
              <RuleLink chapter={lessonChapter(step.key)!} />
            </p>
          ) : null}
          {buttons.length ? (
            <div className="btnrow tut-buttons">
              {buttons.map((id) => (
                <button
                  key={id}
                  data-id={id}
                  className={step?.expect.kind === 'button' && step.expect.id === id ? 'primary expected' : ''}
                  onClick={() => click({ kind: 'button', id })}
                >
                  {id.startsWith('activate:') ? <AgentIcon a={id.slice(9) as 'meru'} size={18} /> : null}
                  {id.startsWith('ask:') ? <FeatureIcon f={id.slice(4) as 'bus'} size={18} /> : null}
                  {buttonLabel(id)}
                </button>
              ))}
            </div>
          ) : null}
          {done ? (
            <div className="btnrow tut-buttons">
              <button className="primary" onClick={() => go(0)}>
                ↺ {tx('restart')}
              </button>
              <a className="button" href="#/">
                {tx('exit')}
              </a>
            </div>
          ) : null}
          <p className="tut-refusal" role="alert">
            {refusal ?? ''}
          </p>
          {happened.length ? (
            <div className="tut-happened">
              <h2>{tx('happened')}</h2>
              <ul>
                {happened.map((e, i) => (
                  <li key={i}>{eventText(i18n, e)}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="tut-status">
            <p>{v.time > 5 ? tx('time', { time: hour(v.time) }) : tx('timeSetup')}</p>
            <p>{tx('recruits', { n: v.recruits.total, max: v.recruitsToWin })}</p>
            {cards.length ? (
              <div className="tut-cards">
                <h2>{tx(script.seat === 0 ? 'yourCards' : 'theirCards')}</h2>
                <p>
                  {cards.map((f) => (
                    <span key={f} className="tut-card">
                      <FeatureIcon f={f} size={20} /> {i18n.feature(f)}
                    </span>
                  ))}
                </p>
              </div>
            ) : null}
          </div>
          <TimeStrip time={v.time} final={v.finalTime} />
        </section>
      </div>
    </div>
  );
}

/** The time track from 06:00 to the last hour; red alert spaces (odd hours, R10) marked. */
function TimeStrip({ time, final }: { time: number; final: number }) {
  const hours = Array.from({ length: final - 5 }, (_, i) => i + 6);
  return (
    <ol className="tut-time" aria-hidden="true">
      {hours.map((h) => (
        <li key={h} className={[h % 2 === 1 ? 'alert' : '', h === time ? 'now' : ''].join(' ')}>
          {h}
        </li>
      ))}
    </ol>
  );
}
