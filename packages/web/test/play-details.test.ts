// Small things found while playing, on the web's pure functions: the mute button names a bot in
// the page's language, the log tells the recruiter's secrets as revealed once the game is over,
// and the analysis's moments say what the expert would have played.
import { describe, expect, it } from 'vitest';
import type { GameAnalysis } from '@mindmgmt/ai';
import type { SeenEvent } from '@mindmgmt/engine';
import { momentWords } from '../src/analysis/describe.js';
import { i18nFor } from '../src/i18n/all.js';
import { eventText } from '../src/table/log.js';
import { muteLabel } from '../src/table/Chat.js';
import { readTitle, storedTitle } from '../src/lobby/table-title.js';

const LANGS = ['en', 'zh', 'ja'] as const;

describe('small things found while playing', () => {
  it('regression: the mute button said "Bot (easy)" in zh and ja', () => {
    for (const lang of LANGS) {
      const i18n = i18nFor(lang);
      const label = muteLabel(i18n, 'Bot (easy)', false);
      expect(label).toContain(i18n.player('Bot (easy)'));
      if (lang !== 'en') expect(label).not.toContain('Bot (easy)');
    }
  });

  it('regression: table names were English in the zh and ja lobbies: stored from their parts, read in the reader’s language', () => {
    const solo = storedTitle({ kind: 'solo', name: 'Rita', side: 'agents', level: 'lvEasy' });
    expect(solo).toBe('Rita vs Rogue agents (easy)');
    const zh = i18nFor('zh');
    const ja = i18nFor('ja');
    expect(readTitle(zh, solo)).toBe(zh.t('soloTitle', { name: 'Rita', side: zh.t('agents'), level: zh.t('lvEasy') }));
    expect(readTitle(ja, solo)).toContain('Rita');
    expect(readTitle(ja, solo)).not.toContain('Rogue');
    expect(readTitle(zh, storedTitle({ kind: 'default' }))).toBe(zh.t('defaultGameName'));
    // a name the host typed is shown as typed, even one that looks made
    expect(readTitle(zh, 'Friday vs Saturday (rematch)')).toBe('Friday vs Saturday (rematch)');
    expect(readTitle(i18nFor('en'), solo)).toBe(solo);
  });

  it('regression: after the game the log showed the raw "[secret: to E2]"', () => {
    const e = { pub: { kind: 'recruiterStepped', time: 3 }, secret: { to: 12 } } as unknown as SeenEvent;
    const en = i18nFor('en');
    expect(eventText(en, e)).toContain('[secret: to ');
    const after = eventText(en, e, undefined, true);
    expect(after).not.toContain('[secret');
    expect(after).toMatch(/\(revealed: to [A-Z]\d+\)$/);
    for (const lang of ['zh', 'ja'] as const)
      expect(eventText(i18nFor(lang), e, undefined, true)).not.toContain('（秘密：');
  });

  it('regression: a moment said the expert would have played otherwise, but not what', () => {
    const a = {
      activations: [
        {
          index: 0,
          at: 30,
          time: 3,
          agent: 'meru',
          seat: 1,
          before: 10,
          after: 5,
          actions: [{ type: 'move', seat: 1, to: 'C4' }],
          captureChance: null,
          expert: { action: { type: 'move', seat: 1, to: 'D5' }, captureChance: null, winEstimate: null },
        },
      ],
      turns: [],
    } as unknown as GameAnalysis;
    const m = {
      kind: 'activation',
      index: 0,
      time: 3,
      agent: 'meru',
      action: 'move',
      before: 10,
      after: 5,
      endedGame: false,
      expertDiffers: true,
      score: 1,
    } as const;
    for (const lang of LANGS) {
      const words = momentWords(i18nFor(lang), a, m);
      expect(words, lang).toContain('D5');
      expect(words, lang).toContain('C4');
    }
  });
});
