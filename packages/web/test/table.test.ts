// Issue 12 (the table), in real Chromium against the real server: one click and undo on both
// sides (issue 25), the tool reset at each turn start, clear refusals, moves
// that glide and are paced, the last turn marked, the log's hover highlight, the layout at three
// window sizes with zoom and phone tap targets, the player panel, the assistant option, "your
// turn" in the tab, and the glitches of item 9.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  clickTarget,
  commit,
  createTwoPlayerGame,
  newPage,
  recruiterMove,
  agentsMove,
  serverAndBrowser,
  shot,
  status,
  targets,
  waitSeq,
  type Server,
} from './helpers.js';

const env = serverAndBrowser();
let server: Server;
let browser: Browser;
beforeAll(() => {
  ({ server, browser } = env());
});

const actions = (p: Page) => p.locator('section.actions');

async function solo(
  page: Page,
  role: 'Recruiter' | 'Rogue agents',
  mode: 'Training Mission' | 'Full Game' = 'Training Mission',
  level = 'random',
): Promise<void> {
  await page.goto(`${server.url}/#/`);
  await page.getByLabel('Your name').first().fill('Rita');
  const box = page.locator('section.solo');
  await box.getByLabel('I play').selectOption({ label: role });
  await box.locator('select[name=soloLevel]').selectOption(level);
  await box.getByLabel('Game type').selectOption({ label: mode });
  await box.getByRole('button', { name: 'Play solo' }).click();
  await page.locator('[role=status][data-phase]').waitFor({ timeout: 20000 });
}

async function untilMine(page: Page, phases: string[], timeout = 30000): Promise<string> {
  const h = await page.waitForFunction(
    (ph) => {
      const el = document.querySelector('[role=status][data-phase]');
      const p = el?.getAttribute('data-phase') ?? '';
      return (el?.getAttribute('data-mine') === 'yes' && ph.includes(p)) || p === 'over' ? p : null;
    },
    phases,
    { timeout },
  );
  return String(await h.jsonValue());
}

/** Activates the first agent offered (one click) and waits for the answer. */
async function activateFirst(page: Page): Promise<void> {
  const s = (await status(page))!;
  await actions(page)
    .getByRole('button', { name: /^Activate/ })
    .first()
    .click();
  await commit(page);
  await waitSeq(page, s.seq);
}

/** Counts the `act` frames this page sends over its WebSocket. */
function countActs(page: Page): { n: number } {
  const c = { n: 0 };
  page.on('websocket', (ws) =>
    ws.on('framesent', (f) => {
      if (typeof f.payload === 'string' && f.payload.includes('"t":"act"')) c.n++;
    }),
  );
  return c;
}

/** Plays this seat's setup by clicking until the game waits on it in one of `phases`. */
async function setupUntil(page: Page, role: 'recruiter' | 'agents', phases: string[]): Promise<void> {
  // by time, not by a count of polls: with paced bot moves (900 ms each) on a loaded machine the
  // waiting alone can take many polls
  for (const end = Date.now() + 90_000; Date.now() < end;) {
    const s = await status(page);
    if (s?.mine && phases.includes(s.phase)) return;
    if (!s?.mine) {
      await page.waitForTimeout(50);
      continue;
    }
    if (role === 'recruiter') await recruiterMove(page, ['C4', 'D4', 'C5', 'D5', 'B4', 'E4']);
    else await agentsMove(page, 0, ['A1', 'F1', 'A7', 'F7']);
  }
  throw new Error(`never reached ${phases.join('/')}: ${JSON.stringify(await status(page))}`);
}

