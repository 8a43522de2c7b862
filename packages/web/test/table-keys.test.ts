// In real Chromium against the real server, by clicks and keys: the board at
// 100-200 % zoom, Tab order and the board as one ARIA grid stop, the shortcuts and their help,
// every move announced, a half-turn played with the keyboard alone.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage, serverAndBrowser, shot, status, waitSeq, type Server } from './helpers.js';
import { agentsTurn, focusTop, rect, sightTable } from './table-sight-play.js';
import type { Page } from 'playwright-core';

const env = serverAndBrowser();
let server: Server;
let browser: Browser;
beforeAll(() => {
  ({ server, browser } = env());
});
const { solo, soloAt } = sightTable(() => server.url);

describe('zoom, keyboard, screen readers', () => {
  it('1280x800 at 100, 150 and 200 % zoom: the whole board in view, at least as large (device px) as at 100 %', async () => {
    const sizes: { z: number; h: number; top: number; bottom: number; vh: number }[] = [];
    for (const z of [1, 1.5, 2]) {
      const ctx = await browser.newContext({
        viewport: { width: Math.round(1280 / z), height: Math.round(800 / z) },
        deviceScaleFactor: z,
        reducedMotion: 'reduce',
      });
      await ctx.addInitScript(() => localStorage.setItem('mm.pace', 'instant'));
      const page = await ctx.newPage();
      await soloAt(page, 'Rogue agents', agentsTurn);
      const r = await rect(page, 'svg.board > rect');
      sizes.push({ z, h: r.height * z, top: r.top, bottom: r.bottom, vh: r.vh });
      await shot(page, `table-zoom-${z * 100}.png`, false);
      await ctx.close();
    }
    for (const s of sizes) {
      expect(s.top, `${s.z}`).toBeGreaterThanOrEqual(0);
      expect(s.bottom, `${s.z}`).toBeLessThanOrEqual(s.vh);
      // the largest size that fits: not smaller on screen than at 100 % (150 % was 463 px of 578)
      expect(s.h, `${s.z}: ${JSON.stringify(sizes)}`).toBeGreaterThanOrEqual(sizes[0]!.h * 0.97);
    }
  }, 300_000);

  it('Tab order: a skip link, the actions before the board, the board one Tab stop with arrow keys (ARIA grid)', async () => {
    const { page, errors } = await newPage(browser);
    await soloAt(page, 'Rogue agents', agentsTurn);
    await focusTop(page);
    const seen: { text: string; cell: string | null; skip: boolean }[] = [];
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      seen.push(
        await page.evaluate(() => {
          const e = document.activeElement as HTMLElement;
          return {
            text: (e.textContent ?? '').trim().slice(0, 40),
            cell: e.getAttribute('data-loc'),
            skip: e.classList.contains('skip'),
          };
        }),
      );
    }
    const activate = seen.findIndex((x) => /^Activate/.test(x.text));
    const firstCell = seen.findIndex((x) => x.cell !== null);
    expect(activate).toBeGreaterThanOrEqual(0);
    // + 1: the first press of a fresh page reaches the home link
    expect(activate + 2, 'presses to reach Activate').toBeLessThanOrEqual(12);
    expect(firstCell).toBeGreaterThan(activate);
    // one stop for the whole board (Tab leaves it at once)
    expect(seen[firstCell + 1]!.cell).toBeNull();
    expect(seen.slice(0, activate).some((x) => x.skip)).toBe(true);
    // the grid: arrows move between locations
    const grid = page.locator('svg.board [role=grid]');
    expect(await grid.locator('[role=row]').count()).toBe(7);
    expect(await grid.locator('[role=gridcell]').count()).toBe(42);
    await page.locator('svg.board [role=gridcell][tabindex="0"]').focus();
    await page.keyboard.press('Home');
    const row = (await page.evaluate(() => document.activeElement!.getAttribute('data-loc')))!;
    await page.keyboard.press('ArrowRight');
    const right = await page.evaluate(() => document.activeElement!.getAttribute('data-loc'));
    expect(right).not.toBe(row);
    expect(right![1]).toBe(row[1]);
    await page.keyboard.press('ArrowDown');
    const down = await page.evaluate(() => document.activeElement!.getAttribute('data-loc'));
    expect(down![0]).toBe(right![0]);
    expect(await page.locator('svg.board [role=gridcell][tabindex="0"]').count()).toBe(1);
    // the skip link to the board focuses it
    await focusTop(page);
    const passed: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      passed.push(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 60) ?? ''));
      if (await page.evaluate(() => document.activeElement?.getAttribute('href') === '#table-board')) break;
    }
    expect(passed.at(-1), passed.join('\n')).toMatch(/#table-board/);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('gridcell');
    expect(errors).toEqual([]);
  }, 240_000);

  it('a whole half-turn with the keyboard alone; shortcuts listed in a help overlay; every move announced in a polite live region', async () => {
    const { page, errors } = await newPage(browser);
    await soloAt(page, 'Rogue agents', agentsTurn);
    // the help overlay lists the shortcuts ("?" opens and closes it)
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    for (const k of ['U', 'C', 'E'])
      expect(await help.locator('kbd', { hasText: new RegExp(`^${k}$`) }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    // two activations, by keys only
    const live = page.locator('[aria-live=polite][data-testid=announce]');
    for (let a = 0; a < 2; a++) {
      let s = (await status(page))!;
      expect(s.phase).toBe('agentsTurn');
      await focusTop(page);
      let i = 0;
      for (; i < 20; i++) {
        await page.keyboard.press('Tab');
        if (await page.evaluate(() => /^Activate/.test(document.activeElement?.textContent?.trim() ?? ''))) break;
      }
      expect(i).toBeLessThan(20);
      await page.keyboard.press('Enter');
      await page.keyboard.press('c');
      await waitSeq(page, s.seq);
      expect(await live.innerText()).toMatch(/is activated/);
      // the board: one key to reach it, Enter on the first choice, then confirm
      s = (await status(page))!;
      await page.keyboard.press('b');
      expect(await page.evaluate(() => document.activeElement?.classList.contains('target'))).toBe(true);
      await page.keyboard.press('Enter');
      await page.keyboard.press('c');
      await waitSeq(page, s.seq);
      expect(await live.innerText()).toMatch(/moved from/);
      // end the activation
      s = (await status(page))!;
      // every announcement from here is kept: each frame replaces the region's text, and the
      // recruiter bot's next move can replace its first before a poll on a busy machine reads it
      if (a === 1)
        await page.evaluate(() => {
          // the whole page is watched: the region may be a new element after the turn passes
          const said: string[] = ((window as unknown as { said: string[] }).said = []);
          new MutationObserver(() => {
            const text = document.querySelector('[data-testid=announce]')?.textContent ?? '';
            if (text !== said.at(-1)) said.push(text);
          }).observe(document.body, { childList: true, subtree: true, characterData: true });
        });
      await page.keyboard.press('e');
      await page.keyboard.press('c');
      await waitSeq(page, s.seq);
    }
    // the half-turn is over: the recruiter (a bot) plays, and its move is announced, whichever it
    // is: a random recruiter may use a mind slip instead of a step (a failed CI run of b73f848
    // waited for "moved in secret" after "The recruiter used mind slip token 1 at 7:00.")
    const said = () => page.evaluate(() => (window as unknown as { said: string[] }).said);
    await page
      .waitForFunction(() => (window as unknown as { said: string[] }).said.some((x) => /^The recruiter /.test(x)))
      .catch(async (e: Error) => {
        throw new Error(`${e.message}; announced: ${JSON.stringify(await said())}`);
      });
    expect(errors).toEqual([]);
  }, 240_000);

  it('an agents’ half-turn of two activations in at most 15 keys (was 84): after each choice the focus is on the next action', async () => {
    const { page, errors } = await newPage(browser);
    await soloAt(page, 'Rogue agents', agentsTurn);
    await focusTop(page);
    const pressed: string[] = [];
    const press = async (k: string, what: string) => {
      pressed.push(`${k}:${what}`);
      await page.keyboard.press(k);
    };
    // from the top of the page: the header's links, then the first skip link, which goes to the
    // next action (the first Activate)
    for (let i = 0; i < 8; i++) {
      await press('Tab', 'to the skip link');
      if (await page.evaluate(() => document.activeElement?.getAttribute('href') === '#table-actions')) break;
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('#table-actions');
    await press('Enter', 'skip');
    const focused = () =>
      page.evaluate(() => {
        const e = document.activeElement;
        const cell = e?.getAttribute('data-loc');
        const ok = !!e && (e.classList.contains('target') || !!e.closest('section.actions'));
        return ok ? (cell ? `cell ${cell}` : (e!.textContent ?? '').trim()) : null;
      });
    for (let i = 0; i < 20; i++) {
      // the table puts the focus on what is next; the player only presses Enter (while the
      // recruiter answers an Ask, the player waits)
      const what = await page
        .waitForFunction(
          () => {
            const e = document.activeElement;
            const st = document.querySelector('[role=status][data-phase]');
            const phase = st?.getAttribute('data-phase');
            if (phase !== 'agentsTurn' && phase !== 'answerAsk') return 'passed';
            if (st?.getAttribute('data-mine') !== 'yes') return false;
            return !!e && (e.classList.contains('target') || !!e.closest('section.actions'));
          },
          undefined,
          { timeout: 20_000 },
        )
        .then(async (h) => ((await h.jsonValue()) === 'passed' ? null : await focused()));
      // the next half-turn's first Activate: this one is over (the recruiter bot can be quick)
      if (what === null || (/^Activate/.test(what) && pressed.filter((p) => /Activate/.test(p)).length === 2)) break;
      const s = (await status(page))!;
      await press('Enter', what);
      if (await page.locator('[data-ask=confirm]').count()) await press('c', 'confirm');
      await waitSeq(page, s.seq);
    }
    const said = pressed.join(', ');
    expect(pressed.filter((p) => /Activate/.test(p)).length, said).toBe(2);
    expect(
      pressed.some((p) => /cell /.test(p)),
      said,
    ).toBe(true);
    expect(
      pressed.some((p) => /Ask|End activation/.test(p)),
      said,
    ).toBe(true);
    console.info(`keys for a half-turn of two activations: ${pressed.length} (${said})`);
    expect(pressed.length, said).toBeLessThanOrEqual(15);
    expect(errors).toEqual([]);
  }, 240_000);

  it('the accessibility tree: every cell names what stands on it and whether it is a choice; the agents have their own region; the odds name their features', async () => {
    const { page, errors } = await newPage(browser);
    await soloAt(page, 'Rogue agents', (s) => agentsTurn(s) && s.phase === 'agentsTurn');
    // activate an agent by the command line: the board then offers its moves
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('table-command');
    const s = (await status(page))!;
    // "activate" alone plays when one agent fits, else it names the choices
    const said = await command(page, 'activate');
    if (/Which one/.test(said)) await command(page, `activate ${/Activate ([A-Za-z]+)/.exec(said)![1]!}`);
    else expect(said).toMatch(/^Sent: /);
    await waitSeq(page, s.seq);
    await page.locator('svg.board g.cell.target').first().waitFor();
    const tree = await page.locator('svg.board [role=grid]').ariaSnapshot();
    const cells = tree.split('\n').filter((l) => /gridcell/.test(l));
    expect(cells.length).toBe(42);
    const agents = await page.getByRole('region', { name: 'Agents' }).innerText();
    const at = /(\w+(?: \w+)?) at ([A-F][1-7])/.exec(agents)!;
    expect(at, agents).not.toBeNull();
    // the agent's cell names it; the choices say so
    expect(
      cells.find((l) => l.includes(`"${at[2]}: `))!,
      tree,
    ).toContain(at[1]!.split(' ')[0]);
    const choices = cells.filter((l) => /a choice/.test(l));
    expect(choices.length).toBe(await page.locator('svg.board g.cell.target').count());
    expect(choices.length).toBeGreaterThan(0);
    // reflow (WCAG 1.4.10): at 320 CSS px nothing scrolls sideways, the command line included
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const cmd = await rect(page, '#table-command');
    expect(cmd.right).toBeLessThanOrEqual(320);
    expect(cmd.height).toBeGreaterThanOrEqual(24);
    await page.setViewportSize({ width: 1280, height: 900 });
    // the deduction odds say which feature each number is about
    const share = page.locator('section.deduction .share').first();
    await share.waitFor({ timeout: 10_000 });
    expect(await share.ariaSnapshot()).toMatch(/[A-Z][a-z]+[\w -]* \d+%/);
    // the command line reads a row and a cell
    expect(await command(page, `look ${at[2]}`)).toMatch(new RegExp(`^${at[2]}: .*${at[1]!.split(' ')[0]}`));
    expect(await command(page, `row ${at[2][1]}`)).toMatch(new RegExp(`^Row ${at[2][1]}: .*${at[1]!.split(' ')[0]}`));
    expect(errors).toEqual([]);
  }, 240_000);

  it('390x844: a whole Training Mission played by typed commands only; the board does not move (layout shift at most 0.05)', async () => {
    const { page, errors } = await newPage(browser, { width: 390, height: 844 });
    await page.addInitScript(() => {
      const w = window as unknown as { shift: number; shifts: string[] };
      w.shift = 0;
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node }[] })[]) {
          w.shift += e.value;
          const names = (e.sources ?? []).map((x) => (x.node instanceof Element ? x.node.className : '?'));
          w.shifts.push(`${e.value.toFixed(4)} ${names.join(',')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // a random recruiter can be boxed in at once (R17) or walk into an agent, the game over
    // before the agents' first commands (regression "expected 0 to be greater than 4"): another
    // game is started then
    const activations = (t: string[]) => t.filter((c) => /^activate/i.test(c)).length;
    let typed: string[] = [];
    for (let game = 0; game < 3 && activations(typed) <= 4; game++) {
      await solo(page, 'Rogue agents');
      await page.waitForTimeout(300);
      await page.evaluate(() => {
        const w = window as unknown as { shift: number; shifts: string[] };
        w.shift = 0;
        w.shifts = [];
      });
      typed = await playByCommands(page);
    }
    const { shift, shifts } = await page.evaluate(() => {
      const w = window as unknown as { shift: number; shifts: string[] };
      return { shift: w.shift, shifts: w.shifts };
    });
    console.info(`typed commands: ${typed.length}; layout shift at 390x844: ${shift.toFixed(4)} in ${shifts.length}`);
    expect((await status(page))!.phase).toBe('over');
    expect(activations(typed)).toBeGreaterThan(4);
    expect(shift, shifts.join('\n')).toBeLessThanOrEqual(0.05);
    expect(errors.filter((e) => !/WebSocket/.test(e))).toEqual([]);
  }, 300_000);
});

/** Types a line into the command line, presses Enter and returns the answer. */
async function command(page: Page, line: string): Promise<string> {
  const answer = page.locator('#table-command-answer');
  const n = await answer.getAttribute('data-n');
  await page.fill('#table-command', line);
  await page.press('#table-command', 'Enter');
  await page.waitForFunction((x) => document.getElementById('table-command-answer')?.getAttribute('data-n') !== x, n);
  return answer.innerText();
}

/** Plays this seat's moves through the command line only, to the end of the game: the words of
 * the button it would press ("Activate Meru", "Ask: Garden", "End activation"), or a location the
 * board offers ("B3"), typed and sent with Enter; a question is answered "yes". */
async function playByCommands(page: Page): Promise<string[]> {
  const typed: string[] = [];
  const type = async (line: string) => {
    typed.push(line);
    return command(page, line);
  };
  for (let i = 0; i < 800; i++) {
    const s = (await status(page))!;
    if (s.phase === 'over') break;
    if (!s.mine) {
      await page.waitForFunction(
        () => {
          const st = document.querySelector('[role=status][data-phase]');
          return st?.getAttribute('data-mine') === 'yes' || st?.getAttribute('data-phase') === 'over';
        },
        undefined,
        { timeout: 30_000 },
      );
      continue;
    }
    const buttons = await page
      .locator('section.actions button:not([aria-disabled=true]):not(.link):not([aria-pressed])')
      .allInnerTexts();
    const cells = await page
      .locator('svg.board g.cell.target')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-loc')!));
    const pick =
      buttons.find((b) => /^Activate/.test(b)) ??
      (cells.length ? cells[i % cells.length] : undefined) ??
      buttons.find((b) => /^Ask/.test(b)) ??
      buttons.find((b) => /^End/.test(b)) ??
      buttons[0];
    if (!pick) throw new Error(`nothing to type at ${JSON.stringify(s)}`);
    const said = await type(pick.trim());
    if (/Type “yes”/.test(said)) await type('yes');
    else if (!/^Sent: /.test(said)) throw new Error(`"${pick}": ${said}`);
    await waitSeq(page, s.seq);
  }
  return typed;
}
