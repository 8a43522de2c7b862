// Test harness: serves the shared web build (build.ts) from the REAL server (ephemeral port, temp
// DATA_DIR), launches Debian's Chromium through playwright-core, and drives games by clicking.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { BENCH_LIMITS_ENV } from '../../cli/src/bench/loopback.js';
import { EXPECT_MS } from '../../../tests/waits.js';
import { ensureBuilt } from './build.js';

// Vitest's hooks exist only under vitest; the screenshot script (run by vite-node) uses these
// helpers too.
const hooks = process.env.VITEST ? await import('vitest') : null;

export const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT = path.resolve(WEB, '../..');
export const SHOTS = path.join(ROOT, 'artifacts/screenshots');

export { EXPECT_MS };

/** Full-page pictures for a person to look at are written only on request (`SCREENSHOTS=1`):
 * nothing compares them, and writing them cost every run. */
export const SHOTS_ON = !!process.env.SCREENSHOTS && process.env.SCREENSHOTS !== '0';

/** The built web client the servers serve: the run's copy of the one build (global-setup.ts);
 * a caller outside vitest (the screenshot script) builds it here if needed and serves dist. */
export function buildAll(): string {
  return process.env.MM_TEST_WEB_DIST ?? ensureBuilt();
}

export interface Server {
  url: string;
  proc: ChildProcess;
  dataDir: string;
  stop: () => Promise<void>;
}

/** Waits until the server package can be started (it is written in parallel), then starts it. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<Server> {
  const dist = buildAll();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-web-test-'));
  const main = path.join(ROOT, 'packages/server/dist/main.js');
  for (let i = 0; i < 60 && !fs.existsSync(main); i++) await new Promise((r) => setTimeout(r, 5000));
  const proc = spawn(process.execPath, [main], {
    cwd: ROOT,
    env: {
      ...process.env,
      // Every test of a file plays from 127.0.0.1: the per-IP caps of a public server (10 tables
      // at once, 8 bot games) would refuse the later ones. The caps have their own server tests.
      ...BENCH_LIMITS_ENV,
      WEB_DIST: dist,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      BOT_PAUSE_MS: '30',
      BOT_ASK_ANSWER_MS: '30',
      BOT_RECRUITER_MOVE_MS: '30',
      BOT_TIME_LIMIT_MS: '300',
      BOT_BUDGET_MS: '100',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errText = '';
  proc.stderr!.on('data', (d: Buffer) => (errText += d.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${errText}`)), 30000);
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /READY (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    proc.on('exit', (code) => reject(new Error(`server exited ${code}: ${errText}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    proc,
    dataDir,
    stop: async () => {
      proc.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 200));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One server and one browser for the tests of a file: registers the hooks that start them
 * (before all) and stop them (after all); the returned function gives them to the tests. */
export function serverAndBrowser(extraEnv: Record<string, string> = {}): () => { server: Server; browser: Browser } {
  let server: Server | undefined;
  let browser: Browser | undefined;
  if (!hooks) throw new Error('serverAndBrowser() registers vitest hooks: call it from a test file');
  hooks.beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(extraEnv), sharedBrowser()]);
  }, 300_000);
  // A failed test says what each of its pages showed (the prompt and the action panel), so a
  // failure in a loaded CI run can be read without running it again.
  hooks.afterEach(async (ctx) => {
    const pages = [...openPages];
    openPages.clear();
    if (ctx.task.result?.state !== 'fail') return;
    for (const page of pages) {
      const seen = await page
        .evaluate(() => {
          const st = document.querySelector('[role=status][data-phase]');
          const box = document.querySelector('.actions-box');
          return `${location.hash} phase=${st?.getAttribute('data-phase')} seq=${st?.getAttribute('data-seq')} mine=${st?.getAttribute('data-mine')} prompt="${st?.textContent?.trim().slice(0, 200)}" actions=${box?.innerHTML.slice(0, 600) ?? 'none'}`;
        })
        .catch((e: unknown) => `(page gone: ${String(e).slice(0, 80)})`);
      console.error(`[failed test's page] ${seen}`);
    }
  });
  hooks.afterAll(async () => {
    // the next file of this process gets the browser as it found it: no page of this one left
    await Promise.all((browser?.contexts() ?? []).map((c) => c.close().catch(() => undefined)));
    await server?.stop();
  });
  return () => ({ server: server!, browser: browser! });
}

