// Two browser contexts (recruiter and agents) play a Training Mission to a result by clicking.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  agentsMove,
  createTwoPlayerGame,
  newPage,
  recruiterMove,
  serverAndBrowser,
  shot,
  status,
  whoseTurn,
  type Server,
} from './helpers.js';

const env = serverAndBrowser();
let server: Server;
let browser: Browser;
beforeAll(() => {
  ({ server, browser } = env());
});

describe('Training Mission, two players, by clicking', () => {
  it('plays to a result, then shows the end screen, the replay and the record', async () => {
    const r = await newPage(browser);
    const a = await newPage(browser);
    const gameId = await createTwoPlayerGame(server, r.page, a.page, { mode: 'Training Mission' });
    // a spectator sees the public table, with no actions and no secret path
    const w = await newPage(browser);
    await w.page.goto(`${server.url}/#/g/${gameId}?watch`);
    await w.page.locator('[role=status][data-phase]').waitFor();
    expect(await w.page.locator('section.actions').count()).toBe(0);
    expect(await w.page.locator('.path-num').count()).toBe(0);
    expect(await w.page.locator('svg.board g.cell').count()).toBe(42);
    await w.ctx.close();
    let k = 0;
    const did: string[] = [];
    for (let i = 0; i < 400; i++) {
      const who = await whoseTurn([r.page, a.page]);
      if (who === 'over') break;
      if (who === r.page)
        did.push(`R:${await recruiterMove(r.page, ['C4', 'C5', 'D5', 'D6', 'C6', 'B6', 'B5', 'B4', 'B3', 'B2'])}`);
      else {
        const x = await agentsMove(a.page, k, ['A1', 'F1', 'A7', 'F7']);
        if (x === 'activate') k++;
        did.push(`A:${x}`);
      }
      if (i === 30) await shot(r.page, 'training-recruiter-en.png');
      if (i === 31) await shot(a.page, 'training-agents-en.png');
    }
    for (const p of [r.page, a.page]) expect((await status(p))?.phase).toBe('over');
    expect(did.some((d) => d.startsWith('A:move'))).toBe(true);
    expect(did.filter((d) => d === 'R:recruiterTurn').length).toBeGreaterThan(0);
    // end screen on both sides
    await r.page.locator('section.end').waitFor();
    await a.page.locator('section.end').waitFor();
    const end = await a.page.locator('section.end').innerText();
    expect(end).toMatch(/recruiter wins|agents win/);
    expect(
      await a.page
        .locator('section.end')
        .getByText(/You won!|You lost\./)
        .count(),
    ).toBe(1);
    await shot(a.page, 'training-end-agents-en.png');
    // the record can be exported
    const href = await a.page.locator('section.end a', { hasText: 'Export game record' }).getAttribute('href');
    const rec = (await (await fetch(`${server.url}${href}`)).json()) as { format: string; actions: unknown[] };
    expect(rec.format).toBe('mindmgmt-record');
    // replay: step through the game by action
    // The end dialog is centred and its campaign part is polled: a click that lands while it
    // moves can miss (seen once in CI). Click again only while the dialog is still up; a replay
    // that fails to load shows its error, which fails the test.
    const step1 = a.page.getByText(/Action 1 of \d+/);
    for (let i = 0; i < 3 && !(await step1.count()); i++) {
      const again = a.page.getByRole('button', { name: 'Replay' });
      if (await again.count()) await again.click();
      await step1
        .or(a.page.locator('.panel.error'))
        .first()
        .waitFor({ timeout: 10_000 })
        .catch(() => undefined);
    }
    expect(await a.page.locator('.panel.error').allInnerTexts()).toEqual([]);
    await step1.waitFor();
    await a.page.getByRole('button', { name: /Next/ }).click();
    await a.page.getByRole('button', { name: /Next/ }).click();
    await a.page.getByText(/Action 3 of \d+/).waitFor();
    await a.page.getByRole('button', { name: /Last/ }).click();
    expect(await a.page.locator('.replay-boards svg.board').count()).toBe(2);
    expect(await a.page.locator('.replay-boards .path-num').count()).toBeGreaterThan(4);
    await shot(a.page, 'training-replay-en.png');
    // The campaign poll's occasional 400 was the server's answer to a timed-out idle socket
    // (regression test: idle-sockets.test.ts); no request may fail now.
    expect(r.errors.concat(a.errors).filter((e) => !/WebSocket|favicon/.test(e))).toEqual([]);
    expect(gameId).toBeTruthy();
  }, 300_000);
});
