// The player pages in real Chromium: a profile made by playing, its history after a
// finished game, a password, sign-in on a second device, rename, sign out everywhere, the
// leaderboard, and "random, excluding beginners" offered in the lobby.
import { describe, expect, it } from 'vitest';
import { createTwoPlayerGame, newPage, serverAndBrowser, shot } from './helpers.js';

const env = serverAndBrowser();

describe('player profile', () => {
  it('history after a game, password, sign-in on another device, rename, sign out everywhere', async () => {
    const { server, browser } = env();
    const host = await newPage(browser);
    const guest = await newPage(browser);
    await createTwoPlayerGame(server, host.page, guest.page, { mode: 'Training Mission' });
    // The host (recruiter) resigns: the game is over, so it enters both histories.
    await host.page.getByRole('button', { name: 'Resign' }).click();
    await host.page.locator('.resign').getByRole('button', { name: 'Confirm' }).click();
    await host.page.locator('[role=status][data-phase="over"]').waitFor();

    await host.page.goto(`${server.url}/#/me`);
    const me = host.page.locator('section.profile');
    await me.getByRole('heading', { name: 'Rita' }).waitFor();
    const stats = me.getByRole('table', { name: 'Games' });
    await stats.waitFor();
    expect(await stats.locator('tbody tr').count()).toBe(1);
    expect(await stats.locator('tbody tr td').allInnerTexts()).toEqual(['Recruiter', 'Training Mission', '1', '0']);
    await expect.poll(() => me.getByRole('list', { name: 'Recent games' }).innerText()).toContain('lost');
    // Resigned before the agents' first turn: in the history, but not rated.
    expect(await me.getByRole('list', { name: 'Recent games' }).innerText()).toContain('unrated');
    expect(await me.getByRole('list', { name: 'Ratings' }).count()).toBe(0);
    const playerId = (await me.getByTestId('player-id').innerText()).trim();
    expect(playerId).toMatch(/^p_/);

    await me.getByLabel('Password', { exact: true }).fill('rita likes long passwords');
    await me.getByRole('button', { name: 'Set password' }).click();
    await me.getByRole('status').getByText('Saved.').waitFor();
    await shot(host.page, 'profile.png');

    // A second device signs in with the id and the password (the old way, still accepted in the
    // handle's box; my-games-devices.test.ts signs in with a handle).
    const phone = await newPage(browser, { width: 390, height: 844 });
    await phone.page.goto(`${server.url}/#/me`);
    const p2 = phone.page.locator('section.profile');
    await p2.getByLabel('Handle', { exact: true }).fill(playerId);
    await p2.getByLabel('Password', { exact: true }).fill('rita likes long passwords');
    await p2.getByRole('button', { name: 'Sign in on this device' }).click();
    await p2.getByRole('heading', { name: 'Rita' }).waitFor();
    await p2.getByLabel('Name', { exact: true }).fill('Rita K');
    await p2.getByRole('button', { name: 'Rename' }).click();
    await p2.getByRole('heading', { name: 'Rita K' }).waitFor();

    // The first device signs the others out; the phone's session is gone.
    await host.page.reload();
    await me.getByRole('heading', { name: 'Rita K' }).waitFor();
    await me.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await me.getByRole('status').getByText('Other devices signed out: 1').waitFor();
    await phone.page.reload();
    await p2.getByRole('button', { name: 'Make my profile' }).waitFor();

    // The public profile and the leaderboard.
    await guest.page.goto(`${server.url}/#/p/${playerId}`);
    await guest.page.getByRole('heading', { name: 'Rita K' }).waitFor();
    await guest.page.goto(`${server.url}/#/leaders`);
    await guest.page.getByText('Nobody has enough rated games yet.').first().waitFor();

    // The lobby offers "random, excluding beginners".
    await guest.page.goto(`${server.url}/#/`);
    const options = await guest.page
      .locator('section.create')
      .getByLabel('Who is the recruiter')
      .locator('option')
      .allInnerTexts();
    expect(options).toContain('Random, excluding beginners');
    for (const x of [host, guest, phone]) expect(x.errors.filter((e) => !/401/.test(e))).toEqual([]);
    for (const x of [host, guest, phone]) await x.ctx.close();
  }, 180_000);
});