describe('one click, undo (issue 25)', () => {
  it('issue 25 recruiter: a step is sent on one click and Undo takes it back by click; the step and the end of the turn take 2 clicks plus one confirmation, never two; regression "Move an immortal stays selected": the tool resets at the next turn', async () => {
    const { page, errors } = await newPage(browser);
    const acts = countActs(page);
    // A random board can leave the recruiter no step at its first turn, only immortal moves (R17
    // with R37: boxed in is declared after them): the default tool is then Move an immortal, so
    // another game is started (seen once in CI).
    for (let game = 0; ; game++) {
      await solo(page, 'Recruiter', 'Full Game');
      await setupUntil(page, 'recruiter', ['recruiterTurn']);
      if (game >= 2 || (await actions(page).getAttribute('data-tool')) === 'step') break;
    }
    const s0 = (await status(page))!;
    const sent = acts.n;
    expect(await actions(page).getAttribute('data-tool')).toBe('step');
    // a step: one click, sent (D12: the agents see nothing of it until the turn is settled)
    const steps = await targets(page);
    await page.locator(`svg.board g.cell[data-loc="${steps[0]}"]`).click();
    await waitSeq(page, s0.seq);
    expect(acts.n).toBe(sent + 1);
    expect(await page.locator('.stage-bar').innerText()).toContain(`Step to ${steps[0]}`);
    expect(await page.locator('.path-num').count()).toBe(6);
    // Undo, by click: the step is taken back
    const s1 = (await status(page))!;
    await page.getByTestId('undo').click();
    await waitSeq(page, s1.seq);
    expect(acts.n).toBe(sent + 2);
    expect(await page.getByTestId('undo').count()).toBe(0);
    expect(await page.locator('.path-num').count()).toBe(5);
    expect(await targets(page)).toEqual(steps);
    // the step again; then the immortal tool is chosen, and the turn ended with the move left:
    // asked once
    const s2 = (await status(page))!;
    await page.locator(`svg.board g.cell[data-loc="${steps[steps.length - 1]}"]`).click();
    await waitSeq(page, s2.seq);
    await actions(page).locator('[role=toolbar]').getByRole('button', { name: 'Move an immortal' }).click();
    expect(await actions(page).getAttribute('data-tool')).toBe('moveImmortal');
    const s3 = (await status(page))!;
    await actions(page).getByRole('button', { name: 'End turn' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await commit(page)).toBe(true);
    await waitSeq(page, s3.seq);
    expect(await page.getByRole('dialog').count()).toBe(0);
    // the next recruiter turn starts with the default tool again (the step), not the immortal
    // the bots' whole agents turn comes first (slow on a loaded machine); their Asks are answered
    let ph = await untilMine(page, ['recruiterTurn', 'answerAsk'], 120_000);
    for (; ph === 'answerAsk'; ph = await untilMine(page, ['recruiterTurn', 'answerAsk'], 120_000)) {
      // regression: the recruiter answering was shown the agents' greyed Ask options (R22)
      expect(await actions(page).locator('.blocked-option').count()).toBe(0);
      await recruiterMove(page);
    }
    if (ph === 'over') return;
    expect(await actions(page).getAttribute('data-tool')).toBe('step');
    expect(await page.locator('[role=status]').innerText()).toMatch(/one step or mind slip/);
    expect(await page.locator('.stage-bar').count()).toBe(0);
    // counted: a step and the end of the turn
    let clicks = 0;
    let confirmations = 0;
    const t0 = (await status(page))!;
    const before = acts.n;
    clicks++;
    await page.locator(`svg.board g.cell[data-loc="${(await targets(page))[0]}"]`).click();
    await waitSeq(page, t0.seq);
    const t1 = (await status(page))!;
    if (t1.phase === 'recruiterTurn' && t1.mine) {
      clicks++;
      await actions(page).getByRole('button', { name: 'End turn' }).click();
      // the click either asks (a move left) or is sent: wait for one of them, not a fixed time
      // (regression: a confirmation drawn after the check was counted as none, then seen as a
      // second question)
      await page.waitForFunction(
        (s) =>
          !!document.querySelector('[role=dialog]') ||
          Number(document.querySelector('[role=status][data-seq]')?.getAttribute('data-seq')) > s,
        t1.seq,
      );
      if (await commit(page)) confirmations++;
      await waitSeq(page, t1.seq);
      expect(await page.getByRole('dialog').count()).toBe(0); // never asked twice
    }
    expect(acts.n).toBe(before + clicks);
    expect(clicks).toBeLessThanOrEqual(2);
    expect(confirmations).toBeLessThanOrEqual(1);
    console.log(`issue 25 counted: recruiter step + end of turn = ${clicks} clicks + ${confirmations} confirmation(s)`);
    expect(errors).toEqual([]);
  }, 240_000);

  it('issue 25 agents: an activation (choose the agent, move, ask) takes at most 4 clicks; a move and the activation are undone by click; a click on a location that is not a choice says why in one line and sends nothing (issue 26 item 4)', async () => {
    const { page, errors } = await newPage(browser);
    const acts = countActs(page);
    await solo(page, 'Rogue agents');
    await setupUntil(page, 'agents', ['agentsTurn']);
    const s0 = (await status(page))!;
    const sent = acts.n;
    const activate = actions(page)
      .getByRole('button', { name: /^Activate/ })
      .first();
    await activate.click();
    await waitSeq(page, s0.seq);
    expect(acts.n).toBe(sent + 1);
    expect(await page.locator('.stage-bar').innerText()).toMatch(/Activate/);
    // a location that is not a destination: refused with the engine's reason, nothing sent
    const ts = await targets(page);
    const far = await page
      .locator('svg.board g.cell')
      .evaluateAll((els, t) => els.map((e) => e.getAttribute('data-loc')!).find((l) => !t.includes(l))!, ts);
    const s1 = (await status(page))!;
    await page.locator(`svg.board g.cell[data-loc="${far}"]`).click();
    const refusal = page.locator('.refusal');
    await refusal.waitFor();
    expect(await refusal.innerText()).toMatch(/^Not possible: \S.+/);
    expect((await refusal.innerText()).split('\n')).toHaveLength(1);
    await page.waitForTimeout(300);
    expect(acts.n).toBe(sent + 1);
    expect((await status(page))!.seq).toBe(s1.seq);
    // the move: one click, sent; Undo by click puts the agent back, a second Undo the activation
    const to = ts.find((l) => l !== far)!;
    await page.locator(`svg.board g.cell[data-loc="${to}"]`).click();
    await waitSeq(page, s1.seq);
    expect(await page.locator('.stage-bar').innerText()).toContain(`moves to ${to}`);
    const s2 = (await status(page))!;
    await page.getByTestId('undo').click();
    await waitSeq(page, s2.seq);
    expect(await targets(page)).toEqual(ts);
    const s3 = (await status(page))!;
    await page.getByTestId('undo').click();
    await waitSeq(page, s3.seq);
    expect(await page.getByTestId('undo').count()).toBe(0);
    expect(
      await actions(page)
        .getByRole('button', { name: /^Activate/ })
        .count(),
    ).toBeGreaterThan(0);
    // counted: choose the agent, move, ask (or reveal, or end the activation)
    let clicks = 0;
    const counted = async (what: () => Promise<void>) => {
      const s = (await status(page))!;
      clicks++;
      await what();
      if (await commit(page)) clicks++;
      await waitSeq(page, s.seq);
    };
    await counted(() => activate.click());
    const dest = await targets(page);
    await counted(() => page.locator(`svg.board g.cell[data-loc="${dest[dest.length - 1]}"]`).click());
    const action = actions(page)
      .locator('button:not([aria-disabled])')
      .filter({ hasText: /Ask:|Reveal/ });
    if (await action.count()) await counted(() => action.first().click());
    else await counted(() => actions(page).getByRole('button', { name: 'End activation' }).click());
    expect(clicks).toBeLessThanOrEqual(4);
    console.log(`issue 25 counted: agent activation (activate, move, ask) = ${clicks} clicks`);
    expect(errors.filter((e) => !/WebSocket/.test(e))).toEqual([]);
  }, 240_000);

  it('Ask options blocked by an immortal (R22) stay visible, greyed, with the reason', async () => {
    const { page, errors } = await newPage(browser);
    // A random deck can leave the recruiter boxed in right after the placements (R17): that
    // game ends before any Ask, so another one is started (seen once in CI at seq 8).
    for (let game = 0; ; game++) {
      await solo(page, 'Rogue agents', 'Full Game');
      const reached = await setupUntil(page, 'agents', ['agentsTurn']).then(
        () => true,
        async (e: unknown) => {
          if (game < 2 && (await status(page))?.phase === 'over') return false;
          throw e;
        },
      );
      if (reached) break;
    }
    // find an agent and a destination showing a feature that an immortal's location shows
    // (the immortals' places are read at each activation: the recruiter moves them between turns)
    const immortalsAt = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('svg.board .piece[data-at]')]
          .filter((e) => e.getAttribute('data-piece')!.startsWith('immortal'))
          .map((e) => e.getAttribute('data-at')!),
      );
    expect((await immortalsAt()).length).toBe(4);
    let found = false;
    for (let k = 0; k < 8 && !found; k++) {
      const s = (await status(page))!;
      if (s.phase === 'over') break;
      if (s.phase !== 'agentsTurn' || !s.mine) {
        await untilMine(page, ['agentsTurn'], 60000);
        continue;
      }
      // no activation left in this half-turn (a random game can get there): end the turn
      if (
        !(await actions(page)
          .getByRole('button', { name: /^Activate/ })
          .count())
      ) {
        await actions(page).getByRole('button', { name: 'End turn' }).click();
        await commit(page);
        await waitSeq(page, s.seq);
        continue;
      }
      await activateFirst(page);
      const blocked = await immortalsAt();
      // every destination whose features an immortal's location shows blocks that Ask
      const featuresOf = (l: string) =>
        page
          .locator(`svg.board g.cell[data-loc="${l}"] > title`)
          .textContent()
          .then((x) => (x ?? '').split(': ')[1]?.split(', ') ?? []);
      const immFeatures = new Set((await Promise.all(blocked.map(featuresOf))).flat());
      for (const t of await targets(page)) {
        const fs = await featuresOf(t);
        if (!fs.some((f) => immFeatures.has(f))) continue;
        const s1 = (await status(page))!;
        await page.locator(`svg.board g.cell[data-loc="${t}"]`).click();
        await commit(page);
        await waitSeq(page, s1.seq);
        const greyed = actions(page).locator('button.blocked[aria-disabled=true]');
        expect(await greyed.count()).toBeGreaterThan(0);
        const why = await actions(page).locator('.blocked-option small').first().innerText();
        // the ruling id stays out of what players read (issue 25 §4)
        expect(why).toMatch(/nobody may ask about it\.$/);
        await greyed.first().click({ force: true });
        // the refusal line is drawn after the click: wait for it, not a fixed moment
        await expect.poll(() => page.locator('.refusal').innerText()).toMatch(/nobody may ask about it\./);
        expect(await page.locator('.refusal').innerText()).not.toMatch(/R22/);
        // instead of the ruling id, a link to the rulebook chapter that explains it (issue 25 §4)
        await expect.poll(() => page.locator('.refusal a.rule-link').count()).toBe(1);
        await shot(page, 'table-ask-blocked-1280.png', false);
        found = true;
        break;
      }
      if (!found) {
        const s2 = (await status(page))!;
        await actions(page).getByRole('button', { name: 'End activation' }).click();
        await commit(page);
        await waitSeq(page, s2.seq);
        await untilMine(page, ['agentsTurn'], 60000);
      }
    }
    expect(found).toBe(true);
    expect(errors).toEqual([]);
  }, 300_000);
});

