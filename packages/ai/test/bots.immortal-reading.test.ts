// How the agents answered the immortals the recruiter moved in its turns (escort.ts,
// immortalReading), table-driven over public logs. The hard recruiter escorts itself (R25) only
// against agents that leave those immortals standing within their reach and never push one off
// (R24) or capture where one was moved: the easy agents do not read an immortal as the
// recruiter's location, the hard ones do.
import type { Loc, PublicEvent } from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import { immortalReading } from '../src/bots/escort.js';
import { geoFor } from '../src/bots/geo.js';
import { TurnTracker } from '../src/deduction/turns.js';

const g = geoFor([]);
const near = (from: Loc, d: number): Loc => g.dist[from]!.findIndex((x) => x === d);
const AGENT_AT: Loc = 0;
const CLOSE = near(AGENT_AT, 2); // within an agent's reach (2)
const FAR = near(AGENT_AT, 4);
const DUSTY_ONLY = near(AGENT_AT, 3); // Dusty reaches 3 in the Full Game

/** The escort answers the public log's one reader (Facts' TurnTracker) takes from `events`. */
function answersOf(events: readonly PublicEvent[]) {
  const t = new TurnTracker('full');
  for (const e of events) t.see(e);
  return t.answers;
}

/** Setup: one immortal at `from`, the agent at AGENT_AT; then a recruiter turn that moves it to `to`. */
function turn(from: Loc, to: Loc, agent: 'meru' | 'dusty' = 'meru'): PublicEvent[] {
  return [
    { kind: 'immortalPlaced', at: from },
    { kind: 'agentPlaced', agent, at: AGENT_AT },
    { kind: 'recruiterTurnStarted', time: 6 },
    { kind: 'immortalMoved', from, to, stepToken: null },
    { kind: 'timeAdvanced', time: 6, alert: null },
    { kind: 'agentActivated', agent },
  ];
}
const next: PublicEvent = { kind: 'recruiterTurnStarted', time: 7 };
const from = near(CLOSE, 1) === AGENT_AT ? near(CLOSE, 2) : near(CLOSE, 1);

describe('immortalReading: the agents read an immortal moved in the recruiter turn, or leave it', () => {
  const cases: { name: string; events: PublicEvent[]; read: number; ignored: number }[] = [
    {
      name: 'R25: left standing within reach: ignored',
      events: [...turn(from, CLOSE), { kind: 'agentMoved', agent: 'meru', from: AGENT_AT, to: FAR, by: 'meru' }, next],
      read: 0,
      ignored: 1,
    },
    {
      name: 'a capture where it was moved: read',
      events: [
        ...turn(from, CLOSE),
        { kind: 'agentMoved', agent: 'meru', from: AGENT_AT, to: CLOSE, by: 'meru' },
        { kind: 'captureAttempted', agent: 'meru', at: CLOSE, hit: false, time: 6 },
        next,
      ],
      read: 1,
      ignored: 0,
    },
    {
      name: 'R24: pushed off by a shakedown: read',
      events: [...turn(from, CLOSE), { kind: 'immortalPushed', agent: 'meru', from: CLOSE, to: from }, next],
      read: 1,
      ignored: 0,
    },
    {
      name: 'out of every acting agent’s reach: neither',
      events: [...turn(near(FAR, 1), FAR), next],
      read: 0,
      ignored: 0,
    },
    {
      name: 'Dusty reaches 3 in the Full Game: ignored',
      events: [...turn(near(DUSTY_ONLY, 1), DUSTY_ONLY, 'dusty'), next],
      read: 0,
      ignored: 1,
    },
    {
      name: 'an agent that does not act in the half-turn: neither',
      events: [...turn(from, CLOSE).filter((e) => e.kind !== 'agentActivated'), next],
      read: 0,
      ignored: 0,
    },
    {
      name: 'moved on again in the same turn: only where it stands counts',
      events: [
        ...turn(from, CLOSE).slice(0, 4),
        { kind: 'immortalMoved', from: CLOSE, to: FAR, stepToken: null },
        ...turn(from, CLOSE).slice(4),
        next,
      ],
      read: 0,
      ignored: 0,
    },
    {
      name: 'a capture elsewhere is no answer',
      events: [...turn(from, CLOSE), { kind: 'captureAttempted', agent: 'meru', at: FAR, hit: false, time: 6 }, next],
      read: 0,
      ignored: 1,
    },
    {
      name: 'the half-turn still in progress counts for nothing yet',
      events: turn(from, CLOSE),
      read: 0,
      ignored: 0,
    },
  ];
  for (const c of cases)
    it(c.name, () => {
      expect(immortalReading(answersOf(c.events), g)).toEqual({ read: c.read, ignored: c.ignored });
    });

  it('an immortal where the agents know the recruiter could not be says nothing when left (plausible)', () => {
    const events = [...turn(from, CLOSE), next];
    const seen: [number, Loc][] = [];
    const nowhere = (time: number, at: Loc) => (seen.push([time, at]), false);
    expect(immortalReading(answersOf(events), g, nowhere)).toEqual({ read: 0, ignored: 0 });
    expect(seen).toEqual([[6, CLOSE]]);
    expect(immortalReading(answersOf(events), g, () => true)).toEqual({ read: 0, ignored: 1 });
  });

  it('an immortal pushed in the agents’ half-turn is not one the recruiter moved', () => {
    const events: PublicEvent[] = [
      { kind: 'immortalPlaced', at: from },
      { kind: 'agentPlaced', agent: 'meru', at: AGENT_AT },
      { kind: 'recruiterTurnStarted', time: 6 },
      { kind: 'timeAdvanced', time: 6, alert: null },
      { kind: 'agentActivated', agent: 'meru' },
      { kind: 'immortalPushed', agent: 'meru', from, to: CLOSE },
      next,
      { kind: 'timeAdvanced', time: 7, alert: null },
      { kind: 'agentActivated', agent: 'meru' },
      { kind: 'recruiterTurnStarted', time: 8 },
    ];
    expect(immortalReading(answersOf(events), g)).toEqual({ read: 0, ignored: 0 });
  });
});