/** The pages of the running test (newPage), described when it fails. */
const openPages = new Set<Page>();

let shared: Promise<Browser> | null = null;

/** One Chromium for every file a test process runs (the browser files share their processes,
 * vitest.config.ts): a launch and its close cost about a CPU second each time. Playwright ends it
 * when the process exits. A file's contexts are closed after it (serverAndBrowser). */
export function sharedBrowser(): Promise<Browser> {
  const b = shared;
  if (b) return b.then((x) => (x.isConnected() ? x : ((shared = null), sharedBrowser())));
  shared = launch();
  shared.catch(() => (shared = null));
  return shared;
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newPage(
  browser: Browser,
  opts: {
    width?: number;
    height?: number;
    locale?: string;
    pace?: 'normal' | 'fast' | 'instant';
    /** 'reduce' unless a test watches motion: the table's endless animations (the dashed
     * targets, the "your turn" dot) repaint every frame, which cost Chromium CPU for the whole of
     * every waiting test; players who ask their system for less motion get the same table. */
    motion?: 'reduce' | 'no-preference';
    /** The app-shell service worker is blocked unless a test is about it: installing
     * it downloads the whole build once per context, which the other tests do not need. */
    serviceWorkers?: 'allow' | 'block';
  } = {},
): Promise<{ ctx: BrowserContext; page: Page; errors: string[] }> {
  const ctx = await browser.newContext({
    serviceWorkers: opts.serviceWorkers ?? 'block',
    reducedMotion: opts.motion ?? 'reduce',
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    locale: opts.locale ?? 'en-US',
    hasTouch: (opts.width ?? 1280) < 500,
    isMobile: (opts.width ?? 1280) < 500,
  });
  // Games played by a script show the others' moves at once (the player's "at once" setting);
  // the pacing test asks for 'normal'.
  await ctx.addInitScript((pace) => {
    if (!localStorage.getItem('mm.pace')) localStorage.setItem('mm.pace', pace);
  }, opts.pace ?? 'instant');
  ctx.setDefaultTimeout(EXPECT_MS);
  const page = await ctx.newPage();
  openPages.add(page);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Chromium's console says only "Failed to load resource: 400": name the request beside it.
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() < 400) return;
    failed.push(`${r.status()} ${r.request().method()} ${r.url()}`);
    // The body says which check answered (an API error code, or the transport's own reply).
    r.text().then(
      (b) => console.error(`[http ${r.status()}] ${r.request().method()} ${r.url()}: ${b.slice(0, 300)}`),
      () => undefined,
    );
  });
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const t = m.text();
    errors.push(t.startsWith('Failed to load resource') && failed.length ? `${t} [${failed.join('; ')}]` : t);
  });
  return { ctx, page, errors };
}

/** Saves a picture of the page into artifacts/screenshots when SCREENSHOTS=1 (else nothing). */
export async function shot(page: Page, name: string, fullPage = true): Promise<Buffer> {
  if (!SHOTS_ON) return Buffer.alloc(0);
  fs.mkdirSync(SHOTS, { recursive: true });
  return page.screenshot({ path: path.join(SHOTS, name), fullPage });
}

/** Saves a picture of one element (as `shot`, only when SCREENSHOTS=1). */
export async function shotOf(el: Locator, name: string): Promise<Buffer> {
  if (!SHOTS_ON) return Buffer.alloc(0);
  fs.mkdirSync(SHOTS, { recursive: true });
  return el.screenshot({ path: path.join(SHOTS, name) });
}

// ---------------------------------------------------------------- reading the table
export async function status(page: Page): Promise<{ phase: string; seq: number; mine: boolean; text: string } | null> {
  // one read of the page, not four: every game a test plays asks this between its moves, and each
  // locator call is a round trip through Chromium's browser process to the page and back
  const read = () =>
    page.evaluate(() => {
      const el = document.querySelector<HTMLElement>('[role=status][data-phase]');
      if (!el) return null;
      const seq = Number(el.getAttribute('data-seq'));
      return { phase: el.getAttribute('data-phase') ?? '', seq, mine: el.dataset.mine === 'yes', text: el.innerText };
    });
  try {
    return await read();
  } catch (e) {
    // a navigation under way replaces the page's context: read the new one
    if (!/context was destroyed|navigat/i.test(String(e))) throw e;
    await page.waitForLoadState();
    return read();
  }
}

