// Table chat between browsers in real Chromium: both players read each other, the
// recruiter included; a spectator reads but has no input until the host allows; the host mutes
// a seat; a late page gets the stored messages.
import { describe, expect, it } from 'vitest';
import { createTwoPlayerGame, newPage, serverAndBrowser, shot, shotOf } from './helpers.js';

const env = serverAndBrowser();

describe('table chat', () => {
  it('two browsers talk; a spectator reads; the host opens it to spectators and mutes a seat', async () => {
    const { server, browser } = env();
    const host = await newPage(browser);
    const guest = await newPage(browser);
    const gameId = await createTwoPlayerGame(server, host.page, guest.page, { mode: 'Training Mission' });
    const hostChat = host.page.getByRole('region', { name: 'Table chat' });
    const guestChat = guest.page.getByRole('region', { name: 'Table chat' });
    await hostChat.getByText('Everyone at this table reads the chat, the recruiter included.').waitFor();

    await guestChat.getByLabel('Message').fill('Good luck, recruiter');
    await guestChat.getByRole('button', { name: 'Send' }).click();
    await hostChat.getByText('Good luck, recruiter').waitFor();
    await hostChat.getByLabel('Message').fill('You will need it');
    await hostChat.getByLabel('Message').press('Enter');
    await guestChat.getByText('You will need it').waitFor();

    // The game log shows the talk where it was said, set apart from the game's events.
    const hostLog = host.page.locator('ol.log');
    await hostLog.locator('li.log-chat', { hasText: 'Good luck, recruiter' }).waitFor();
    await hostLog.locator('li.log-chat', { hasText: 'You will need it' }).waitFor();
    const lines = async () =>
      hostLog
        .locator('li')
        .evaluateAll((els) => els.map((e) => (e.classList.contains('log-chat') ? `chat:${e.textContent}` : 'event')));
    const before = await lines();
    expect(before.slice(-2)).toEqual([
      'chat:Table chat: Alex: Good luck, recruiter',
      'chat:Table chat: Rita: You will need it',
    ]);
    expect(before.filter((x) => x === 'event').length).toBeGreaterThan(0);
    const looks = await hostLog
      .locator('li.log-chat')
      .first()
      .evaluate((e) => [getComputedStyle(e).fontStyle, getComputedStyle(e).borderLeftStyle]);
    expect(looks).toEqual(['italic', 'solid']);
    await shotOf(hostLog, 'table-chat-in-log.png');

    // A spectator reads the stored messages, cannot write.
    const watcher = await newPage(browser);
    await watcher.page.goto(`${server.url}/#/g/${gameId}?watch`);
    const wChat = watcher.page.getByRole('region', { name: 'Table chat' });
    await wChat.getByText('Good luck, recruiter').waitFor();
    await wChat.getByText('You will need it').waitFor();
    expect(await wChat.getByLabel('Message').count()).toBe(0);
    await wChat.getByText('Spectators read the chat; the host has not opened it to them.').waitFor();

    // The box follows the server's chatPolicy frame (not an optimistic toggle): click, then wait.
    await hostChat.getByLabel('Spectators may write').click();
    await expect.poll(() => hostChat.getByLabel('Spectators may write').isChecked()).toBe(true);
    await wChat.getByLabel('Message').fill('Watching closely');
    await wChat.getByRole('button', { name: 'Send' }).click();
    await guestChat.getByText('Watching closely').waitFor();

    await hostChat.getByRole('button', { name: 'Mute Alex' }).click();
    await expect.poll(() => guestChat.getByLabel('Message').count()).toBe(0);
    await guestChat.getByText('The host has muted you: you can read the chat but not write in it.').waitFor();
    await hostChat.getByRole('button', { name: 'Unmute Alex' }).click();
    await guestChat.getByLabel('Message').waitFor();
    await shot(host.page, 'table-chat.png');

    // After the game the replay shows the stored chat.
    await host.page.getByRole('button', { name: 'Resign' }).click();
    await host.page.locator('.resign').getByRole('button', { name: 'Confirm' }).click();
    await host.page.locator('[role=status][data-phase="over"]').waitFor();
    // Events after the talk come after it in the log: the game's end is the last line.
    const after = await lines();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after[after.length - 1]).toBe('event');
    expect(after).toContain('chat:Table chat: Spectator: Watching closely');
    await host.page.getByRole('button', { name: 'Replay', exact: true }).click();
    const replay = host.page.locator('section.replay');
    await replay.getByRole('region', { name: 'Table chat' }).getByText('Watching closely').waitFor();
    // The replay's log at its last step has the talk among the events.
    const last = replay.getByRole('button', { name: /Last/ });
    if (await last.isEnabled()) await last.click();
    await replay.locator('ol.log li.log-chat', { hasText: 'Watching closely' }).waitFor();
    for (const x of [host, guest, watcher]) expect(x.errors).toEqual([]);
    for (const x of [host, guest, watcher]) await x.ctx.close();
  }, 180_000);
});
