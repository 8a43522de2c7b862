// Rated or casual: the server's `rated` option, offered on both forms.
import { useI18n } from '../i18n/lookup.js';

export function RatedChoice({
  name,
  rated,
  onChange,
}: {
  name: string;
  rated: boolean;
  onChange: (r: boolean) => void;
}) {
  const { t } = useI18n();
  return (
    <label title={t('rt_note')}>
      {t('rt_label')}
      <select name={name} value={rated ? 'rated' : 'casual'} onChange={(e) => onChange(e.target.value === 'rated')}>
        <option value="rated">{t('rt_rated')}</option>
        <option value="casual">{t('rt_casual')}</option>
      </select>
    </label>
  );
}
