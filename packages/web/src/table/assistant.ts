// The deduction assistant's table option, read from the lobby's `options.assistant`.
import type { Assistant, LobbyInfo } from '@mindmgmt/table';

export type AssistantMode = Assistant;
export const ASSISTANT_MODES: readonly AssistantMode[] = ['off', 'count', 'full'];

export function assistantMode(lobby: LobbyInfo | null | undefined): AssistantMode {
  const a = lobby?.options.assistant;
  // a server newer than this page may offer a level it does not know: none shown then
  return a && ASSISTANT_MODES.includes(a) ? a : 'off';
}

/** The default for a new table: on for a person alone against bots, off between people. */
export function defaultAssistant(humans: number): AssistantMode {
  return humans <= 1 ? 'full' : 'off';
}
