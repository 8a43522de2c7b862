// One location looked at: its features, what stands there, and an agent's mental note on it.
import { useEffect, useState } from 'react';
import { LOCATIONS, NOTE_TEXT_MAX, type Loc, type NoteBody, type Notes, type View } from '@mindmgmt/engine';
import { useI18n } from '../i18n/lookup.js';
import { AgentIcon, FeatureIcon } from '../ui/icons.js';
import { locName } from './Board.js';

export function LocationPanel({
  view,
  loc,
  role,
  notes,
  writeNote,
  onClose,
}: {
  view: View;
  notes: Notes;
  loc: Loc;
  role: string;
  writeNote: ((at: Loc, note: NoteBody | null) => void) | undefined;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const info = LOCATIONS[loc]!;
  const note = notes.find((n) => n.at === loc)?.note ?? null;
  const [edit, setEdit] = useState(false);
  const [draft, setDraft] = useState<NoteBody>(note ?? { from: null, to: null, crossed: [], text: '' });
  useEffect(() => {
    setEdit(false);
    setDraft(note ?? { from: null, to: null, crossed: [], text: '' });
  }, [loc]);
  const agents = view.agents.filter((a) => a.at === loc);
  const conf = view.confirmed.find((c) => c.at === loc);
  const step = view.stepTokens.find((s) => s.at === loc);
  const visited = view.recruiter?.path.indexOf(loc) ?? -1;
  const canNote = role === 'agents' && !!writeNote && !view.result;
  return (
    <section className="panel location" aria-label={locName(i18n, loc)}>
      <div className="panel-head">
        <h3>{info.label}</h3>
        <button className="link" onClick={onClose} aria-label={t('close')}>
          ✕
        </button>
      </div>
      <div className="feat-names">
        {info.temple
          ? t('temple')
          : info.features.map((f) => (
              <span key={f}>
                <FeatureIcon f={f} size={28} /> {i18n.feature(f)}
              </span>
            ))}
      </div>
      <ul className="facts">
        {agents.map((a) => (
          <li key={a.id}>
            <AgentIcon a={a.id} size={16} /> {i18n.agent(a.id)}
          </li>
        ))}
        {view.immortals.includes(loc) ? <li>{t('immortal')}</li> : null}
        {conf ? (
          <li>
            {t('confirmedNote')}
            {t('colon')}
            {conf.visitTime}
          </li>
        ) : null}
        {step ? (
          <li>
            {t('stepToken')} ({step.time}:00)
          </li>
        ) : null}
        {visited >= 0 ? <li>{t('visitedAt', { t: visited + 1 })}</li> : null}
        {view.recruiter?.askOptions?.includes(loc) ? <li>{t('askOption')}</li> : null}
      </ul>
      {note && !edit ? (
        <p className="note-view">
          {t('mentalNote')}
          {t('colon')}
          {note.from ?? '?'}–{note.to ?? '?'} {note.crossed.map((f) => `✗${i18n.feature(f)}`).join(' ')} {note.text}
        </p>
      ) : null}
      {canNote && !edit ? <button onClick={() => setEdit(true)}>{note ? t('editNote') : t('addNote')}</button> : null}
      {canNote && edit ? (
        <form
          className="note-form"
          aria-label={t('noteAt', { loc: info.label })}
          onSubmit={(e) => {
            e.preventDefault();
            writeNote?.(loc, draft);
            setEdit(false);
          }}
        >
          <div className="row">
            <TimeInput label={t('noteFrom')} value={draft.from} onChange={(from) => setDraft({ ...draft, from })} />
            <TimeInput label={t('noteTo')} value={draft.to} onChange={(to) => setDraft({ ...draft, to })} />
          </div>
          {info.features.length ? (
            <fieldset>
              <legend>{t('noteCrossed')}</legend>
              {info.features.map((f) => (
                <label key={f} className="check">
                  <input
                    type="checkbox"
                    checked={draft.crossed.includes(f)}
                    onChange={(e) =>
                      setDraft({
                        ...draft,
                        crossed: e.target.checked ? [...draft.crossed, f] : draft.crossed.filter((x) => x !== f),
                      })
                    }
                  />
                  <FeatureIcon f={f} size={18} /> {i18n.feature(f)}
                </label>
              ))}
            </fieldset>
          ) : null}
          <label>
            {t('noteText')}{' '}
            <input
              type="text"
              maxLength={NOTE_TEXT_MAX}
              value={draft.text}
              onChange={(e) => setDraft({ ...draft, text: e.target.value })}
            />
          </label>
          <div className="btnrow">
            <button type="submit" className="primary">
              {t('save')}
            </button>
            {note ? (
              <button
                type="button"
                onClick={() => {
                  writeNote?.(loc, null);
                  setEdit(false);
                }}
              >
                {t('remove')}
              </button>
            ) : null}
            <button type="button" onClick={() => setEdit(false)}>
              {t('cancel')}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}

/** A note's time (1-16 on the time track), or none. */
function TimeInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | null;
  onChange: (v: number | null) => void;
}) {
  const num = (v: string) => (v === '' ? null : Math.max(1, Math.min(16, Number(v) | 0)));
  return (
    <label>
      {label}{' '}
      <input type="number" min={1} max={16} value={value ?? ''} onChange={(e) => onChange(num(e.target.value))} />
    </label>
  );
}
