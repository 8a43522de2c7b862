// Clicks in real Chromium against the real server: one click and undo on both sides, the
// tool reset at each turn start, clear refusals, Ask options blocked by an immortal (R22).
// (Split from table.test.ts so the table's browser tests run on several workers.)
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  commit,
  newPage,
  recruiterMove,
  serverAndBrowser,
  shot,
  status,
  targets,
  waitSeq,
  type Server,
} from './helpers.js';
import { soloTable } from './table-solo.js';

const env = serverAndBrowser();
let server: Server;
let browser: Browser;
beforeAll(() => {
  ({ server, browser } = env());
});
const { actions, solo, untilMine, activateFirst, countActs, setupUntil } = soloTable(() => server.url);

describe('one click, undo', () => {
  it('recruiter: a step is sent on one click and Undo takes it back by click; the step and the end of the turn take 2 clicks plus one confirmation, never two; regression "Move an immortal stays selected": the tool resets at the next turn, and after an undo (regression "the undone tool stays selected")', async () => {
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
    // regression "the undone tool stays selected": a mind slip taken back leaves the default tool
    // (the step) in hand, so the next click on a step's location is a step, not a refused slip
    // (with an immortal move left, the slip does not end the turn by itself, D3)
    const toolbar = actions(page).locator('[role=toolbar]');
    const slipTool = toolbar.getByRole('button', { name: 'Mind slip' });
    if ((await slipTool.count()) && (await toolbar.getByRole('button', { name: 'Move an immortal' }).count())) {
      await slipTool.click();
      expect(await actions(page).getAttribute('data-tool')).toBe('mindSlip');
      const m0 = (await status(page))!;
      await page.locator(`svg.board g.cell[data-loc="${(await targets(page))[0]}"]`).click();
      await waitSeq(page, m0.seq);
      const m1 = (await status(page))!;
      await page.getByTestId('undo').click();
      await waitSeq(page, m1.seq);
      expect(await actions(page).getAttribute('data-tool')).toBe('step');
      expect(await targets(page)).toEqual(steps);
    } else console.log('recruiter clicks: no mind slip at the first turn: the tool after its undo is not checked');
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
    console.log(`clicks counted: recruiter step + end of turn = ${clicks} clicks + ${confirmations} confirmation(s)`);
    expect(errors).toEqual([]);
  }, 240_000);

  it('agents: an activation (choose the agent, move, ask) takes at most 4 clicks; a move and the activation are undone by click; a click on a location that is not a choice says why in one line and sends nothing; regression: the Undo bar named the action just taken back', async () => {
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
    // regression: the Undo bar named the move just taken back; it names what Undo takes back now
    expect(await page.locator('.stage-bar').innerText()).toMatch(/Activate/);
    expect(await page.locator('.stage-bar').innerText()).not.toContain('moves to');
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
    console.log(`clicks counted: agent activation (activate, move, ask) = ${clicks} clicks`);
    expect(errors.filter((e) => !/WebSocket/.test(e))).toEqual([]);
  }, 240_000);

  it('Ask options blocked by an immortal (R22) stay visible, greyed, with the reason', async () => {
    const { page, errors } = await newPage(browser);
    // A random game may give no agent a destination sharing a feature with an immortal's location
    // before it ends (seen once in a fresh-clone run: eight activations without one), or leave
    // the recruiter boxed in right after the placements (R17, seen once at seq 8): then another
    // game is started, up to three.
    let found = false;
    for (let game = 0; game < 3 && !found; game++) {
      await solo(page, 'Rogue agents', 'Full Game');
      const reached = await setupUntil(page, 'agents', ['agentsTurn']).then(
        () => true,
        async (e: unknown) => {
          if (game < 2 && (await status(page))?.phase === 'over') return false;
          throw e;
        },
      );
      if (!reached) continue;
      found = await findBlockedAsk(page);
    }
    expect(found).toBe(true);
    expect(errors).toEqual([]);
  }, 300_000);
});

/** Plays the agents' activations of the game on `page` until one reaches a destination sharing a
 * feature with an immortal's location, and checks that Ask there (R22): true once checked, false
 * when the game ended (or 30 activations passed) without such a destination. */
async function findBlockedAsk(page: Page): Promise<boolean> {
  // the immortals' places are read at each activation: the recruiter moves them between turns
  const immortalsAt = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('svg.board .piece[data-at]')]
        .filter((e) => e.getAttribute('data-piece')!.startsWith('immortal'))
        .map((e) => e.getAttribute('data-at')!),
    );
  expect((await immortalsAt()).length).toBe(4);
  for (let k = 0; k < 30; k++) {
    const s = (await status(page))!;
    if (s.phase === 'over') return false;
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
    // each agent in turn: an agent left unmoved offers the same destinations at every activation
    // (a run went through 20 activations of the first agent before the immortals moved)
    await activateFirst(page, k);
    const blocked = await immortalsAt();
    // every destination whose features an immortal's location shows blocks that Ask
    const featuresOf = (l: string) =>
      page
        .locator(`svg.board g.cell[data-loc="${l}"] > title`)
        .textContent()
        // "B3: Garden, Umbrellas. Meru, a choice now": the features before what stands there
        .then((x) => (x ?? '').split('. ')[0]!.split(': ')[1]?.split(', ') ?? []);
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
      // the ruling id stays out of what players read: it is a developers' name
      expect(why).toMatch(/nobody may ask about it\.$/);
      await greyed.first().click({ force: true });
      // the refusal line is drawn after the click: wait for it, not a fixed moment
      await expect.poll(() => page.locator('.refusal').innerText()).toMatch(/nobody may ask about it\./);
      expect(await page.locator('.refusal').innerText()).not.toMatch(/R22/);
      // instead of the ruling id, a link to the rulebook chapter that explains it, found from the
      // ruling the engine sends as data (R22: the Ask chapter)
      await expect.poll(() => page.locator('.refusal a.rule-link[data-chapter="ask"]').count()).toBe(1);
      await shot(page, 'table-ask-blocked-1280.png', false);
      return true;
    }
    const s2 = (await status(page))!;
    await actions(page).getByRole('button', { name: 'End activation' }).click();
    await commit(page);
    await waitSeq(page, s2.seq);
    await untilMine(page, ['agentsTurn'], 60000);
  }
  return false;
}
