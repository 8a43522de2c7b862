// Screenshots for a person to look at (not a test): starts the real
// server, plays two solo Full Games into the middle (one as the agents, one as the recruiter)
// and saves the table from both sides, the lobby, a tutorial step and the rulebook at 1280x800,
// 1920x1080 and 390x844 in English, Chinese and Japanese, into artifacts/ (not committed).
//   npx vite-node packages/web/test/screenshots.ts [outDir]
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  agentsMove,
  EXPECT_MS,
  launch,
  newPage,
  recruiterMove,
  ROOT,
  type Server,
  startServer,
  status,
} from './helpers.js';

const OUT = path.resolve(process.argv[2] ?? path.join(ROOT, 'artifacts'));
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
] as const;
const LANGS = ['en', 'zh', 'ja'] as const;

async function save(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(250);
    await page.screenshot({ path: path.join(OUT, `${name}-${size.width}x${size.height}.png`) });
  }
}

async function setLang(page: Page, lang: string): Promise<void> {
  await page.getByLabel(/^(Language|语言|言語)$/).selectOption(lang);
  await page.waitForTimeout(150);
}

/** A solo Full Game against random bots, played by clicking until the game has reached action
 * number `seq` (about three rounds after the setup: tokens, notes, exposed cards on the board). */
async function midGame(server: Server, browser: Browser, role: 'Recruiter' | 'Rogue agents', seq: number) {
  const { page } = await newPage(browser, { ...SIZES[0] });
  await page.goto(`${server.url}/#/`);
  await page.getByLabel('Your name').first().fill('Rita');
  const box = page.locator('section.solo');
  await box.getByLabel('I play').selectOption({ label: role });
  // random bots: the game lasts into the middle (easy ones end it early against this script)
  await box.locator('select[name=soloLevel]').selectOption('random');
  await box.getByLabel('Game type').selectOption({ label: 'Full Game' });
  await box.getByRole('button', { name: 'Play solo' }).click();
  await page.locator('[role=status][data-phase]').waitFor({ timeout: EXPECT_MS });
  for (let k = 0; k < 400; k++) {
    const s = await status(page);
    if (!s || s.phase === 'over' || (s.seq >= seq && s.mine)) break;
    if (!s.mine) {
      await page.waitForTimeout(100);
      continue;
    }
    if (role === 'Recruiter') await recruiterMove(page, ['C4', 'D4', 'C5', 'D5', 'B4', 'E4', 'B5', 'E5']);
    else await agentsMove(page, k, ['A1', 'F1', 'A7', 'F7']);
  }
  return page;
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  const server = await startServer();
  const browser = await launch();
  try {
    // the lobby, the rulebook and a tutorial step
    const { page } = await newPage(browser, { ...SIZES[0] });
    for (const lang of LANGS) {
      await page.goto(`${server.url}/?l=${lang}#/`);
      await setLang(page, lang);
      await page.locator('section.solo').waitFor();
      await save(page, `lobby-${lang}`);
      // a new query each time: a real page load, not a hash change of the page before
      await page.goto(`${server.url}/?t=${lang}#/tutorial/agents`);
      await page.locator('svg.board').waitFor();
      // the first lesson move: a step that waits on a click on the board
      for (let i = 0; i < 3; i++) {
        const next = page.locator('.tutorial button', { hasText: /^(Next|下一步|次へ)/ });
        if (await next.count()) await next.first().click();
      }
      await save(page, `tutorial-agents-${lang}`);
      await page.goto(`${server.url}/?r=${lang}#/rules/agents-turn`);
      await page.locator('nav.rb-toc').waitFor();
      await save(page, `rulebook-${lang}`);
      await page.keyboard.press('Escape');
    }
    // the table from both sides, in the middle of a game
    for (const [role, name, seq] of [
      ['Rogue agents', 'agents', 60],
      ['Recruiter', 'recruiter', 60],
    ] as const) {
      const table = await midGame(server, browser, role, seq);
      for (const lang of LANGS) {
        await setLang(table, lang);
        await save(table, `table-${name}-${lang}`);
      }
    }
    console.log(`screenshots in ${OUT}: ${fs.readdirSync(OUT).filter((f) => f.endsWith('.png')).length} PNGs`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
