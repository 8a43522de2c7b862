// The form that opens a table for people (and bots): its options, who plays at each place, and
// whether it is listed for others to join.
import { useEffect, useRef, useState } from 'react';
import type { BotLevel } from '@mindmgmt/table';
import type { CreateOptions } from '../net/http.js';
import { useI18n } from '../i18n/lookup.js';
import { defaultAssistant, type AssistantMode } from '../table/assistant.js';
import { TIME_CHOICES, timeValue } from '../table/time-control.js';
import { createAndOpen } from './create.js';
import { SeatChoice, StandInChoice } from './LevelChoice.js';
import { RatedChoice } from './RatedChoice.js';
import { storedTitle } from './table-title.js';
import { AssistantChoice, ModeChoice, type FormProps } from './TableChoices.js';
import { TITLE_MAX } from '@mindmgmt/table';

export function CreateForm({ me, busy, run, error }: FormProps) {
  const { t } = useI18n();
  // every table may be casual; rated stays the default, as on the server
  const [rated, setRated] = useState(true);
  const [o, setO] = useState<CreateOptions>({
    name: t('defaultGameName'),
    mode: 'training',
    volunteer: false,
    recruiterCard: 'random',
    recruiterChoice: 'host',
    players: 2,
    bots: {},
    turnTimerSec: null,
    assistant: 'off',
  });
  // An untouched table name is the default of the language shown: it follows a language change
  // (it stayed in the language the page was loaded in).
  const defaultName = t('defaultGameName');
  const shownDefault = useRef(defaultName);
  useEffect(() => {
    const before = shownDefault.current;
    shownDefault.current = defaultName;
    setO((x) => (x.name === before ? { ...x, name: defaultName } : x));
  }, [defaultName]);
  // null: the default for the number of people at the table (off between people, on alone)
  const [assistant, setAssistant] = useState<AssistantMode | null>(null);
  const humans = Array.from({ length: o.players }, (_, i) => String(i + 1)).filter((k) => !o.bots[k]).length;
  const assist = assistant ?? defaultAssistant(humans);
  // null: the default, listed when people play each other
  const [listed, setListed] = useState<boolean | null>(null);
  const list = listed ?? humans > 1;
  const places = Array.from({ length: o.players }, (_, i) => i + 1);
  return (
    <section className="panel create">
      <h2>{t('createGame')}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const bots: Record<string, BotLevel> = {};
          for (const [k, v] of Object.entries(o.bots)) if (Number(k) <= o.players) bots[k] = v;
          run(() =>
            createAndOpen(
              {
                ...o,
                name: me,
                title: o.name === defaultName ? storedTitle({ kind: 'default' }) : o.name,
                bots,
                assistant: assist,
                listed: list,
                rated,
              },
              me,
              false,
            ),
          );
        }}
      >
        <div className="form-grid">
          <label>
            {t('gameName')}{' '}
            <input
              name="gameName"
              value={o.name}
              onChange={(e) => setO({ ...o, name: e.target.value })}
              maxLength={TITLE_MAX}
            />
          </label>
          <ModeChoice name="mode" value={o.mode} onChange={(mode) => setO({ ...o, mode })} />
          <label>
            {t('recruiterCard')}
            <select
              name="recruiterCard"
              value={o.recruiterCard}
              onChange={(e) => setO({ ...o, recruiterCard: e.target.value as 'random' })}
            >
              <option value="random">{t('rcRandom')}</option>
              <option value="choose">{t('rcChoose')}</option>
              <option value="carl">{t('card_carl')}</option>
              <option value="girl">{t('card_girl')}</option>
            </select>
          </label>
          <label>
            {t('recruiterChoice')}
            <select
              name="recruiterChoice"
              value={o.recruiterChoice}
              onChange={(e) => setO({ ...o, recruiterChoice: e.target.value as 'host' })}
            >
              <option value="host">{t('chHost')}</option>
              <option value="random">{t('chRandom')}</option>
              <option value="volunteer">{t('chVolunteer')}</option>
              <option value="random-experienced">{t('chExperienced')}</option>
            </select>
          </label>
          <label>
            {t('players')}
            <select name="players" value={o.players} onChange={(e) => setO({ ...o, players: Number(e.target.value) })}>
              {[1, 2, 3, 4, 5].map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('tc_label')}
            <select
              name="timer"
              value={timeValue(o)}
              onChange={(e) => setO({ ...o, ...TIME_CHOICES[e.target.value]!.options })}
            >
              {Object.entries(TIME_CHOICES).map(([k, c]) => (
                <option key={k} value={k}>
                  {c.label(t)}
                </option>
              ))}
            </select>
          </label>
          {timeValue(o) !== 'off' && o.players > 1 ? (
            <StandInChoice value={o.standInLevel ?? 'hard'} onChange={(standInLevel) => setO({ ...o, standInLevel })} />
          ) : null}
          {o.players > 1 ? (
            <label>
              {t('fr_min')}
              <select
                name="minFinishRate"
                value={o.minFinishRate ?? 0}
                onChange={(e) => {
                  const v = Number(e.target.value);
                  const { minFinishRate: _old, ...rest } = o;
                  setO(v ? { ...rest, minFinishRate: v } : rest);
                }}
              >
                {[0, 50, 70, 80, 90].map((v) => (
                  <option key={v} value={v}>
                    {v ? `≥ ${v}%` : t('fr_any')}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {o.recruiterChoice === 'volunteer' ? (
            <label className="check">
              <input
                type="checkbox"
                checked={!!o.volunteer}
                onChange={(e) => setO({ ...o, volunteer: e.target.checked })}
              />{' '}
              {t('volunteer')}
            </label>
          ) : null}
          <AssistantChoice name="assistant" value={assist} onChange={setAssistant} />
          <RatedChoice name="rated" rated={rated} onChange={setRated} />
        </div>
        <label className="check">
          <input type="checkbox" name="listed" checked={list} onChange={(e) => setListed(e.target.checked)} />{' '}
          {t('listTable')}
        </label>
        <fieldset className="places">
          <legend>{t('players')}</legend>
          {places.map((pl) => (
            <label key={pl}>
              {t('placeN', { n: pl })}
              {pl === 1 ? (
                <span className="muted">
                  {' '}
                  — {me} ({t('host')})
                </span>
              ) : (
                <SeatChoice
                  name={`place${pl}`}
                  value={o.bots[pl] ?? 'human'}
                  onChange={(v) => {
                    const bots = { ...o.bots };
                    if (v === 'human') delete bots[pl];
                    else bots[pl] = v;
                    setO({ ...o, bots });
                  }}
                />
              )}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="primary" disabled={busy}>
          {t('create')}
        </button>
        {error}
      </form>
    </section>
  );
}
