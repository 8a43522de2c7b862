// The lobby's way into the tutorial (in the main chunk; the tutorial itself loads on demand).
import type { ReactElement } from 'react';
import { AgentIcon } from '../ui/icons.js';
import { useI18n, type Lang } from '../i18n/lookup.js';

const ENTRY: Readonly<Record<Lang, { title: string; text: string; recruiter: string; agents: string }>> = {
  en: {
    title: 'Tutorial',
    text: 'Learn the game in a guided Training Mission, one rule at a time.',
    recruiter: 'Play the Recruiter',
    agents: 'Play the rogue agents',
  },
  zh: {
    title: '教程',
    text: '在引导式训练任务中一步一条规则地学习游戏。',
    recruiter: '扮演招募员',
    agents: '扮演反叛特工',
  },
  ja: {
    title: 'チュートリアル',
    text: 'ガイド付きのトレーニングミッションで、ルールを1つずつ覚えましょう。',
    recruiter: '採用官で遊ぶ',
    agents: '不正エージェントで遊ぶ',
  },
};

export function TutorialEntry(): ReactElement {
  const { lang } = useI18n();
  const s = ENTRY[lang];
  return (
    <section className="panel tutorial-entry" aria-labelledby="tutorial-entry-title">
      <h2 id="tutorial-entry-title">{s.title}</h2>
      <p>{s.text}</p>
      <div className="btnrow">
        <a className="button" href="#/tutorial/recruiter">
          <svg width="18" height="18" viewBox="0 0 32 32" aria-hidden="true">
            <circle cx="16" cy="16" r="14" fill="#c92a2a" />
            <circle cx="16" cy="16" r="5" fill="#fff" />
          </svg>
          {s.recruiter}
        </a>
        <a className="button" href="#/tutorial/agents">
          <AgentIcon a="meru" size={18} />
          {s.agents}
        </a>
      </div>
    </section>
  );
}
