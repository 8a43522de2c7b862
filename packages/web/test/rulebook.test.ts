// The player's rulebook in real Chromium against the real server: each language,
// contents links that jump, search, deep links, links from the game, diagrams drawn from the board
// rules, and the on-demand chunk (the lobby does not download it; the bench's first-load list is
// exactly what Chromium fetches). Screenshots: artifacts/screenshots/rulebook-*.png.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { bytesOnWire, firstLoadFiles, inviteLoadFiles } from '../../cli/src/bench/web.js';
import { buildAll, EXPECT_MS, newPage, type Server, serverAndBrowser, shot, shotOf } from './helpers.js';
import { CHAPTERS } from '../src/rulebook/chapters.js';

const env = serverAndBrowser();
let server: Server;
let browser: Browser;
beforeAll(() => {
  ({ server, browser } = env());
});

/** Same-origin static files the page fetched, as dist-relative paths ('/' is index.html). */
function track(page: Page): string[] {
  const got: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.origin !== server.url || u.pathname.startsWith('/api/') || u.pathname.startsWith('/ws')) return;
    got.push(u.pathname === '/' ? 'index.html' : u.pathname.replace(/^\//, ''));
  });
  return got;
}

/** Distance from the top of the scrolling chapter pane to a chapter's heading. */
async function headingOffset(page: Page, chapter: string): Promise<number> {
  return page.evaluate((c) => {
    const body = document.querySelector('.rb-body')!;
    const h = document.querySelector(`#rb-${c} h2`)!;
    return Math.abs(h.getBoundingClientRect().top - body.getBoundingClientRect().top);
  }, chapter);
}

const CASES = [
  {
    lang: 'en',
    locale: 'en-US',
    rules: 'Rules',
    book: 'Rulebook',
    capture: 'Capture',
    query: 'shakedown',
    miss: 'zzqx',
  },
  { lang: 'zh', locale: 'zh-CN', rules: '规则', book: '规则书', capture: '捕捉', query: '逼供', miss: 'zzqx' },
  {
    lang: 'ja',
    locale: 'ja-JP',
    rules: 'ルール',
    book: 'ルールブック',
    capture: '捕獲',
    query: '強制捜査',
    miss: 'zzqx',
  },
] as const;