/** Plays this seat's decisions and measures the time between the frames shown after each (the
 * answer to the own action is the first change: gaps from the second on), until there are 5. */
async function botGaps(page: Page): Promise<number[]> {
  const gaps: number[] = [];
  for (let i = 0; i < 8 && gaps.length < 5; i++) {
    if ((await untilMine(page, ['recruiterTurn', 'answerAsk', 'over'], 60000)) === 'over') break;
    await page.evaluate(() => ((window as unknown as { seqTimes: number[] }).seqTimes = []));
    await recruiterMove(page, []);
    await untilMine(page, ['recruiterTurn', 'answerAsk', 'over'], 60000);
    const t = await page.evaluate(() => (window as unknown as { seqTimes: number[] }).seqTimes);
    gaps.push(...t.slice(2).map((x, j) => x - t[j + 1]!));
  }
  return gaps;
}

describe('every move is seen', () => {
  it('bots’ moves are paced one by one, pieces glide, the last turn stays marked, a log entry highlights its place; "faster" shortens the pace', async () => {
    const { page, errors } = await newPage(browser, { pace: 'normal' });
    await solo(page, 'Recruiter');
    await setupUntil(page, 'recruiter', ['recruiterTurn']);
    // watch the shown positions and a piece's transform while the bot agents play
    await page.evaluate(() => {
      const w = window as unknown as { seqTimes: number[]; mid: number; ends: Set<string> };
      w.seqTimes = [];
      w.mid = 0;
      const el = document.querySelector('[role=status][data-seq]')!;
      new MutationObserver(() => w.seqTimes.push(performance.now())).observe(el, {
        attributes: true,
        attributeFilter: ['data-seq'],
      });
      const tick = () => {
        for (const p of document.querySelectorAll('svg.board .piece')) {
          const cs = getComputedStyle(p).transform;
          const target = (p as SVGGElement).style.transform;
          const m = /matrix\(([^)]+)\)/.exec(cs);
          const t = /translate\(([-\d.]+)px, ([-\d.]+)px\)/.exec(target);
          if (m && t) {
            const v = m[1]!.split(',').map(Number);
            // off the grid of cells (multiples of 100) while on its way
            if (Math.abs(v[4]! - Number(t[1])) > 1 || Math.abs(v[5]! - Number(t[2])) > 1) w.mid++;
          }
        }
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      // a glide's start, which frame sampling can miss on a loaded machine (CI of 2026-12-02 saw
      // no frame mid-glide in a whole run of bot turns)
      document.addEventListener('transitionstart', (e) => {
        if ((e.target as Element).closest?.('svg.board .piece') && e.propertyName === 'transform') w.mid++;
      });
    });
    expect(
      await page
        .locator('svg.board .piece')
        .first()
        .evaluate((e) => getComputedStyle(e).transitionDuration),
    ).toBe('0.6s');
    const gaps = await botGaps(page);
    const mid = await page.evaluate(() => (window as unknown as { mid: number }).mid);
    // the bots' several frames were shown one by one, 900 ms apart: on average (a render can
    // land late on a loaded machine, which shortens the next gap but not the average)
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(gaps.length).toBeGreaterThan(1);
    // 900 ms apart; a render landing late on this loaded machine moves one frame's time
    expect(mean(gaps)).toBeGreaterThan(700);
    expect(mid).toBeGreaterThan(0);
    // the agents' turn stays marked on the board; hovering a log entry highlights its place
    expect(await page.locator('svg.board .last-turn rect').count()).toBeGreaterThan(0);
    await page.locator('.log li.placed').last().hover();
    expect(await page.locator('svg.board .log-hl rect').count()).toBeGreaterThan(0);
    await shot(page, 'table-last-turn-1280.png', false);
    // "faster"
    await page.locator('select[name=pace]').selectOption('fast');
    const fast = await botGaps(page);
    expect(fast.length).toBeGreaterThan(1);
    expect(mean(fast)).toBeGreaterThan(200);
    expect(mean(fast)).toBeLessThan(650);
    expect(mean(gaps) - mean(fast)).toBeGreaterThan(300);
    expect(errors).toEqual([]);
  }, 240_000);
});

