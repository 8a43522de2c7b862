// The shape of one language's rulebook text (text-en.ts, text-zh.ts, text-ja.ts load on demand).
import type { ChapterId } from './chapters.js';

export type DiagramId = 'board' | 'step' | 'mind-slip' | 'immortal-move' | 'mayhem' | 'agent-move' | 'meru';

export type Block =
  | { p: string }
  | { list: readonly string[] }
  | { steps: readonly string[] }
  | { diagram: DiagramId; caption: string }
  /** A sentence pointing to other chapters; rendered as links. */
  | { see: readonly ChapterId[]; text: string };

export interface RulebookText {
  ui: {
    contents: string;
    search: string;
    noMatch: string;
    close: string;
    /** "{n} chapters match". */
    matches: string;
    term: string;
    source: string;
  };
  chapters: Record<ChapterId, readonly Block[]>;
}
