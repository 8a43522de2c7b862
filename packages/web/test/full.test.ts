// A Full Game by clicking, two contexts: setup (mayhem, recruiter card, start, hidden steps,
// immortals, agents, 2nd mind slip token) and rounds with an ask the recruiter answers, a
// reveal, a shakedown, a capture, mental notes and ended activations.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  clickCell,
  clickTarget,
  commit,
  confirmDialog,
  createTwoPlayerGame,
  EXPECT_MS,
  newPage,
  playTarget,
  recruiterMove,
  type Server,
  serverAndBrowser,
  shot,
  status,
  targets,
  waitSeq,
  whoseTurn,
} from './helpers.js';

const env = serverAndBrowser();
let server: Server;
let browser: Browser;
beforeAll(() => {
  ({ server, browser } = env());
});

const actions = (p: Page) => p.locator('section.actions');

async function untilMine(p: Page, phase: string): Promise<void> {
  await p.waitForFunction(
    (ph) => {
      const el = document.querySelector('[role=status][data-phase]');
      return el?.getAttribute('data-phase') === ph && el.getAttribute('data-mine') === 'yes';
    },
    phase,
    { timeout: EXPECT_MS },
  );
}

async function click(p: Page, name: string | RegExp, confirm = false): Promise<void> {
  const s = (await status(p))!;
  await actions(p).getByRole('button', { name }).first().click();
  // a capture asks once; an early end asks too, and commit answers it
  if (confirm) await confirmDialog(p);
  else await commit(p);
  await waitSeq(p, s.seq);
}

async function moveTo(p: Page, to: string): Promise<void> {
  const s = (await status(p))!;
  expect(await targets(p)).toContain(to);
  const before = await targets(p);
  await clickCell(p, to); // one click: sent
  await waitSeq(p, s.seq);
  expect(await p.locator('.stage-bar').innerText()).toContain(`moves to ${to}`);
  // D12: the move can be taken back by click, and made again
  const moved = (await status(p))!;
  await p.getByTestId('undo').click();
  await waitSeq(p, moved.seq);
  expect(await targets(p)).toEqual(before);
  const back = (await status(p))!;
  await clickCell(p, to);
  await waitSeq(p, back.seq);
}

async function tool(p: Page, name: string): Promise<void> {
  await actions(p).locator('[role=toolbar]').getByRole('button', { name }).click();
}

async function endActivationIfOpen(p: Page): Promise<void> {
  if (await actions(p).getByRole('button', { name: 'End activation' }).count()) await click(p, 'End activation');
}

async function recruiterTurn(r: Page, prefer: string[]): Promise<void> {
  await untilMine(r, 'recruiterTurn');
  const s = (await status(r))!;
  await playTarget(r, prefer);
  await waitSeq(r, s.seq);
  if ((await status(r))?.phase === 'recruiterTurn' && (await status(r))?.mine) await click(r, 'End turn');
}

