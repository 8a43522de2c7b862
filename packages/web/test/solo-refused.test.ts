// "Play solo" refused for the bot-game caps: the refusal is shown on the solo form, in the
// player's language, and nothing is left behind (no table in the open list or in "my games"). The
// server here allows a profile no game with bots, so every solo start is refused.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { JA } from '../src/i18n/ja.js';
import { EXPECT_MS, newPage, type Server, serverAndBrowser } from './helpers.js';

const env = serverAndBrowser({ LIMIT_BOT_GAMES_PER_PLAYER: '0' });
let server: Server;
let browser: Browser;
beforeAll(() => {
  ({ server, browser } = env());
});

describe('Play solo refused for the bot-game caps', () => {
  it('regression: Play solo failed silently and left a public waiting table named after the player', async () => {
    // Japanese: the catalogues' types make every language have the sentence; this is where it shows
    for (const [lang, dict] of [['ja', JA]] as const) {
      const { page, ctx } = await newPage(browser);
      await page.addInitScript((l) => localStorage.setItem('mm.lang', l), lang);
      await page.goto(`${server.url}/#/`);
      await page.locator('.namefield input').first().fill('Zed');
      const box = page.locator('section.solo');
      await box.locator('button.primary.big').click();
      await box.getByRole('alert').waitFor({ timeout: EXPECT_MS });
      expect(await box.getByRole('alert').innerText()).toBe(dict.le_too_many_bot_games);
      expect(page.url()).toMatch(/#\/$/); // still on the form, not sent to a table
      // no seat kept in this browser either
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('mm.games') ?? '{}'))).toEqual({});
      await ctx.close();
    }
    const open = (await (await fetch(`${server.url}/api/games`)).json()) as { games: unknown[] };
    expect(open.games).toEqual([]);
  }, 120_000);
});
