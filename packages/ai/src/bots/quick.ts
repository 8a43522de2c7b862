// The quick default move of the easy/hard bots: what they play when their thinking fails. The
// server's BotPool plays it when a bot runs out of time before reporting a best move, so a
// slow machine never makes a bot play a random move. Costs a scan of the legal actions, so the main thread may call it.
import type { Action, View } from '@mindmgmt/engine';
import { fallback } from './agents.js';
import { safeFallback } from './recruiter.js';

export function quickMove(v: View, legal: readonly Action[]): Action | null {
  if (!legal.length) return null;
  return v.viewer === 0 ? safeFallback(v, legal) : fallback(legal);
}