/** Waits until the table's sequence number moves past `seq` (or the game shows an error). */
export async function waitSeq(page: Page, seq: number, timeout = EXPECT_MS): Promise<void> {
  await page.waitForFunction(
    (s) => {
      const el = document.querySelector('[role=status][data-seq]');
      return (el && Number(el.getAttribute('data-seq')) > s) || document.querySelector('.error[role=alert]');
    },
    seq,
    { timeout },
  );
  const err = page.locator('.error[role=alert]');
  if (await err.count()) throw new Error(`table error: ${await err.innerText()}`);
}

export async function clickCell(page: Page, label: string): Promise<void> {
  await page.locator(`svg.board g.cell[data-loc="${label}"]`).first().click();
}

export async function targets(page: Page): Promise<string[]> {
  return page.locator('svg.board g.cell.target').evaluateAll((els) => els.map((e) => e.getAttribute('data-loc') ?? ''));
}

/** Clicks the first of `prefer` that is a highlighted target, or else the first target. */
export async function clickTarget(page: Page, prefer: string[] = []): Promise<string> {
  const ts = await targets(page);
  if (!ts.length) throw new Error('no target on the board');
  const pick = prefer.find((p) => ts.includes(p)) ?? ts[0]!;
  await clickCell(page, pick);
  return pick;
}

/** Confirms what the last click asked (a capture, or ending a turn or activation with
 * actions left), if it asked; every other click was sent at once. */
export async function commit(page: Page): Promise<boolean> {
  // most clicks ask nothing: a plain selector says so without computing the roles of the board
  if (!(await page.locator('dialog[open], [role=dialog]').count())) return false;
  const ask = page.getByRole('dialog').getByRole('button', { name: /Confirm|确认|確定/ });
  if (!(await ask.count())) return false;
  await ask.click();
  return true;
}

/** Clicks a target (sent at once: one click). */
export async function playTarget(page: Page, prefer: string[] = []): Promise<string> {
  return clickTarget(page, prefer);
}

export async function confirmDialog(page: Page): Promise<void> {
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Confirm|确认|確定/ })
    .click();
}

/** Two contexts at one table: the host (recruiter, place 1) creates; the guest joins place 2. */
export async function createTwoPlayerGame(
  server: Server,
  host: Page,
  guest: Page,
  o: { mode: 'Training Mission' | 'Full Game'; recruiterCard?: string; assistant?: 'off' | 'count' | 'full' },
): Promise<string> {
  await host.goto(`${server.url}/#/`);
  await host.getByLabel('Your name').first().fill('Rita');
  const form = host.locator('section.create');
  await form.getByLabel('Game type').selectOption({ label: o.mode });
  if (o.recruiterCard) await form.getByLabel('Recruiter card').selectOption({ label: o.recruiterCard });
  await form.getByLabel('Who is the recruiter').selectOption({ label: 'The host' });
  await form.getByLabel('Players').first().selectOption('2');
  if (o.assistant) await form.locator('select[name=assistant]').selectOption(o.assistant);
  await form.getByRole('button', { name: 'Create' }).click();
  await host.waitForURL(/#\/g\//);
  const invite = await host.getByLabel('invite').inputValue();
  const gameId = /#\/g\/([^?]+)/.exec(invite)![1]!;
  await guest.goto(invite);
  await guest.getByLabel('Your name').fill('Alex');
  await guest.getByRole('button', { name: 'Sit here' }).first().click();
  await guest.getByText('Waiting for the host to start').waitFor();
  await host.getByText('Alex').waitFor();
  await host.getByRole('button', { name: 'Start the game' }).click();
  await host.locator('[role=status][data-phase]').waitFor();
  await guest.locator('[role=status][data-phase]').waitFor();
  return gameId;
}

/** Waits until one of the pages is expected to act (or the game is over); returns it. */
export async function whoseTurn(pages: Page[], timeout = EXPECT_MS): Promise<Page | 'over'> {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    for (const p of pages) {
      const s = await status(p);
      if (s?.phase === 'over') return 'over';
      if (s?.mine) return p;
    }
    await new Promise((r) => setTimeout(r, 60));
  }
  throw new Error('nobody is expected to act');
}

