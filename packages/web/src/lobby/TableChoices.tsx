// The choices the lobby's two forms share (the shared table's and the solo game's): the mode and
// the deduction assistant, and what each form is handed.
import type { ReactNode } from 'react';
import { useI18n } from '../i18n/lookup.js';
import { ASSISTANT_MODES, type AssistantMode } from '../table/assistant.js';

/** What the lobby hands each form. */
export interface FormProps {
  /** The player's name as the table will show it. */
  me: string;
  busy: boolean;
  /** Runs the form's request; a refusal shows as `error`. */
  run: (f: () => Promise<void>) => void;
  error: ReactNode;
}

export type Mode = 'training' | 'full';

export function ModeChoice({ name, value, onChange }: { name: string; value: Mode; onChange: (m: Mode) => void }) {
  const { t } = useI18n();
  return (
    <label>
      {t('mode')}
      <select name={name} value={value} onChange={(e) => onChange(e.target.value as Mode)}>
        <option value="training">{t('training')}</option>
        <option value="full">{t('full')}</option>
      </select>
    </label>
  );
}

export function AssistantChoice({
  name,
  value,
  onChange,
}: {
  name: string;
  value: AssistantMode;
  onChange: (m: AssistantMode) => void;
}) {
  const { t } = useI18n();
  return (
    <label>
      {t('deduction')}
      <select name={name} value={value} onChange={(e) => onChange(e.target.value as AssistantMode)}>
        {ASSISTANT_MODES.map((m) => (
          <option key={m} value={m}>
            {t(`as_${m}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
