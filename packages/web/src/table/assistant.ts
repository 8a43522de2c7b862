// The deduction assistant's table option (issue 12 item 5), read from the lobby. Newer servers
// send `options.assistant`; older ones only the boolean `options.deduction` (true = full).
import type { LobbyInfo } from '../api.js';

export type AssistantMode = 'off' | 'count' | 'full';
export const ASSISTANT_MODES: readonly AssistantMode[] = ['off', 'count', 'full'];

export function assistantMode(lobby: LobbyInfo | null | undefined): AssistantMode {
  const o = (lobby?.options ?? {}) as { assistant?: unknown; deduction?: unknown };
  if (o.assistant === 'off' || o.assistant === 'count' || o.assistant === 'full') return o.assistant;
  if (typeof o.deduction === 'boolean') return o.deduction ? 'full' : 'off';
  return 'off';
}

/** The default for a new table: on for a person alone against bots, off between people. */
export function defaultAssistant(humans: number): AssistantMode {
  return humans <= 1 ? 'full' : 'off';
}