// ---------------------------------------------------------------- simple click policies
const btn = (page: Page, name: RegExp | string) => page.locator('section.actions').getByRole('button', { name });

/** One recruiter decision by clicking; returns what it did. `until`: as in `agentsMove`. */
export async function recruiterMove(
  page: Page,
  prefer: string[] = [],
  until?: (s: { phase: string; mine: boolean }) => boolean | Promise<boolean>,
): Promise<string> {
  const s = (await status(page))!;
  if (until && (await until(s))) return 'reached';
  const ts = await targets(page);
  switch (s.phase) {
    case 'recruiterCard':
      await btn(page, /Carl Box/).click();
      await commit(page);
      break;
    case 'mayhem': {
      const edges = await page
        .locator('g.edge-target')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-edge') ?? ''));
      const pick = prefer.find((p) => edges.includes(p)) ?? edges[edges.length - 1]!;
      await page.locator(`g.edge-target[data-edge="${pick}"]`).click();
      await commit(page);
      await waitSeq(page, s.seq);
      return `mayhem ${pick}`;
    }
    case 'answerAsk':
      if (ts.length) await playTarget(page, prefer);
      else {
        await btn(page, 'Cannot place').click();
        await commit(page);
      }
      break;
    case 'recruiterTurn':
      if (ts.length && (await btn(page, 'End turn').count()) === 0) await playTarget(page, prefer);
      else if ((await btn(page, 'End turn').count()) > 0) {
        await btn(page, 'End turn').click();
        await commit(page);
      } else {
        await btn(page, /Mind slip/).click();
        await playTarget(page, prefer);
      }
      break;
    default:
      await playTarget(page, prefer);
  }
  await waitSeq(page, s.seq);
  return s.phase;
}

/** The Ask buttons that can be used (those blocked by an immortal, R22, stay greyed). */
export const askButtons = (page: Page) =>
  page.locator('section.actions button:not([aria-disabled])').filter({ hasText: /Ask:/ });

/** One agents' decision by clicking (k counts activations, to vary what is tried). `until`: the
 * caller's goal, checked again on the status read here; when it is reached nothing is done
 * (regression "Meru already active": the caller saw the setup, the table had moved on to the
 * agents' turn by this read, and the first Activate was clicked for it). */
export async function agentsMove(
  page: Page,
  k: number,
  prefer: string[] = [],
  until?: (s: { phase: string; mine: boolean }) => boolean | Promise<boolean>,
): Promise<string> {
  const s = (await status(page))!;
  if (until && (await until(s))) return 'reached';
  if (s.phase !== 'agentsTurn') {
    if (s.phase === 'mayhem') {
      const edges = await page
        .locator('g.edge-target')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-edge') ?? ''));
      const pick = prefer.find((p) => edges.includes(p)) ?? edges[0]!;
      await page.locator(`g.edge-target[data-edge="${pick}"]`).click();
      await commit(page);
    } else await playTarget(page, prefer);
    await waitSeq(page, s.seq);
    return s.phase;
  }
  const activate = page.locator('section.actions').getByRole('button', { name: /^Activate/ });
  if (await activate.count()) {
    await activate.first().click();
    await commit(page);
    await waitSeq(page, s.seq);
    return 'activate';
  }
  if (await btn(page, 'Reveal').count()) {
    await btn(page, 'Reveal').click();
    await commit(page);
  } else if (k % 3 === 0 && (await askButtons(page).count())) {
    await askButtons(page).first().click();
    await commit(page);
  } else if (k % 3 === 1 && (await targets(page)).length) {
    const to = await playTarget(page, prefer);
    await waitSeq(page, s.seq);
    return `move ${to}`;
  } else if (await btn(page, 'Capture').count()) {
    await btn(page, 'Capture').click();
    await confirmDialog(page);
  } else {
    await btn(page, 'End activation').click();
    await commit(page);
  }
  await waitSeq(page, s.seq);
  return 'action';
}