describe('Full Game by clicking', () => {
  it('sets up and plays rounds with ask, answer, reveal, shakedown and capture', async () => {
    const R = await newPage(browser);
    const A = await newPage(browser);
    const r = R.page;
    const a = A.page;
    await createTwoPlayerGame(server, r, a, { mode: 'Full Game', recruiterCard: 'Recruiter chooses' });

    // 1. mayhem: recruiter, agents, recruiter, agents, recruiter
    const rEdges = ['E2-F2', 'E4-F4', 'E6-F6'];
    const aEdges = ['D3-D4', 'D5-D6'];
    for (let i = 0; i < 5; i++) {
      const who = await whoseTurn([r, a]);
      expect((await status(who as Page))?.phase).toBe('mayhem');
      if (who === r) await recruiterMove(r, rEdges);
      else {
        const s = (await status(a))!;
        const edges = await a
          .locator('g.edge-target')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-edge') ?? ''));
        const pick = aEdges.find((x) => edges.includes(x)) ?? edges[0]!;
        await a.locator(`g.edge-target[data-edge="${pick}"]`).press('Enter'); // keyboard works too
        await waitSeq(a, s.seq);
      }
    }
    expect(await r.locator('g.mayhem').count()).toBe(5);
    // 2. recruiter card, 3. start, 4-5. hidden steps
    await untilMine(r, 'recruiterCard');
    await click(r, /Carl Box/);
    await untilMine(r, 'start');
    expect(await a.locator('[role=status]').innerText()).toMatch(/Waiting for the recruiter/);
    await recruiterMove(r, ['A3']);
    for (const to of ['A4', 'A5', 'A6', 'A7']) {
      await untilMine(r, 'setupSteps');
      await recruiterMove(r, [to]);
    }
    // the recruiter sees the numbered path and circled features; the agents do not
    expect(await r.locator('.path-num').count()).toBe(5);
    expect(await a.locator('.path-num').count()).toBe(0);
    // 7. immortals
    for (const at of ['B2', 'C2', 'D2', 'E2']) {
      await untilMine(r, 'immortals');
      await recruiterMove(r, [at]);
    }
    // 8. agents on the edge, 9. the 2nd mind slip token
    for (const at of ['A1', 'A4', 'B1', 'C1']) {
      await untilMine(a, 'agents');
      const s = (await status(a))!;
      await clickCell(a, at);
      await commit(a);
      await waitSeq(a, s.seq);
    }
    await untilMine(a, 'mindSlipToken');
    const s9 = (await status(a))!;
    await playTarget(a, ['F4']);
    await waitSeq(a, s9.seq);
    await a.locator('.slip-token').first().waitFor();

    // ---- round 1: recruiter to B7 (06)
    await recruiterTurn(r, ['B7']);
    // Meru (A1) asks about the Bookstore; the recruiter must mark A5
    await untilMine(a, 'agentsTurn');
    await click(a, 'Activate Meru');
    await click(a, 'Ask: Bookstore');
    await untilMine(r, 'answerAsk');
    expect(await r.locator('[role=status]').innerText()).toMatch(/Answer the Ask about Bookstore/);
    expect(await a.locator('[role=status]').innerText()).toMatch(/Waiting for the recruiter to answer the Ask/);
    expect(await targets(r)).toEqual(['A5']);
    await shot(r, 'full-recruiter-answer-en.png');
    await recruiterMove(r, ['A5']);
    await a.locator('svg.board g.cell[data-loc="A5"] .step-token').waitFor();
    await endActivationIfOpen(a);
    // Henry (A4) moves to A5 and reveals it: the recruiter was there at 3
    await untilMine(a, 'agentsTurn');
    await click(a, 'Activate Henry Lyme');
    await moveTo(a, 'A5');
    await click(a, 'Reveal');
    await a.locator('svg.board g.cell[data-loc="A5"] .confirmed').waitFor();
    await endActivationIfOpen(a);
    // a mental note on B7, written in one browser, appears in the other; it is not a move
    // (R30, D8): neither browser's seq moves. Both first show the end of the agents' turn: the
    // recruiter's browser could still be a frame behind (regression "expected 30 to be 29").
    await untilMine(r, 'recruiterTurn');
    const seqBeforeNote = (await status(a))!.seq;
    expect((await status(r))!.seq).toBe(seqBeforeNote);
    await clickCell(a, 'B7');
    await a.locator('section.location').getByRole('button', { name: 'Add note' }).click();
    await a.getByLabel('from time').fill('4');
    await a.getByLabel('to time').fill('6');
    await a.locator('section.location').getByLabel('Monks').check();
    await a.getByLabel('Text', { exact: true }).fill('maybe');
    await a.locator('section.location').getByRole('button', { name: 'Save' }).click();
    await r.locator('svg.board g.cell[data-loc="B7"] .note').waitFor();
    expect((await status(r))!.seq).toBe(seqBeforeNote);
    expect((await status(a))!.seq).toBe(seqBeforeNote);

    // ---- recruiter to C7 (07, red alert)
    await recruiterTurn(r, ['C7']);
    // Bill (B1) moves onto the immortal at B2 and shakes it down
    await untilMine(a, 'agentsTurn');
    await click(a, 'Activate Bill Falls');
    await moveTo(a, 'B2');
    await a.locator('fieldset.features').waitFor();
    await shot(a, 'full-agents-shakedown-en.png');
    const s = (await status(a))!;
    await a.locator('fieldset.features button').first().click();
    await commit(a);
    await waitSeq(a, s.seq);
    await endActivationIfOpen(a);
    // Dusty (C1) tries a capture (a miss: the recruiter is at C7)
    await untilMine(a, 'agentsTurn');
    await click(a, 'Activate Dusty');
    await click(a, 'Capture', true);
    await endActivationIfOpen(a);

    // ---- recruiter (08): an immortal move, an extra immortal move paid with a step token on A6,
    // then the step to D7 (the turn then ends by itself: no immortal move is left)
    await untilMine(r, 'recruiterTurn');
    await shot(r, 'full-recruiter-en.png');
    await tool(r, 'Move an immortal');
    await clickCell(r, 'E2');
    let sq = (await status(r))!.seq;
    await playTarget(r, ['E3']);
    await waitSeq(r, sq);
    await tool(r, 'Extra immortal move');
    expect(await targets(r)).toContain('A6');
    await clickCell(r, 'A6');
    await clickCell(r, 'E3');
    sq = (await status(r))!.seq;
    await playTarget(r, ['E4']);
    await waitSeq(r, sq);
    await a.locator('svg.board g.cell[data-loc="A6"] .step-token').waitFor();
    await tool(r, 'Step');
    sq = (await status(r))!.seq;
    await playTarget(r, ['D7']);
    await waitSeq(r, sq);

    // ---- agents (round 2): Bill shakes down again, pushes, then nudges another immortal
    await untilMine(a, 'agentsTurn');
    await click(a, 'Activate Bill Falls');
    sq = (await status(a))!.seq;
    await a.locator('fieldset.features button').last().click();
    await commit(a);
    await waitSeq(a, sq);
    expect(await a.locator('section.actions [role=toolbar]').innerText()).toMatch(/Push the immortal/);
    sq = (await status(a))!.seq;
    await playTarget(a, ['A2', 'B1', 'B3']);
    await waitSeq(a, sq);
    if (await a.locator('section.actions').getByRole('button', { name: 'Detect Weakness (Bill)' }).count()) {
      await tool(a, 'Detect Weakness (Bill)');
      await clickTarget(a);
      sq = (await status(a))!.seq;
      await playTarget(a);
      await waitSeq(a, sq);
    }
    await endActivationIfOpen(a);
    // Dusty moves Meru with Neuro-Rhythm, then ends the activation
    await untilMine(a, 'agentsTurn');
    await click(a, 'Activate Dusty');
    await tool(a, 'Neuro-Rhythm (Dusty)');
    await actions(a).getByRole('button', { name: 'Meru' }).click();
    sq = (await status(a))!.seq;
    await playTarget(a, ['A2']);
    await waitSeq(a, sq);
    await endActivationIfOpen(a);

    // ---- recruiter (09): a mind slip, on one click; the Undo bar names it (D12)
    await untilMine(r, 'recruiterTurn');
    await tool(r, 'Mind slip');
    sq = (await status(r))!.seq;
    await clickTarget(r);
    await waitSeq(r, sq);
    expect(await r.locator('.stage-bar').innerText()).toMatch(/Mind slip \(token 1\)/);
    if ((await status(r))?.mine && (await status(r))?.phase === 'recruiterTurn') await click(r, 'End turn');

    // Regression "the agents' log lacked the mind slip" (a quiet fresh-clone run): the log was read
    // before the settled recruiter turn reached the agents' page (D12: it arrives in one frame,
    // which also opens the agents' turn), so that frame is waited for first.
    await untilMine(a, 'agentsTurn');
    const log = await a.locator('.log').innerText();
    expect(log).toMatch(/Meru asked about Bookstore/);
    expect(log).toMatch(/Answer about Bookstore: step token on A5/);
    expect(log).toMatch(/Reveal at A5: the recruiter was there at 3/);
    expect(log).toMatch(/Bill Falls shook down an immortal/);
    expect(log).toMatch(/Dusty tried to capture at C1: miss/);
    expect(log).toMatch(/Red alert/);
    expect(log).toMatch(/Paid with a step token on A6/);
    expect(log).toMatch(/Bill Falls pushed the immortal/);
    expect(log).toMatch(/Meru moved from A1 to A2 \(moved by Dusty\)/);
    expect(log).toMatch(/used mind slip token 1 at 9:00/);
    await shot(a, 'full-agents-en.png');
    const errs = R.errors.concat(A.errors).filter((e) => !/WebSocket|favicon/.test(e));
    expect(errs).toEqual([]);
  }, 300_000);
});
