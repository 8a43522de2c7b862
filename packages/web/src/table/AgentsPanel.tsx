// The agents' own region: where each agent stands (with the location's features), whether it has
// been activated this half-turn, and which are this seat's. It used to be a list at the end of
// the cards' region, where a screen reader found it last.
import type { View } from '@mindmgmt/engine';
import { AgentIcon } from '../ui/icons.js';
import { useI18n } from '../i18n/lookup.js';
import { agentLines } from './cell-facts.js';

export function AgentsPanel({ view }: { view: View }) {
  const i18n = useI18n();
  const { t } = i18n;
  const lines = agentLines(i18n, view);
  return (
    <section className="panel agents-panel" aria-label={t('ag_title')}>
      <h3>{t('ag_title')}</h3>
      <ul className="agents-list">
        {view.agents.map((a, i) => (
          <li key={a.id} className={a.activated ? 'activated' : ''}>
            <AgentIcon a={a.id} size={18} /> {lines[i]}
            {view.mode === 'full' ? <small> ({t(`ability_${a.id}`)})</small> : null}
            {view.myAgents.includes(a.id) ? ` · ${t('you')}` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