describe('the table fits the window', () => {
  const sizes = [
    { width: 1280, height: 800 },
    { width: 1920, height: 1080 },
    { width: 390, height: 844 },
  ];
  for (const size of sizes) {
    it(`${size.width}x${size.height}: board, prompt and actions without scrolling, no board overflow; wheel zoom${size.width < 500 ? '; tap targets >= 40 px' : ''}`, async () => {
      const { page, errors } = await newPage(browser, size);
      await solo(page, 'Rogue agents');
      await setupUntil(page, 'agents', ['agentsTurn']);
      await activateFirst(page);
      await page.locator(`svg.board g.cell[data-loc="${(await targets(page))[0]}"]`).click();
      await page.locator('.stage-bar').waitFor();
      const box = await page.evaluate(() => {
        const r = (sel: string) => {
          const b = document.querySelector(sel)!.getBoundingClientRect();
          return { top: b.top, bottom: b.bottom, left: b.left, right: b.right };
        };
        return {
          vw: innerWidth,
          vh: innerHeight,
          scrollW: document.documentElement.scrollWidth,
          board: r('svg.board'),
          status: r('[role=status][data-phase]'),
          actions: r('section.actions'),
          firstAction: r('section.actions button'),
          stage: r('.stage-bar'),
        };
      });
      await shot(page, `table-fit-${size.width}x${size.height}.png`, false);
      for (const k of ['board', 'status', 'stage', 'firstAction'] as const) {
        expect(box[k].top, k).toBeGreaterThanOrEqual(0);
        expect(box[k].bottom, k).toBeLessThanOrEqual(box.vh);
        expect(box[k].left, k).toBeGreaterThanOrEqual(0);
        expect(box[k].right, k).toBeLessThanOrEqual(box.vw);
      }
      expect(box.scrollW).toBeLessThanOrEqual(box.vw);
      if (size.width < 500) {
        // every button of the action panel and the plan bar, and every location, is >= 40 px
        const small = await page.evaluate(() =>
          [...document.querySelectorAll('section.actions button, .stage-bar button, svg.board g.cell')]
            .map((e) => ({ e: e.textContent?.trim().slice(0, 30), r: e.getBoundingClientRect() }))
            .filter((x) => x.r.height < 40 || x.r.width < 40)
            .map((x) => `${x.e} ${Math.round(x.r.width)}x${Math.round(x.r.height)}`),
        );
        expect(small).toEqual([]);
        const disc = await page.locator('svg.board .agent-token circle').first().boundingBox();
        expect(disc!.width).toBeGreaterThanOrEqual(16);
      }
      // wheel zoom on the board, then back to the whole board
      const b = await page.locator('svg.board').boundingBox();
      await page.mouse.move(b!.x + b!.width / 2, b!.y + b!.height / 2);
      await page.mouse.wheel(0, -400);
      await page.waitForFunction(() => Number(document.querySelector('svg.board')!.getAttribute('data-zoom')) > 1.5);
      await page.getByRole('button', { name: 'Fit the board' }).click();
      expect(await page.locator('svg.board').getAttribute('data-zoom')).toBe('1.00');
      if (size.width < 500) {
        // a two-finger pinch (Chromium's synthetic touch gesture) zooms the board, not the page
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Input.synthesizePinchGesture', {
          x: b!.x + b!.width / 2,
          y: b!.y + b!.height / 2,
          scaleFactor: 2,
          gestureSourceType: 'touch',
        });
        await page.waitForFunction(() => Number(document.querySelector('svg.board')!.getAttribute('data-zoom')) > 1.3);
        expect(await page.evaluate(() => window.visualViewport?.scale ?? 1)).toBe(1);
      }
      expect(errors).toEqual([]);
    }, 240_000);
  }
});

