// The interactive tutorial in real Chromium: both sides completed in English, Chinese and
// Japanese by clicking the board and the lesson's buttons as a player would (following the
// highlighted location or button), at 1280x800 and 390x844; wrong clicks refused with a reason;
// Back, Restart and Exit; the tutorial is its own chunk, downloaded only when opened.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectNoSeriousViolations } from './a11y.js';
import { newPage, serverAndBrowser, shot, type Server } from './helpers.js';
import { SCRIPTS } from '../src/tutorial/script.js';
import { TUTORIAL_STRINGS } from '../src/tutorial/strings.js';

const env = serverAndBrowser();
let server: Server;
let browser: Browser;
beforeAll(() => {
  ({ server, browser } = env());
});

const LOCALES = { en: 'en-US', zh: 'zh-CN', ja: 'ja-JP' } as const;
type Lang = keyof typeof LOCALES;

const stepOf = async (page: Page) => Number(await page.locator('.tutorial').getAttribute('data-step'));

/** One lesson step, clicked the way a player follows it: the highlighted location or button. */
async function followLesson(page: Page, phone: boolean): Promise<'cell' | 'button'> {
  const before = await stepOf(page);
  const cell = page.locator('svg.board g.cell.target');
  let kind: 'cell' | 'button';
  if (await cell.count()) {
    expect(await cell.count()).toBe(1);
    if (phone) await cell.tap();
    else await cell.click();
    kind = 'cell';
  } else {
    await page.locator('.tut-buttons button.expected').click();
    kind = 'button';
  }
  await page.locator(`.tutorial[data-step="${before + 1}"]`).waitFor();
  expect(await page.locator('.tut-refusal').innerText()).toBe('');
  return kind;
}

const RUNS: { side: 'recruiter' | 'agents'; lang: Lang; width: number; height: number }[] = [
  { side: 'recruiter', lang: 'en', width: 1280, height: 800 },
  { side: 'agents', lang: 'en', width: 390, height: 844 },
  { side: 'recruiter', lang: 'zh', width: 390, height: 844 },
  { side: 'agents', lang: 'zh', width: 1280, height: 800 },
  { side: 'recruiter', lang: 'ja', width: 1280, height: 800 },
  { side: 'agents', lang: 'ja', width: 390, height: 844 },
];

describe('tutorial, completed by clicking', () => {
  for (const run of RUNS) {
    it(`${run.side} in ${run.lang} at ${run.width}x${run.height}`, async () => {
      const phone = run.width < 500;
      const { page, ctx, errors } = await newPage(browser, {
        width: run.width,
        height: run.height,
        locale: LOCALES[run.lang],
      });
      const chunks: string[] = [];
      page.on('request', (r) => {
        if (/\/assets\/Tutorial-[^/]*\.js$/.test(r.url())) chunks.push(r.url());
      });
      await page.goto(`${server.url}/#/`);
      await page.locator('.tutorial-entry').waitFor();
      expect(chunks).toEqual([]); // not part of the lobby's download
      await shot(page, `tutorial-lobby-entry-${run.lang}-${run.width}x${run.height}.png`, false);
      await page.locator(`.tutorial-entry a[href="#/tutorial/${run.side}"]`).click();
      await page.locator('.tutorial[data-step="0"]').waitFor();
      expect(chunks.length).toBe(1);

      const script = SCRIPTS[run.side];
      const strings = TUTORIAL_STRINGS[run.lang];
      const kinds: string[] = [];
      for (let i = 0; i < script.steps.length; i++) {
        // the lesson text is the step's, in the page's language, every name filled in
        const text = await page.locator('.tut-text').innerText();
        const template = strings[script.steps[i]!.key as 'r_intro'];
        expect(text.startsWith(template.split('{')[0]!)).toBe(true);
        expect(text).not.toMatch(/[{}]/);
        expect(await page.locator('.tut-count').innerText()).toBe(
          strings.progress.replace('{n}', String(i + 1)).replace('{total}', String(script.steps.length)),
        );
        // "what just happened" shows the scripted opponent's moves, as this seat may see them
        const key = script.steps[i]!.key;
        const happened = async () => page.locator('.tut-happened').innerText();
        if (run.lang === 'en' && key === 'r_answer')
          expect(await happened()).toContain('Henry Lyme asked about Umbrellas.');
        if (run.lang === 'en' && key === 'a_activate')
          expect(await happened()).toContain('The recruiter moved in secret (time 6:00).');
        if (run.lang === 'en' && key === 'a_note')
          expect(await happened()).toContain('Answer about Tiki Torches: cannot place.');
        // the agents never see the Recruiter's hidden path during the lesson
        if (run.side === 'agents') expect(await page.locator('.path-num').count()).toBe(0);
        if (i === 9) {
          await shot(page, `tutorial-${run.side}-${run.lang}-${run.width}x${run.height}.png`, false);
          await expectNoSeriousViolations(page, `tutorial ${run.side} ${run.lang} step ${i}`);
        }
        kinds.push(await followLesson(page, phone));
      }
      expect(kinds.filter((k) => k === 'cell').length).toBeGreaterThan(5);
      await page.locator('.tutorial[data-done="yes"]').waitFor();
      const done = await page.locator('.tut-text').innerText();
      expect(done).toContain(run.side === 'recruiter' ? strings.doneRecruiter : strings.doneAgents);
      // the real game state shows the lesson's end: 9 recruits, or the capture
      if (run.side === 'recruiter') expect(await page.locator('.tut-status').innerText()).toContain('9 / 9');
      // once the game is over its whole path is public (the reveal), also to the agents
      else expect(await page.locator('.path-num').count()).toBe(8);
      await shot(page, `tutorial-${run.side}-${run.lang}-${run.width}x${run.height}-done.png`, false);
      await expectNoSeriousViolations(page, `tutorial ${run.side} ${run.lang} done`);
      if (phone) {
        // every control of the lesson, and every location, is a tap target of at least 40 px
        const small = await page
          .locator('.tut-head button, .tut-head a.button, .tut-panel button, .tut-panel a.button, svg.board g.cell')
          .evaluateAll((els) =>
            els
              .filter((e) => Math.min(e.getBoundingClientRect().height, e.getBoundingClientRect().width) < 40)
              .map((e) => e.getAttribute('data-loc') ?? e.textContent),
          );
        expect(small).toEqual([]);
      }
      // exit to the lobby
      await page.locator('.tut-panel a[href="#/"]').click();
      await page.locator('section.solo').waitFor();
      expect(errors).toEqual([]);
      await ctx.close();
    });
  }
});

