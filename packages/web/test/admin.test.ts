// The admin area in real Chromium: an operator (ADMIN_HANDLES) finds a player and bans them; a
// plain player gets no admin area, and sees the announcement.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage, serverAndBrowser, shot, type Server } from './helpers.js';

async function post(base: string, method: string, path: string, token: string | null, body: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as any;
}

async function player(base: string, name: string): Promise<{ id: string; token: string }> {
  const r = await post(base, 'POST', '/api/players', null, { name });
  return { id: r.player.id, token: r.token };
}

describe('admin area', () => {
  const env = serverAndBrowser({ ADMIN_HANDLES: 'chief' });
  let server: Server;
  let browser: Browser;
  beforeAll(() => {
    ({ server, browser } = env());
  });

  it('an operator finds a player and bans them; a plain player gets no admin area', async () => {
    const chief = await player(server.url, 'Chief');
    await post(server.url, 'PUT', '/api/me/handle', chief.token, { handle: 'chief' });
    const troll = await player(server.url, 'Trollface');
    const as = async (who: { id: string; token: string }) => {
      const p = await newPage(browser);
      await p.ctx.addInitScript((s) => localStorage.setItem('mm.player', s), JSON.stringify(who));
      return p;
    };
    const op = await as(chief);
    await op.page.goto(`${server.url}/#/admin`);
    const admin = op.page.getByTestId('admin');
    await admin.waitFor();
    await op.page.getByRole('navigation').getByRole('link', { name: 'Admin' }).waitFor();
    const players = admin.getByRole('region', { name: 'Players' });
    await players.getByLabel('Name or handle').fill('troll');
    await players.getByRole('button', { name: 'Find' }).click();
    const row = players.getByTestId('admin-player');
    await row.getByText('Trollface').waitFor();
    await row.getByLabel('Reason').fill('spam in chat');
    await row.getByRole('button', { name: 'Ban' }).click();
    await row.getByText('Banned: spam in chat').waitFor();
    await shot(op.page, 'admin.png');
    const me = await fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${troll.token}` } });
    expect(me.status).toBe(401);

    // An announcement reaches everyone's screens (the lobby included).
    await post(server.url, 'POST', '/api/admin/announcement', chief.token, {
      text: 'Restart at 18:00 UTC',
      until: Date.now() + 3_600_000,
    });
    const plain = await as(await player(server.url, 'Plain'));
    await plain.page.goto(`${server.url}/#/admin`);
    await plain.page.getByTestId('admin-refused').waitFor();
    expect(await plain.page.getByTestId('announcement').innerText()).toBe('Restart at 18:00 UTC');
    expect(await plain.page.getByRole('navigation').getByRole('link', { name: 'Admin' }).count()).toBe(0);
    expect(await plain.page.getByLabel('Name or handle').count()).toBe(0);
    expect([...op.errors, ...plain.errors].filter((e) => !e.includes('401'))).toEqual([]);
  }, 120_000);
});
