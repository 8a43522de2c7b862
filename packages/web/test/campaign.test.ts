// A rematch that continues a campaign, in real Chromium (seed 001): the end panel offers
// "Rematch", the next table carries the campaign's ledger in its waiting room and on the table,
// and the swapped sides decide who recruits; with three people, everyone at the finished table
// follows the rematch from their own end panel and sits down, sides kept.
import { describe, expect, it } from 'vitest';
import { createTwoPlayerGame, EXPECT_MS, newPage, serverAndBrowser, shot } from './helpers.js';

const env = serverAndBrowser();

describe('campaign rematch', () => {
  it('the end panel opens the next game of the campaign with sides swapped; the ledger is shown', async () => {
    const { server, browser } = env();
    const host = await newPage(browser);
    const guest = await newPage(browser);
    await createTwoPlayerGame(server, host.page, guest.page, { mode: 'Training Mission' });
    // Alex (agents) resigns: the recruiter side (Rita) wins game 1.
    await guest.page.getByRole('button', { name: 'Resign' }).click();
    await guest.page.locator('.resign').getByRole('button', { name: 'Confirm' }).click();
    await host.page.locator('[role=status][data-phase="over"]').waitFor();

    await host.page.getByRole('button', { name: 'Rematch (swap sides)' }).click();
    await host.page.waitForURL(/#\/g\//);
    const ledger = host.page.getByRole('table', { name: 'Campaign ledger' });
    await ledger.waitFor();
    expect(await ledger.locator('tr[data-side="recruiter"] td').allInnerTexts()).toEqual(['1', '0', '1', '—', '—']);
    expect(await ledger.locator('tr[data-side="agents"] td').allInnerTexts()).toEqual([
      '0',
      '1',
      '0',
      'package 1',
      '—',
    ]); // not "1–1"
    const next = /#\/g\/([^?]+)/.exec(host.page.url())![1]!;

    // Alex follows from his end panel, sits down; Rita starts.
    await guest.page.getByRole('link', { name: 'Go to the next game of the campaign' }).click({ timeout: EXPECT_MS });
    await guest.page.getByRole('button', { name: 'Sit here' }).first().click();
    await host.page.getByText('Alex').first().waitFor();
    await host.page.getByRole('button', { name: 'Start the game' }).click();
    await guest.page.locator('[role=status][data-phase]').waitFor();
    const lobby = await (await fetch(`${server.url}/api/games/${next}`)).json();
    // Sides swapped: Alex recruits now.
    expect(lobby.seats.find((s: { seat: number }) => s.seat === 0).name).toBe('Alex');
    await guest.page.getByRole('table', { name: 'Campaign ledger' }).waitFor();
    await shot(guest.page, 'campaign-table.png');
    for (const x of [host, guest]) expect(x.errors).toEqual([]);
    for (const x of [host, guest]) await x.ctx.close();
  }, 180_000);

  it('three people: every one of them follows the rematch (same sides) from their end panel and sits down', async () => {
    const { server, browser } = env();
    const pages = await Promise.all([newPage(browser), newPage(browser), newPage(browser)]);
    const [host, ...guests] = pages as [(typeof pages)[0], (typeof pages)[0], (typeof pages)[0]];
    await host.page.goto(`${server.url}/#/`);
    await host.page.getByLabel('Your name').first().fill('Rita');
    const form = host.page.locator('section.create');
    await form.getByLabel('Game type').selectOption({ label: 'Training Mission' });
    await form.getByLabel('Who is the recruiter').selectOption({ label: 'The host' });
    await form.getByLabel('Players').first().selectOption('3');
    await form.getByRole('button', { name: 'Create' }).click();
    await host.page.waitForURL(/#\/g\//);
    const invite = await host.page.getByLabel('invite').inputValue();
    for (const [i, g] of guests.entries()) {
      await g.page.goto(invite);
      await g.page.getByLabel('Your name').fill(['Alex', 'Bea'][i]!);
      await g.page.getByRole('button', { name: 'Sit here' }).first().click();
      await g.page.getByText('Waiting for the host to start').waitFor();
    }
    await host.page.getByText('Bea').first().waitFor();
    await host.page.getByRole('button', { name: 'Start the game' }).click();
    for (const p of pages) await p.page.locator('[role=status][data-phase]').waitFor();
    // The agents resign: Rita's recruiter side wins game 1. Two people play the agents, so Alex's
    // resignation is a proposal Bea accepts (D13).
    await guests[0].page.getByRole('button', { name: 'Resign' }).click();
    await guests[0].page.locator('.resign').getByRole('button', { name: 'Confirm' }).click();
    await guests[1].page.getByRole('button', { name: 'Resign together' }).click();
    for (const p of pages) await p.page.locator('[role=status][data-phase="over"]').waitFor();

    await host.page.getByRole('button', { name: 'Rematch (same sides)' }).click();
    await host.page.waitForURL(/#\/g\//);
    const next = /#\/g\/([^?]+)/.exec(host.page.url())![1]!;
    for (const g of guests) {
      await g.page.getByRole('link', { name: 'Go to the next game of the campaign' }).click({ timeout: EXPECT_MS });
      await g.page.getByRole('button', { name: 'Sit here' }).first().click();
      await g.page.getByText('Waiting for the host to start').waitFor();
    }
    await host.page.getByRole('button', { name: 'Start the game' }).click();
    for (const p of pages) await p.page.locator('[role=status][data-phase]').waitFor();
    const lobby = await (await fetch(`${server.url}/api/games/${next}`)).json();
    expect(lobby.seats.map((s: { seat: number; name: string }) => [s.seat, s.name])).toEqual([
      [0, 'Rita'],
      [1, 'Alex'],
      [2, 'Bea'],
    ]);
    const ledger = guests[1].page.getByRole('table', { name: 'Campaign ledger' });
    await ledger.waitFor();
    expect(await ledger.locator('tr[data-side="agents"] td').first().innerText()).toBe('0');
    for (const x of pages) expect(x.errors).toEqual([]);
    for (const x of pages) await x.ctx.close();
  }, 240_000);
});