describe('tutorial refusals and navigation', () => {
  it('the recruiter lesson can be completed with the keyboard: each location and button is focusable and Enter plays it', async () => {
    const { page, ctx, errors } = await newPage(browser);
    await page.goto(`${server.url}/#/tutorial/recruiter`);
    await page.locator('.tutorial[data-step="0"]').waitFor();
    const total = SCRIPTS.recruiter.steps.length;
    for (let i = 0; i < total; i++) {
      if (i === 5) {
        // a reload keeps the lesson where it was, board included
        await page.reload();
        await page.locator('.tutorial[data-step="5"]').waitFor();
        expect(await page.locator('.path-num').count()).toBe(3);
      }
      const target = page.locator('svg.board g.cell.target');
      const el = (await target.count()) ? target : page.locator('.tut-buttons button.expected');
      await el.focus();
      expect(await el.evaluate((e) => e === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await page.locator(`.tutorial[data-step="${i + 1}"]`).waitFor();
    }
    await page.locator('.tutorial[data-done="yes"]').waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('a wrong click on the board is refused with its reason, and the lesson waits', async () => {
    const { page, ctx, errors } = await newPage(browser);
    await page.goto(`${server.url}/#/tutorial/recruiter`);
    await page.locator('.tutorial[data-step="0"]').waitFor();
    // step 0 waits for Next: a board click is refused
    await page.locator('svg.board g.cell[data-loc="A1"]').click();
    expect(await page.locator('.tut-refusal').innerText()).toBe(
      'This step waits for a button, not the board. Click “Next”.',
    );
    expect(await stepOf(page)).toBe(0);
    await followLesson(page, false); // Next
    await followLesson(page, false); // start D2
    await followLesson(page, false); // Next (cards)
    // first hidden step: C3 is the lesson; F7 is far away, the rules refuse it (R1)
    await page.locator('svg.board g.cell[data-loc="F7"]').click();
    const reason = await page.locator('.tut-refusal').innerText();
    expect(reason).toMatch(/^Not allowed: .*F7/);
    expect(await stepOf(page)).toBe(3);
    expect(await page.locator('.path-num').count()).toBe(1);
    // D1 is a legal step, but not this lesson's
    await page.locator('svg.board g.cell[data-loc="D1"]').click();
    expect(await page.locator('.tut-refusal').innerText()).toBe(
      'Allowed, but not this lesson’s move. Click C3 on the board.',
    );
    await expectNoSeriousViolations(page, 'tutorial with a refusal shown');
    // the right click clears the refusal and moves on
    await page.locator('svg.board g.cell[data-loc="C3"]').click();
    await page.locator('.tutorial[data-step="4"]').waitFor();
    expect(await page.locator('.tut-refusal').innerText()).toBe('');
    expect(await page.locator('.path-num').count()).toBe(2);
    // Back undoes the step on the board; Restart goes to the first step
    await page.getByRole('button', { name: /Back/ }).click();
    await page.locator('.tutorial[data-step="3"]').waitFor();
    expect(await page.locator('.path-num').count()).toBe(1);
    await page.getByRole('button', { name: /Restart/ }).click();
    await page.locator('.tutorial[data-step="0"]').waitFor();
    expect(await page.locator('.path-num').count()).toBe(0);
    expect(await page.locator('[role=progressbar]').getAttribute('aria-valuenow')).toBe('0');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('agents: a wrong button is refused (in Chinese); an illegal move with the engine’s reason in Chinese (R20)', async () => {
    const { page, ctx } = await newPage(browser, { locale: 'zh-CN' });
    await page.goto(`${server.url}/#/tutorial/agents`);
    await page.locator('.tutorial[data-step="0"]').waitFor();
    for (let i = 0; i < 5; i++) await followLesson(page, false);
    // activate Meru is the lesson; Henry is legal but not now
    await page.locator('.tut-buttons button[data-id="activate:henry"]').click();
    expect(await page.locator('.tut-refusal').innerText()).toBe('可以这样做，但不是本课的操作。点击“激活梅鲁”。');
    // a location is not what this step waits for
    await page.locator('svg.board g.cell[data-loc="C7"]').click();
    expect(await page.locator('.tut-refusal').innerText()).toBe('这一步要点按钮，不是版图。点击“激活梅鲁”。');
    expect(await stepOf(page)).toBe(5);
    await followLesson(page, false);
    // moving Meru (B7) three locations away is refused by the rules (R20), said in Chinese
    await page.locator('svg.board g.cell[data-loc="E7"]').click();
    const why = await page.locator('.tut-refusal').innerText();
    // without the ruling ids, which the player's rulebook never names
    expect(why).toMatch(/^规则不允许：E7 不在 B7 两步之内：[^（]*。$/);
    expect(why).not.toMatch(/[A-Za-z]{3}/);
    await ctx.close();
  });
});