describe('rulebook', () => {
  for (const c of CASES)
    it(`opens in ${c.lang}: contents jump, search finds a term, loaded only on demand`, async () => {
      const { page, errors } = await newPage(browser, { locale: c.locale });
      const fetched = track(page);
      await page.goto(`${server.url}/#/`);
      await page.locator('section.solo').waitFor();
      expect(fetched.some((f) => /Rulebook|text-/.test(f))).toBe(false);

      await page.getByRole('button', { name: c.rules, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: c.book });
      await dialog.locator('.rb-chapter h2').first().waitFor();
      expect(await dialog.locator('.rb-chapter').count()).toBe(CHAPTERS.length);
      expect(await page.locator('html').getAttribute('lang')).toBe(c.lang === 'zh' ? 'zh-CN' : c.lang);
      // the chapters of this language only: its own chunk, not the other two
      const texts = fetched.filter((f) => /text-/.test(f)).map((f) => path.basename(f).split('-')[1]);
      expect(texts).toEqual([c.lang]);
      expect(await dialog.locator('figure.rb-diagram svg').count()).toBeGreaterThanOrEqual(7);
      await shot(page, `rulebook-${c.lang}.png`, false);

      // contents: the Capture link scrolls its chapter to the top; the address stays the same
      await dialog.getByRole('navigation').getByRole('link', { name: c.capture, exact: true }).click();
      await page.waitForFunction(() => document.activeElement?.closest('#rb-capture') !== null);
      expect(await headingOffset(page, 'capture')).toBeLessThan(30);
      expect(await dialog.locator('nav li[aria-current=true] a').getAttribute('data-chapter')).toBe('capture');
      expect(new URL(page.url()).hash).toBe('#/');
      await shot(page, `rulebook-${c.lang}-capture.png`, false);

      // search: the term is found in the Shakedown chapter, with the match marked; a result jumps
      const search = dialog.getByRole('searchbox');
      await search.fill(c.query);
      const results = dialog.locator('.rb-results');
      await results.waitFor();
      expect(
        await results.locator('a[data-chapter]').evaluateAll((as) => as.map((a) => a.getAttribute('data-chapter'))),
      ).toContain('shakedown');
      expect(await results.locator('mark').first().innerText()).toBe(c.query);
      await shot(page, `rulebook-${c.lang}-search.png`, false);
      await results.locator('a[data-chapter=shakedown]').click();
      await page.waitForFunction(() => document.activeElement?.closest('#rb-shakedown') !== null);
      expect(await dialog.locator('#rb-shakedown mark').count()).toBeGreaterThan(0);
      await search.fill(c.miss);
      expect(await results.locator('a').count()).toBe(0);
      expect(await results.innerText()).not.toBe('');

      await dialog
        .getByRole('button', { name: c.lang === 'en' ? 'Close' : c.lang === 'zh' ? '关闭' : '閉じる' })
        .click();
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(errors).toEqual([]);
    });

  it('fits a 390x844 phone in each language: no sideways scrolling, contents still jump', async () => {
    for (const c of CASES) {
      const { page, ctx, errors } = await newPage(browser, { width: 390, height: 844, locale: c.locale });
      await page.goto(`${server.url}/#/rules/abilities`);
      await page.waitForFunction(() => document.activeElement?.closest('#rb-abilities') !== null);
      const box = await page.locator('.modal-box.rulebook').boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect(
        await page.evaluate(() => {
          const b = document.querySelector('.rb-body')!;
          return b.scrollWidth - b.clientWidth;
        }),
      ).toBeLessThanOrEqual(0);
      await shot(page, `rulebook-phone-${c.lang}.png`, false);
      await page.getByRole('navigation').getByRole('link', { name: c.capture, exact: true }).click();
      await page.waitForFunction(() => document.activeElement?.closest('#rb-capture') !== null);
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });

  it('a deep link #/rules/<chapter> opens that chapter; closing leaves the home page', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(`${server.url}/#/rules/reveal`);
    const dialog = page.getByRole('dialog', { name: 'Rulebook' });
    await page.waitForFunction(() => document.activeElement?.closest('#rb-reveal') !== null);
    expect(await headingOffset(page, 'reveal')).toBeLessThan(30);
    expect(await dialog.locator('nav li[aria-current=true] a').getAttribute('data-chapter')).toBe('reveal');
    // an address typed while the page is open works too
    await page.evaluate(() => (location.hash = '#/rules/mayhem'));
    await page.waitForFunction(() => document.activeElement?.closest('#rb-mayhem') !== null);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(new URL(page.url()).hash).toBe('#/');
    await page.locator('section.solo').waitFor();
    // an unknown chapter opens the book at its start rather than failing
    await page.goto(`${server.url}/#/rules/no-such-chapter`);
    await page.waitForFunction(() => document.activeElement?.closest('#rb-overview') !== null);
    expect(errors).toEqual([]);
  });

  it('rule texts in the game link to their chapter and open it over the table (the game stays)', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(`${server.url}/#/`);
    const solo = page.locator('section.solo');
    await solo.getByLabel('I play').selectOption({ label: 'Rogue agents' });
    await solo.getByLabel('Game type').selectOption({ label: 'Training Mission' });
    await solo.getByRole('button', { name: 'Play solo' }).click();
    await page.locator('[role=status][data-phase]').waitFor({ timeout: EXPECT_MS });
    const hash = new URL(page.url()).hash;
    expect(hash).toMatch(/^#\/g\//);
    const links = page.locator('section.hints a.rule-link');
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
      '#/rules/overview',
      '#/rules/agents-turn',
      '#/rules/ask',
      '#/rules/reveal',
      '#/rules/capture',
    ]);
    await page.locator('section.hints a[data-chapter=ask]').click();
    await page.waitForFunction(() => document.activeElement?.closest('#rb-ask') !== null);
    expect(new URL(page.url()).hash).toBe(hash);
    await shot(page, 'rulebook-over-table.png', false);
    await page.keyboard.press('Escape');
    expect(new URL(page.url()).hash).toBe(hash);
    // focus returns to the link that opened the book
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-chapter'))).toBe('ask');
    expect(await page.locator('[role=status][data-phase]').count()).toBe(1);
    expect(errors.filter((e) => !/WebSocket/.test(e))).toEqual([]);
  });

  it('the live table’s prompt links its chapter and opens it over the table; tools and time track link too', async () => {
    // The chapter each phase's prompt (p_<phase>) explains, written out here so a change in
    // chapterFor's table shows as a failure rather than being mirrored.
    const PHASE_CHAPTER: Record<string, string> = {
      mayhem: 'mayhem',
      recruiterCard: 'recruiter-cards',
      start: 'setup',
      setupSteps: 'setup',
      immortals: 'setup',
      agents: 'setup',
      mindSlipToken: 'setup',
      recruiterTurn: 'recruiter-turn',
      agentsTurn: 'agents-turn',
      answerAsk: 'ask',
      over: 'winning',
    };
    const { page, errors } = await newPage(browser);
    await page.goto(`${server.url}/#/`);
    const solo = page.locator('section.solo');
    await solo.getByLabel('I play').selectOption({ label: 'Recruiter' });
    await solo.getByLabel('Game type').selectOption({ label: 'Full Game' });
    await solo.getByRole('button', { name: 'Play solo' }).click();
    const status = page.locator('[role=status][data-phase]');
    await status.waitFor({ timeout: EXPECT_MS });
    const hash = new URL(page.url()).hash;
    const phase = (await status.getAttribute('data-phase'))!;
    const chapter = PHASE_CHAPTER[phase]!;
    expect(await status.locator('a.rule-link').getAttribute('href')).toBe(`#/rules/${chapter}`);
    expect(await page.locator('figure.track a.rule-link').getAttribute('href')).toBe('#/rules/recruiter-turn');
    await status.locator('a.rule-link').click();
    await page.waitForFunction((c) => document.activeElement?.closest(`#rb-${c}`) !== null, chapter);
    expect(new URL(page.url()).hash).toBe(hash);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(new URL(page.url()).hash).toBe(hash);
    expect(await status.count()).toBe(1);
    // the recruiter's first choice (the recruiter card) has its own link, to the cards' chapter
    await page.waitForFunction(
      () => document.querySelector('[role=status]')?.getAttribute('data-mine') === 'yes',
      null,
      {
        timeout: EXPECT_MS,
      },
    );
    const toolLinks = await page
      .locator('section.actions a.rule-link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('data-chapter')));
    expect(toolLinks.length).toBeGreaterThan(0);
    const mine = (await status.getAttribute('data-phase'))!;
    if (mine === 'recruiterCard') expect(toolLinks).toContain('recruiter-cards');
    expect(errors.filter((e) => !/WebSocket/.test(e))).toEqual([]);
  });

  it('diagrams show the legal destinations of the rules they illustrate (R2, R3, R16, R26)', async () => {
    const { page } = await newPage(browser);
    await page.goto(`${server.url}/#/rules/recruiter-turn`);
    await page.locator('figure[data-diagram=step]').waitFor();
    const marked = (d: string) =>
      page
        .locator(`figure[data-diagram=${d}] g.mark`)
        .evaluateAll((gs) => gs.map((g) => g.getAttribute('data-loc')).sort());
    // R2: from D4 a step goes orthogonally (D3 was visited) or diagonally into the temples C3 and E5.
    expect(await marked('step')).toEqual(['C3', 'C4', 'D5', 'E4', 'E5']);
    // R16: mind slip landings, exactly two away in straight lines.
    expect(await marked('mind-slip')).toEqual(['B2', 'B4', 'B6', 'D2', 'D6', 'F2', 'F4', 'F6']);
    // R26: Meru's crosshairs, the 9-location cross around D4.
    expect(await marked('meru')).toEqual(['B4', 'C4', 'D2', 'D3', 'D4', 'D5', 'D6', 'E4', 'F4']);
    // R3: an immortal on C5 goes 8 ways except across the mayhem edge to D5 and onto the immortal on B6.
    expect(await marked('immortal-move')).toEqual(['B4', 'B5', 'C4', 'C6', 'D4', 'D6']);
    for (const d of ['step', 'mind-slip', 'meru', 'immortal-move', 'agent-move', 'mayhem', 'board']) {
      const figure = page.locator(`figure[data-diagram=${d}]`);
      await figure.waitFor({ state: 'visible' });
      await shotOf(figure, `rulebook-diagram-${d}.png`);
    }
    // R1/R2: an agent on C4 with mayhem toward D4: two orthogonal moves; through the temple C3 it may
    // go diagonally, so D4 is still reached around the mayhem, but E4 (only through D4) is not.
    expect(await marked('agent-move')).toEqual(
      ['A4', 'B2', 'B3', 'B4', 'B5', 'C2', 'C3', 'C5', 'C6', 'D2', 'D3', 'D4', 'D5'].sort(),
    );
  });

  it('the word list shows players the words, without "(seed 004)" source tags', async () => {
    for (const locale of ['zh-CN', 'en-US']) {
      const { page, ctx, errors } = await newPage(browser, { locale });
      await page.goto(`${server.url}/#/rules/words`);
      const words = page.locator('.rb-words');
      await words.waitFor();
      const text = await words.innerText();
      expect(text).toContain('足迹');
      expect(text).not.toMatch(/seed|种子|本版选定|our choice/);
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });

  it('web.firstLoadKb counts exactly what Chromium fetches for the lobby from the real server', async () => {
    const { page } = await newPage(browser);
    const fetched = track(page);
    await page.goto(`${server.url}/#/`);
    await page.locator('section.solo').waitFor();
    await page.waitForLoadState('networkidle');
    expect([...new Set(fetched)].sort()).toEqual(firstLoadFiles(buildAll()).sort());
    // and the bytes the bench counts are Chromium's own: the compressed bodies as our server sent
    // them (brotli here), not the files' sizes. A resource's timing entry is recorded after its
    // response ends, which on a busy machine can come after the network went idle: wait for one
    // entry per file fetched before summing them.
    const files = firstLoadFiles(buildAll());
    await page.waitForFunction(
      (n) =>
        performance
          .getEntriesByType('resource')
          .filter((e) => e.name.startsWith(location.origin) && !/\/(api|ws)\b/.test(new URL(e.name).pathname))
          .filter((e) => (e as PerformanceResourceTiming).responseEnd > 0).length +
          1 >=
        n,
      files.length,
    );
    const chromium = await page.evaluate(() =>
      [
        ...performance.getEntriesByType('navigation'),
        ...performance
          .getEntriesByType('resource')
          .filter((e) => e.name.startsWith(location.origin) && !/\/(api|ws)\b/.test(new URL(e.name).pathname)),
      ].reduce((n, e) => n + (e as PerformanceResourceTiming).encodedBodySize, 0),
    );
    expect(chromium).toBe(await bytesOnWire(server.url, files));
    const raw = files.reduce((n, f) => n + fs.statSync(path.join(buildAll(), f)).size, 0);
    expect(chromium).toBeLessThan(raw / 2);
  });

  it('web.inviteLoadKb counts exactly what Chromium fetches for an invite link opened cold', async () => {
    const created = await fetch(`${server.url}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Host',
        mode: 'full',
        players: 2,
        bots: { '2': 'random' },
        recruiterCard: 'random',
        recruiterChoice: 'random',
        turnTimerSec: null,
      }),
    });
    const { gameId, token } = (await created.json()) as { gameId: string; token: string };
    // The invited player ends up at the table once the game starts: the figure counts the Table
    // chunk, which a table still waiting does not load yet. A started game opened cold shows it.
    const started = await fetch(`${server.url}/api/games/${gameId}/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(started.status).toBe(200);
    const { page } = await newPage(browser);
    const fetched = track(page);
    await page.goto(`${server.url}/#/g/${gameId}`);
    await page.locator('.board, svg').first().waitFor();
    await page.waitForLoadState('networkidle');
    const files = inviteLoadFiles(buildAll());
    expect(files.some((f) => /\/Table-[\w-]+\.js$/.test(f))).toBe(true);
    expect([...new Set(fetched)].sort()).toEqual(files.sort());
  });
});
