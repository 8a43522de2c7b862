// The solo form: one player against bots, started at once (online), or played offline.
import { useState } from 'react';
import type { BotLevel } from '@mindmgmt/table';
import { BOT_LEVEL_KEYS, useI18n } from '../i18n/lookup.js';
import { PlayOfflineButton } from '../local/OfflineEntry.js';
import { defaultAssistant, type AssistantMode } from '../table/assistant.js';
import { createAndOpen } from './create.js';
import { SoloLevelChoice } from './LevelChoice.js';
import { RatedChoice } from './RatedChoice.js';
import { storedTitle } from './table-title.js';
import { AssistantChoice, ModeChoice, type FormProps, type Mode } from './TableChoices.js';

export function SoloForm({ me, busy, run, error }: FormProps) {
  const { t } = useI18n();
  const [soloRole, setSoloRole] = useState<'recruiter' | 'agents'>('agents');
  const [soloLevel, setSoloLevel] = useState<BotLevel>('easy');
  const [soloMode, setSoloMode] = useState<Mode>('training');
  // alone against bots the assistant defaults to on, offered like at a shared table
  const [soloAssistant, setSoloAssistant] = useState<AssistantMode>(defaultAssistant(1));
  // every table may be casual; rated stays the default, as on the server
  const [soloRated, setSoloRated] = useState(true);
  return (
    <section className="panel solo">
      <h2>{t('playSolo')}</h2>
      <p className="muted">{t('soloText')}</p>
      <div className="form-grid">
        <label>
          {t('soloRole')}
          <select value={soloRole} onChange={(e) => setSoloRole(e.target.value as 'agents')} name="soloRole">
            <option value="agents">{t('agents')}</option>
            <option value="recruiter">{t('recruiter')}</option>
          </select>
        </label>
        <SoloLevelChoice
          value={soloLevel}
          onChange={setSoloLevel}
          side={soloRole === 'agents' ? 'recruiter' : 'agents'}
        />
        <ModeChoice name="soloMode" value={soloMode} onChange={setSoloMode} />
        <AssistantChoice name="soloAssistant" value={soloAssistant} onChange={setSoloAssistant} />
        <RatedChoice name="soloRated" rated={soloRated} onChange={setSoloRated} />
      </div>
      <button
        className="primary big"
        disabled={busy}
        onClick={() =>
          run(() =>
            createAndOpen(
              {
                name: me,
                // stored in English from its parts: each reader reads it in their language
                title: storedTitle({
                  kind: 'solo',
                  name: me,
                  side: soloRole === 'agents' ? 'recruiter' : 'agents',
                  level: BOT_LEVEL_KEYS[soloLevel],
                }),
                mode: soloMode,
                recruiterCard: 'random',
                recruiterChoice: 'host',
                players: 1,
                bots: {},
                solo: { role: soloRole, level: soloLevel },
                turnTimerSec: null,
                assistant: soloAssistant,
                rated: soloRated,
              },
              me,
              true,
            ),
          )
        }
      >
        {t('playSolo')}
      </button>
      {error}
      <PlayOfflineButton setup={{ role: soloRole, level: soloLevel, mode: soloMode, assistant: soloAssistant }} />
    </section>
  );
}
