// D13 in real Chromium: a three-person Training Mission with a time per move. One player
// disappears; when their time runs out a stand-in bot takes the seat and the other two play on
// against it. Another player leaves the table and comes back to their seat. The game is then
// finished (the recruiter resigns) with everyone on board.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { agentsMove, newPage, recruiterMove, type Server, serverAndBrowser, status } from './helpers.js';

const env = serverAndBrowser();
let server: Server;
let browser: Browser;
beforeAll(() => {
  ({ server, browser } = env());
});

async function post(path: string, body: unknown): Promise<any> {
  const r = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(r.status).toBe(200);
  return r.json();
}

/** Opens the table in `page` with a seat token, as the browser that took the place keeps it. */
async function sit(page: Page, gameId: string, token: string, place: number, name: string): Promise<void> {
  await page.goto(`${server.url}/#/`);
  await page.evaluate(([id, s]) => localStorage.setItem('mm.games', JSON.stringify({ [id as string]: s })), [
    gameId,
    { token, place, name, at: Date.now() },
  ] as const);
  await page.goto(`${server.url}/#/g/${gameId}`);
}

/** One move of whichever of the two players the game waits on; false when neither. */
async function step(host: Page, alex: Page, k: number): Promise<boolean> {
  for (const [p, recruiter] of [
    [host, true],
    [alex, false],
  ] as const) {
    const s = await status(p);
    if (!s?.mine || s.phase === 'over') continue;
    // The stand-in shares the agents' turn and may move between the read and the click: a click
    // policy that finds its button gone is simply tried again on the next read.
    try {
      if (recruiter) await recruiterMove(p, ['C4', 'D4', 'C5', 'D5', 'B4', 'E4']);
      else await agentsMove(p, k, ['C3', 'D3', 'C2']);
    } catch {
      return false;
    }
    return true;
  }
  await host.waitForTimeout(100);
  return false;
}

/**
 * One game of the scenario; false when the game ended on its own (the recruiter's click policy
 * boxed it in, R17, or the agents caught it) before the scenario was through: then the caller
 * starts another game.
 */
async function scenario(): Promise<boolean> {
  const c = await post('/api/games', {
    name: 'Rita',
    mode: 'training',
    players: 3,
    recruiterChoice: 'host',
    timeControl: { kind: 'move', sec: 12 },
    standInLevel: 'random',
  });
  const gameId = c.gameId as string;
  const j2 = await post(`/api/games/${gameId}/join`, { name: 'Alex', place: 2 });
  const j3 = await post(`/api/games/${gameId}/join`, { name: 'Bea', place: 3 });
  const h = await newPage(browser);
  const a = await newPage(browser);
  const b = await newPage(browser);
  await sit(h.page, gameId, c.token, 1, 'Rita');
  await sit(a.page, gameId, j2.token, 2, 'Alex');
  await sit(b.page, gameId, j3.token, 3, 'Bea');
  await post(`/api/games/${gameId}/start`, { token: c.token });
  for (const p of [h.page, a.page, b.page]) await p.locator('[role=status][data-phase]').waitFor();
  // Bea's seat (2) and the clock of the seats on the panel; then Bea disappears.
  await b.ctx.close();

  const host = h.page;
  const alex = a.page;
  for (const p of [host, alex]) p.setDefaultTimeout(10_000);
  const beaStandIn = host.locator('[data-stand-in="2"]');
  let k = 0;
  for (const end = Date.now() + 90_000; Date.now() < end && !(await beaStandIn.count());)
    if (await step(host, alex, k)) k++;
  await expect(beaStandIn.innerText()).resolves.toContain('a bot plays for Bea');
  // The two play on: the game moves past the stand-in's seat.
  const seqAt = (await status(host))!.seq;
  for (const end = Date.now() + 60_000; Date.now() < end && (await status(host))!.seq < seqAt + 6;)
    if (await step(host, alex, k)) k++;
  if ((await status(host))!.phase === 'over') return closeAll(h, a);
  expect((await status(host))!.seq).toBeGreaterThanOrEqual(seqAt + 6);

  // Alex leaves while the recruiter is to play, then takes the seat back.
  for (const end = Date.now() + 60_000; Date.now() < end && (await status(alex))!.mine;)
    if (await step(host, alex, k)) k++;
  if ((await status(alex))!.phase === 'over') return closeAll(h, a);
  alex.once('dialog', (d) => void d.accept());
  await alex.getByRole('button', { name: 'Leave the table' }).click();
  await alex.getByText('A bot is playing for you.').waitFor();
  await host.locator('[data-stand-in="1"]').waitFor();
  await alex.getByRole('button', { name: 'Take my seat back' }).click();
  await host.locator('[data-stand-in="1"]').waitFor({ state: 'detached' });
  // Alex plays their own seat again at its next turn.
  let alexMoved = false;
  for (const end = Date.now() + 90_000; Date.now() < end && !alexMoved;) {
    const s = await status(alex);
    if (s?.mine && s.phase !== 'over') alexMoved = await step(host, alex, k++);
    else if (s?.phase === 'over') return closeAll(h, a);
    else await step(host, alex, k);
  }
  expect(alexMoved).toBe(true);
  expect(await alex.getByText('A bot is playing for you.').count()).toBe(0);

  // The recruiter ends the game: everyone on board sees the result.
  await host.getByRole('button', { name: 'Resign' }).click();
  await host.locator('.resign').getByRole('button', { name: 'Confirm' }).click();
  for (const p of [host, alex]) await p.locator('[role=status][data-phase="over"]').waitFor();
  expect(h.errors).toEqual([]);
  expect(a.errors).toEqual([]);
  await closeAll(h, a);
  return true;
}

async function closeAll(...pages: { ctx: { close(): Promise<void> } }[]): Promise<false> {
  for (const p of pages) await p.ctx.close();
  return false;
}

describe('stand-ins at the table', () => {
  it('one player disappears and the others play on against the stand-in; another leaves and comes back', async () => {
    let done = false;
    for (let attempt = 0; attempt < 3 && !done; attempt++) done = await scenario();
    expect(done, 'three games ended before the scenario was through').toBe(true);
  }, 600_000);
});
