// A rematch that continues a campaign, in real Chromium (issue 13, seed 001): the end panel offers
// "Rematch", the next table carries the campaign's ledger in its waiting room and on the table,
// and the swapped sides decide who recruits.
import { describe, expect, it } from 'vitest';
import { createTwoPlayerGame, newPage, serverAndBrowser, shot } from './helpers.js';

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
    expect(await ledger.locator('tr[data-side="agents"] td').allInnerTexts()).toEqual(['0', '1', '0', '1–1', '—']);
    const next = /#\/g\/([^?]+)/.exec(host.page.url())![1]!;

    // Alex follows from his end panel, sits down; Rita starts.
    await guest.page.getByRole('link', { name: 'Go to the next game of the campaign' }).click({ timeout: 20_000 });
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
});
