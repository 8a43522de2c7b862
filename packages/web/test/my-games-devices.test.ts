// Every device has your games in real Chromium: a second browser context signs in
// with the handle and password only (no player id copied from the first device), finds the
// table in "My games" and resumes it in its seat by clicks. On the old code the sign-in form
// asked for the p_ id and "My games" on the second device stayed empty.
import { describe, expect, it } from 'vitest';
import { createTwoPlayerGame, newPage, serverAndBrowser } from './helpers.js';

const env = serverAndBrowser();

describe('my games on every device', () => {
  it('bug: a second device signed in by handle had an empty "My games"; now it resumes the table in its seat', async () => {
    const { server, browser } = env();
    const host = await newPage(browser);
    const guest = await newPage(browser);
    const gameId = await createTwoPlayerGame(server, host.page, guest.page, { mode: 'Training Mission' });

    // The first device chooses a handle and a password.
    await host.page.goto(`${server.url}/#/me`);
    const me = host.page.locator('section.profile');
    await me.getByRole('heading', { name: 'Rita' }).waitFor();
    await me.getByLabel('Handle', { exact: true }).fill('Rita.K');
    await me.getByRole('button', { name: 'Save handle' }).click();
    await me.getByRole('status').getByText('Saved.').waitFor();
    await me.getByLabel('Password', { exact: true }).fill('rita likes long passwords');
    await me.getByRole('button', { name: 'Set password' }).click();
    await me.getByRole('status').getByText('Saved.').waitFor();

    // A phone that never saw the table signs in with the handle (another case) and the password.
    const phone = await newPage(browser, { width: 390, height: 844 });
    await phone.page.goto(`${server.url}/#/me`);
    const p2 = phone.page.locator('section.profile');
    await p2.getByLabel('Handle', { exact: true }).fill('rita.k');
    await p2.getByLabel('Password', { exact: true }).fill('rita likes long passwords');
    await p2.getByRole('button', { name: 'Sign in on this device' }).click();
    await p2.getByRole('heading', { name: 'Rita' }).waitFor();

    // "My games" lists the table; "Open" resumes it in Rita's seat (the recruiter's), not as a spectator.
    await phone.page.goto(`${server.url}/#/`);
    const open = phone.page.locator('section.mine').locator(`a[href="#/g/${gameId}"]`);
    await open.waitFor();
    expect(await open.innerText()).toBe('Open');
    await open.click();
    await phone.page.waitForURL(new RegExp(`#/g/${gameId}$`));
    await phone.page.locator('[role=status][data-phase]').waitFor();
    await phone.page.getByRole('button', { name: 'Resign' }).waitFor();
    // The first device keeps its seat too.
    await host.page.goto(`${server.url}/#/g/${gameId}`);
    await host.page.getByRole('button', { name: 'Resign' }).waitFor();
    for (const x of [host, guest, phone]) expect(x.errors.filter((e) => !/401/.test(e))).toEqual([]);
    for (const x of [host, guest, phone]) await x.ctx.close();
  }, 180_000);
});
