// Regression "resign ignored while the bot moves": a player's Resign was sent with the seq shown
// when they clicked; a bot moved before it arrived, the server answered 'stale', the client drops
// stale refusals by design (the player re-decides on the new position), and the game went on. A
// resignation holds in any position, so it is taken whatever seq it names.
import { afterAll, describe, expect, it } from 'vitest';
import { closeTable, mulberry, openTable, playOut, testServer } from './helpers.js';

describe('resign', () => {
  const servers: { close: () => Promise<void> }[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it('regression "resign ignored while the bot moves": a resignation naming an older seq ends the game; another action with it is still stale', async () => {
    const srv = await testServer();
    servers.push(srv);
    // a random game can end at once (boxed in after the placements, R17): then another seed
    let t = await openTable(srv.url, { mode: 'training', players: 2, recruiterChoice: 'host' });
    for (let seed = 1; ; seed++) {
      await playOut(t, mulberry(seed), { stop: () => t.spectator.view.seq >= 4 });
      if (!t.spectator.view.result) break;
      expect(seed, 'a game still going at seq 4 within ten seeds').toBeLessThan(10);
      closeTable(t);
      t = await openTable(srv.url, { mode: 'training', players: 2, recruiterChoice: 'host' });
    }
    const agent = t.bySeat.get(1)!;
    await agent.waitSeq(t.spectator.view.seq);
    const old = agent.view.seq - 2;
    const stale = await agent.request(
      { t: 'act', gameId: t.gameId, seq: old, action: { type: 'endTurn' }, id: 'e' },
      (m) => m.id === 'e',
    );
    expect(stale.code).toBe('stale');
    const r = await agent.request(
      { t: 'act', gameId: t.gameId, seq: old, action: { type: 'resign' }, id: 'r' },
      (m) => m.id === 'r',
    );
    expect(r.t, JSON.stringify(r).slice(0, 200)).toBe('events');
    const result = (await srv.service.master.getLive(t.gameId))!.state!.result;
    expect(result?.winner).toBe('recruiter');
    closeTable(t);
  });
});
