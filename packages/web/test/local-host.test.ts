// An offline game is saved after every action as its start and action log, and a
// save replays with the engine to exactly the game that was played (resume after closing the
// tab); its exported record replays to its result. In-process: the bots decide with the same
// BotSessions the worker runs, the saves go to memory instead of IndexedDB.
import { BotSessions, makeBot, type PlayerLevel } from '@mindmgmt/ai';
import { replay, type Action } from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import { EMPTY_TABLE, reduceFrame } from '@mindmgmt/table/client';
import { LocalGame } from '../src/local/host.js';
import type { LocalBotRequest, LocalDecision } from '../src/local/bots.js';
import type { LocalGameSave } from '../src/local/store.js';

function inProcessBots() {
  const sessions = new BotSessions<PlayerLevel>((level, side) => makeBot(level, side));
  return {
    decide: async (req: LocalBotRequest): Promise<LocalDecision> => {
      const d = sessions.decide(req);
      return { action: d.action, source: d.source, runMs: d.runMs, cutoff: d.cutoff };
    },
    forget: (id: string) => sessions.forget(id),
  };
}

describe('offline game saves', () => {
  it('regression "progress lost when the tab closes": every action is saved, and each save resumes to the same game', async () => {
    const saves: LocalGameSave[] = [];
    let n = 1;
    const deps = {
      bots: inProcessBots(),
      save: async (g: LocalGameSave) => void saves.push(structuredClone(g)),
      // a fixed sequence instead of crypto: the same game every run
      random: () => (n = (Math.imul(n, 1_103_515_245) + 12_345) >>> 0),
      budgetMs: 600_000,
    };
    const g = await LocalGame.create({ role: 'agents', level: 'easy', mode: 'training', assistant: 'off' }, deps);
    // the player's frames, through the reducer every table uses
    let table = EMPTY_TABLE;
    g.subscribe(g.human, (f) => (table = reduceFrame(table, f)));
    // the player (agents) plays its first legal action each time it is asked, until the end
    for (let i = 0; i < 2000 && !g.state.result; i++) {
      await g.whenIdle();
      const f = table.shown;
      if (g.state.result || !f || !f.view.expected.includes(g.human)) continue;
      const a = f.legal.find((x) => x.type !== 'resign' && x.type !== 'undo') ?? f.legal[0]!;
      const { seat: _seat, ...client } = a as Action & { seat: number };
      expect(g.act(g.human, client as never)).toBeNull();
    }
    await g.whenIdle();
    await g.whenSaved();
    expect(g.state.result).toBeTruthy();
    const last = saves[saves.length - 1]!;
    // one save at the start, then one per action (the bot's and the player's)
    expect(saves.map((s) => s.actions.length)).toEqual(saves.map((_, i) => i));
    expect(last.result).toEqual(g.state.result);
    // any save resumes to the game as it was then; the last one to the end
    const mid = saves[Math.floor(saves.length / 2)]!;
    const resumedMid = LocalGame.fromSave(mid, {
      ...deps,
      bots: { decide: () => new Promise(() => {}), forget: () => {} },
    })!;
    expect(resumedMid.state.seq).toBe(mid.actions.length);
    const resumed = LocalGame.fromSave(last, deps)!;
    expect(resumed.state).toEqual(g.state);
    // the exported record replays to the result it states
    const rec = g.record();
    const r = replay(rec);
    expect(r.ok && r.state.result).toEqual(rec.result);
    // and says who played which seat: the server files an upload under the person's side
    expect(rec.seats).toEqual([
      { seat: 0, bot: 'easy' },
      { seat: 1, bot: null },
    ]);
  });
});