describe('players, assistant, attention', () => {
  it('player panel: names, roles, agents and whose turn for everyone; the assistant is off between people; the tab title and favicon say "your turn"; notification permission only from a click', async () => {
    const R = await newPage(browser);
    const A = await newPage(browser);
    for (const p of [R.page, A.page])
      await p.addInitScript(() => {
        const w = window as unknown as { asked: number };
        w.asked = 0;
        if (typeof Notification !== 'undefined')
          Notification.requestPermission = () => {
            w.asked++;
            return Promise.resolve('denied');
          };
      });
    // the create form: the assistant defaults to off for two people
    await R.page.goto(`${server.url}/#/`);
    await R.page.locator('section.create').getByLabel('Players').first().selectOption('2');
    expect(await R.page.locator('select[name=assistant]').inputValue()).toBe('off');
    await createTwoPlayerGame(server, R.page, A.page, { mode: 'Training Mission' });
    for (const p of [R.page, A.page]) {
      const panel = p.locator('section.players');
      await panel.getByText('Rita').waitFor();
      await panel.getByText('Alex').waitFor();
      expect(await panel.locator('li[data-seat="0"]').innerText()).toMatch(/Rita[\s\S]*Recruiter/);
      expect(await panel.locator('li[data-seat="1"]').innerText()).toMatch(/Alex[\s\S]*Rogue agents/);
      expect(await panel.locator('li[data-seat="1"] .aicon').count()).toBe(4);
    }
    // the recruiter starts: the panel, the tab title and the favicon say so
    await untilMine(R.page, ['start']);
    await A.page.locator('section.players li[data-seat="0"].turn').waitFor();
    expect(await R.page.title()).toMatch(/^● Your turn/);
    expect(await A.page.title()).not.toMatch(/Your turn/);
    expect(await R.page.locator('link[rel=icon]').getAttribute('data-badge')).toBe('yes');
    expect(await A.page.locator('link[rel=icon]').getAttribute('data-badge')).toBe('no');
    // the assistant is off at this table: no deduction panel for the agents
    expect(await A.page.locator('section.deduction').count()).toBe(0);
    // no permission asked on load; asked once the player ticks the box
    expect(await A.page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(0);
    await A.page.getByLabel('Notify me when it is my turn').click();
    await A.page.waitForFunction(() => (window as unknown as { asked: number }).asked === 1);
    // refused here (the stub says 'denied'): the box stays unticked
    expect(await A.page.getByLabel('Notify me when it is my turn').isChecked()).toBe(false);
    // Training: the start is public, the prompt does not call it secret
    expect(await R.page.locator('[role=status]').innerText()).toMatch(/public in the Training Mission/);
    await shot(R.page, 'table-players-1280.png', false);
    expect(R.errors.concat(A.errors).filter((e) => !/WebSocket/.test(e))).toEqual([]);
  }, 240_000);

  it('your turn in a hidden tab: a browser notification, and the sound when it is switched on', async () => {
    const R = await newPage(browser);
    const A = await newPage(browser);
    // record notifications and tones instead of showing and playing them; the tab is "hidden"
    await A.page.addInitScript(() => {
      const w = window as unknown as { notes: string[]; tones: number; hidden: boolean };
      w.notes = [];
      w.tones = 0;
      w.hidden = false;
      Object.defineProperty(document, 'hidden', { get: () => w.hidden });
      class FakeNotification {
        static permission = 'default';
        static requestPermission() {
          FakeNotification.permission = 'granted';
          return Promise.resolve('granted');
        }
        constructor(_title: string, o?: { body?: string }) {
          w.notes.push(o?.body ?? '');
        }
      }
      (window as unknown as { Notification: unknown }).Notification = FakeNotification;
      const Ctx = window.AudioContext;
      window.AudioContext = class extends Ctx {
        createOscillator() {
          w.tones++;
          return super.createOscillator();
        }
      } as typeof AudioContext;
    });
    await createTwoPlayerGame(server, R.page, A.page, { mode: 'Training Mission' });
    await A.page.getByLabel('Sound on my turn').check();
    await A.page.getByLabel('Notify me when it is my turn').check();
    const tonesBefore = await A.page.evaluate(() => (window as unknown as { tones: number }).tones);
    await A.page.evaluate(() => ((window as unknown as { hidden: boolean }).hidden = true));
    // the recruiter's setup; then the game waits on the agents (placing them)
    for (let i = 0; i < 10; i++) {
      const s = await status(A.page);
      if (s?.mine) break;
      if ((await status(R.page))?.mine) await recruiterMove(R.page, ['C4', 'D4', 'D5', 'C5', 'B5']);
      else await R.page.waitForTimeout(100);
    }
    await untilMine(A.page, ['agents']);
    await A.page.waitForFunction(() => (window as unknown as { notes: string[] }).notes.length === 1);
    expect(await A.page.evaluate(() => (window as unknown as { notes: string[] }).notes)).toEqual(['It is your turn.']);
    expect(await A.page.evaluate(() => (window as unknown as { tones: number }).tones)).toBeGreaterThan(tonesBefore);
    expect(await A.page.title()).toMatch(/^● Your turn/);
    expect(R.errors.concat(A.errors).filter((e) => !/WebSocket/.test(e))).toEqual([]);
  }, 180_000);

  it('solo tables are named after the player and the opponent; the result and the replay stay reachable after the end panel is closed', async () => {
    const { page, errors } = await newPage(browser);
    await solo(page, 'Rogue agents', 'Training Mission', 'hard');
    const id = /#\/g\/([^?/]+)/.exec(page.url())![1]!;
    const info = (await (await fetch(`${server.url}/api/games/${id}`)).json()) as { title: string };
    expect(info.title).toBe('Rita vs Recruiter (hard)');
    // the agents' panel says how many locations, never "0 locations" nor "1 locations"
    await page.locator('section.deduction .candidates').waitFor();
    expect(await page.locator('section.deduction .candidates').innerText()).not.toMatch(/\b[01] locations/);
    // resign (with its extra confirmation), close the end panel, reopen it, open the replay
    await page.getByRole('button', { name: 'Resign' }).click();
    await page.locator('.resign').getByRole('button', { name: 'Confirm' }).click();
    await page.locator('section.end').waitFor();
    await page.locator('section.end').getByRole('button', { name: 'Close' }).click();
    expect(await page.locator('section.end').count()).toBe(0);
    await page.getByRole('button', { name: 'Show the result' }).click();
    await page.locator('section.end').getByRole('button', { name: 'Replay' }).click();
    await page.getByRole('button', { name: 'Back to the table' }).waitFor();
    expect(errors).toEqual([]);
  }, 120_000);

  it('regression "stale not connected": a failed reconnect attempt that reports only `error` (never `close`) does not end the reconnecting; the refusal from the time offline goes once the connection is back', async () => {
    const { page, errors } = await newPage(browser);
    await page.bringToFront();
    // While `__block` is set, new connections go to an address the page's CSP (connect-src 'self')
    // refuses: Chromium then fires `error` on the socket, sets it CLOSED and never fires `close`.
    // The client's reconnect loop waited on `close` alone, so after such an attempt it never tried
    // again: the status stayed "connecting" (no banner) and "not connected" stayed up for good.
    await page.addInitScript(() => {
      const w = window as unknown as { __sockets: WebSocket[]; __block: boolean };
      const Orig = WebSocket;
      w.__sockets = [];
      w.__block = false;
      window.WebSocket = class extends Orig {
        constructor(u: string | URL, p?: string | string[]) {
          super(w.__block ? 'ws://127.0.0.1:9/' : u, p);
          w.__sockets.push(this);
        }
      } as typeof WebSocket;
    });
    await solo(page, 'Rogue agents');
    await setupUntil(page, 'agents', ['agentsTurn']);
    const before = (await status(page))!;
    await actions(page)
      .getByRole('button', { name: /^Activate/ })
      .first()
      .click();
    await waitSeq(page, before.seq);
    await page.evaluate(() => {
      const w = window as unknown as { __sockets: WebSocket[]; __block: boolean };
      w.__block = true;
      w.__sockets.at(-1)!.close();
    });
    await page.getByText('Connection lost').waitFor();
    // one click sends a move (issue 25 §1): offline, it is refused with "not connected"
    await clickTarget(page);
    await page.locator('.error[role=alert]').getByText('not connected').waitFor();
    // the loop goes on after an attempt that only errored: a second blocked attempt is made
    await page.waitForFunction(
      () =>
        (window as unknown as { __sockets: WebSocket[] }).__sockets.filter((x) => x.url.includes(':9/')).length >= 2,
      null,
      { timeout: 30000 },
    );
    await page.evaluate(() => ((window as unknown as { __block: boolean }).__block = false));
    // the next attempt (backoff at most 8 s) opens; the refusal from the time offline goes
    await page.locator('.error[role=alert]').waitFor({ state: 'detached', timeout: 30000 });
    expect(
      await page.evaluate(
        () => (window as unknown as { __sockets: WebSocket[] }).__sockets.at(-1)!.readyState === WebSocket.OPEN,
      ),
    ).toBe(true);
    expect(await page.getByText('Connection lost').count()).toBe(0);
    // the blocked attempts' own console lines are expected; nothing else
    expect(errors.filter((e) => !/WebSocket|127\.0\.0\.1:9\//.test(e))).toEqual([]);
  }, 120_000);
});
