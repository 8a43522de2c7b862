// Where a turn starts, read from a viewer's log one way: the recruiter's turn starts with
// `recruiterTurnStarted`, the agents' with an `agentActivated` after the recruiter's (each
// activation starts a turn of the seat playing it). The board's tool reset (`turnKey`), the log's
// recent lines and the board's numbered marks (`turnStarts`) all read it from here.
import type { SeenEvent, View } from '@mindmgmt/engine';

export type TurnSide = 'recruiter' | 'agents';

/** The side whose turn (or activation) the entry starts, or null. */
export function turnSideOf(e: SeenEvent): TurnSide | null {
  const k = e.pub.kind;
  return k === 'recruiterTurnStarted' ? 'recruiter' : k === 'agentActivated' ? 'agents' : null;
}

/** The indices of the log entries where a side's turn starts (the recruiter's turn, then the
 * agents' activations up to the next recruiter turn), oldest first. */
export function turnStarts(log: readonly SeenEvent[]): number[] {
  const starts: number[] = [];
  let side: TurnSide | null = null;
  log.forEach((e, i) => {
    const next = turnSideOf(e) ?? side;
    if (next !== side) starts.push(i);
    side = next;
  });
  return starts;
}

/** Changes each time a turn or an activation starts, a round ends or the phase or the seats
 * waited on change: the board tool goes back to the default then ("Move an immortal" stayed
 * selected into the next turn). */
export function turnKey(view: View | null): string {
  if (!view) return '';
  let turns = 0;
  for (const e of view.log) if (turnSideOf(e) !== null || e.pub.kind === 'roundEnded') turns++;
  return `${view.phase}|${turns}|${view.expected.join(',')}`;
}
