// docs/glossary.md, rendered from GLOSSARY (test/glossary.test.ts keeps the file equal to this).
import { GLOSSARY, type Source } from './glossary.js';

const cite = (s: Source): string => (s === 'ours' ? 'ours' : s);

export function glossaryMarkdown(): string {
  const rows = GLOSSARY.map((t) => {
    // per language: a variant wrong in both (新人) is named once for each, not twice in one list
    const wrong = (['zh', 'ja'] as const)
      .flatMap((l) => (t.wrong?.[l]?.length ? [`${l}: ${t.wrong[l].map((w) => `\`${w}\``).join(', ')}`] : []))
      .join('; ');
    return `| ${t.en} | ${t.zh} (${cite(t.zhFrom)}) | ${t.ja} (${cite(t.jaFrom)}) | ${wrong} | ${t.note ?? ''} |`;
  });
  return [
    '# Glossary',
    '',
    'Every game term in English, Simplified Chinese and Japanese. Chinese words come from seed 004 (the Chinese',
    'rules summary) and Japanese words from seed 003 (the Japanese guide) wherever the seed names the term;',
    '"ours" marks a word we chose because the seed is silent. The interface, the log and the player\'s rulebook',
    'use these words only: `packages/web/test/glossary.test.ts` fails when a string under `packages/web/src`',
    'uses a variant from the "not" column or a dictionary entry lacks its term.',
    '',
    'This file is generated from `packages/web/src/rulebook/glossary.ts`; after editing that list run',
    '`UPDATE_GLOSSARY=1 npx vitest run packages/web/test/glossary.test.ts`.',
    '',
    '| English | 中文 (source) | 日本語 (source) | not (regular expressions) | note |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
