// In real Chromium, in English, Chinese and Japanese: a muted player is told so in the
// chat box; the password and delete boxes carry visible labels; a short password gets a sentence
// in the page's language (it was "password: The password has at least 10 characters.").
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTwoPlayerGame, newPage, serverAndBrowser, type Server } from './helpers.js';

const env = serverAndBrowser();
let server: Server;
let browser: Browser;
beforeAll(() => {
  ({ server, browser } = env());
});

const TEXT = {
  en: {
    password: 'Password',
    confirm: 'Type your name to confirm',
    setPassword: 'Set password',
    short: 'That password is too short: choose one of at least 10 characters.',
    muted: 'The host has muted you: you can read the chat but not write in it.',
  },
  zh: {
    password: '密码',
    confirm: '输入你的名字以确认',
    setPassword: '设置密码',
    short: '密码太短：请设置至少 10 个字符的密码。',
    muted: '房主已将你禁言：你可以阅读聊天，但不能发言。',
  },
  ja: {
    password: 'パスワード',
    confirm: '確認のため名前を入力',
    setPassword: 'パスワードを設定',
    short: 'パスワードが短すぎます。10文字以上にしてください。',
    muted: 'ホストがあなたをミュートしました。チャットは読めますが、書き込めません。',
  },
} as const;
type Lang = keyof typeof TEXT;

async function speak(page: Page, lang: Lang): Promise<void> {
  await page.locator('header label.lang select').selectOption(lang);
  await page.locator(`html[lang^="${lang}"]`).waitFor({ state: 'attached' });
}

describe('small things of the player pages', () => {
  it('visible labels on the password and delete boxes, a short password said in each language', async () => {
    const { page, errors, ctx } = await newPage(browser);
    await page.goto(`${server.url}/#/me`);
    const me = page.locator('section.profile');
    await me.getByLabel('Name', { exact: true }).fill('Lena');
    await me.getByRole('button', { name: 'Make my profile' }).click();
    await me.getByRole('heading', { name: 'Lena' }).waitFor();
    for (const lang of ['en', 'zh', 'ja'] as const) {
      await speak(page, lang);
      const x = TEXT[lang];
      // The label is on screen (not only read out): a visible <label> holding its box.
      for (const [text, box] of [
        [x.password, 'input[type=password]'],
        [x.confirm, 'input:not([type=password])'],
      ] as const) {
        const label = me.locator('label.field', { hasText: text });
        await label.waitFor();
        expect(await label.isVisible()).toBe(true);
        expect(await label.locator(box).count()).toBe(1);
        expect((await label.boundingBox())!.height).toBeGreaterThan((await label.locator(box).boundingBox())!.height);
      }
      await me.getByLabel(x.password, { exact: true }).fill('short');
      await me.getByRole('button', { name: x.setPassword }).click();
      await expect.poll(() => me.getByRole('alert').innerText()).toBe(x.short);
    }
    expect(errors).toEqual([]);
    await ctx.close();
  }, 120_000);

  it('a muted player is told so in the chat box, in each language', async () => {
    const host = await newPage(browser);
    const guest = await newPage(browser);
    await createTwoPlayerGame(server, host.page, guest.page, { mode: 'Training Mission' });
    const hostChat = host.page.getByRole('region', { name: 'Table chat' });
    await hostChat.getByRole('button', { name: 'Mute Alex' }).click();
    const guestChat = guest.page.locator('section.chat');
    for (const lang of ['en', 'zh', 'ja'] as const) {
      await speak(guest.page, lang);
      await guestChat.locator('.chat-muted').getByText(TEXT[lang].muted).waitFor();
      expect(await guestChat.locator('input').count()).toBe(0);
    }
    await hostChat.getByRole('button', { name: 'Unmute Alex' }).click();
    await expect.poll(() => guestChat.locator('.chat-muted').count()).toBe(0);
    for (const x of [host, guest]) await x.ctx.close();
  }, 120_000);
});
