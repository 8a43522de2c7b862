// A whole companion game played by taps on a phone in portrait (Training), and a
// short Full Game: after every entry, each instruction the screen shows is checked against the
// engine's own events for that turn, read from the game's saved log and replayed here.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  apply,
  LOCATIONS,
  newGame,
  rngFrom,
  type Action,
  type GameEvent,
  type GameOptions,
  type GameState,
  type PublicEvent,
} from '@mindmgmt/engine';
import { i18nFor } from '../src/i18n/all.js';
import { EXPECT_MS, newPage, type Server, serverAndBrowser, shot } from './helpers.js';

const env = serverAndBrowser();
let server: Server;
let browser: Browser;
beforeAll(() => {
  ({ server, browser } = env());
});

const en = i18nFor('en');
const L = (l: number) => LOCATIONS[l]!.label;

/** What a player must put on the board for these events, written from the engine's events here
 * (not with the page's instructions.ts), in English. */
function expected(events: readonly PublicEvent[], recruitsBefore: number): string[] {
  let recruits = recruitsBefore;
  const out: string[] = [];
  const marker = () => out.push(`Move the recruit token to ${recruits}.`);
  for (const e of events)
    switch (e.kind) {
      case 'mayhemPlaced':
        if (e.seat === 0) out.push(`Place a mayhem token between ${L(e.between[0])} and ${L(e.between[1])}.`);
        break;
      case 'startChosen':
        if (e.at !== null) out.push(`The recruiter starts at ${L(e.at)}: place confirmed note 1 there.`);
        break;
      case 'setupRecruitsRevealed':
        recruits += e.count;
        marker();
        break;
      case 'immortalPlaced':
        out.push(`Place an immortal on ${L(e.at)}.`);
        break;
      case 'immortalCardsDrawn':
        if (e.features.length)
          out.push(`Lay face up as immortal recruiting cards: ${e.features.map((f) => en.feature(f)).join(', ')}.`);
        break;
      case 'immortalMoved':
        if (e.stepToken !== null)
          out.push(
            `The recruiter paid for a second immortal move with a clue: place a step token on ${L(e.stepToken)}.`,
          );
        out.push(`Move the immortal from ${L(e.from)} to ${L(e.to)}.`);
        break;
      case 'immortalRecruited':
        recruits += 1;
        out.push(`Immortals recruit with ${en.feature(e.feature)}: discard that immortal recruiting card.`);
        marker();
        break;
      case 'timeAdvanced':
        out.push(`Move the time token to ${e.time}:00.`);
        if (e.alert !== null) {
          recruits += e.alert;
          out.push(`Red alert: ${e.alert} recruit${e.alert === 1 ? '' : 's'} revealed.`);
          marker();
        }
        break;
      case 'askAnswered':
        out.push(
          e.at.length
            ? `Answer about ${en.feature(e.feature)}: place a step token on ${e.at.map(L).join(', ')}.`
            : `Answer about ${en.feature(e.feature)}: cannot place. Nothing to put down.`,
        );
        break;
      case 'revealed':
        out.push(
          `Replace the step token on ${L(e.at)} with a confirmed note: the recruiter was there at ${e.visitTime}:00.`,
        );
        break;
      case 'mindSlipUsed':
        out.push(
          `Put mind slip token ${e.token} on the time track at ${e.time}:00.` +
            (e.tokenAt !== null ? ` Take it from ${L(e.tokenAt)}.` : ''),
        );
        break;
      case 'shakedown':
        out.push(
          e.hit
            ? `Shakedown hit: lay the ${en.feature(e.feature)} feature card face up beside the board.`
            : `Shakedown about ${en.feature(e.feature)}: miss. Nothing to put down.`,
        );
        break;
      case 'captureAttempted':
        if (!e.hit) out.push(`No capture at ${L(e.at)}. Nothing to put down.`);
        break;
      case 'scanned':
        out.push(e.yes ? 'Meru’s crosshairs: yes, within range.' : 'Meru’s crosshairs: no.');
        break;
      case 'gameOver':
        out.push(e.result.winner === 'recruiter' ? 'The recruiter wins.' : 'The rogue agents win.');
        break;
      default:
        break;
    }
  return out;
}

interface Save {
  seed: number;
  options: GameOptions;
  actions: Action[];
}

/** The game as the page saved it in IndexedDB, once it holds `seq` actions. */
async function savedGame(page: Page, seq: number): Promise<Save> {
  // by time, not by a count of polls: a loaded machine makes each poll slower, not the save sooner
  for (const end = Date.now() + 90_000; Date.now() < end;) {
    const save = await page.evaluate(async () => {
      const id = localStorage.getItem('mm.companion');
      const db = await new Promise<IDBDatabase>((res, rej) => {
        const r = indexedDB.open('mindmgmt-local');
        r.onsuccess = () => res(r.result);
        r.onerror = () => rej(r.error);
      });
      return new Promise<unknown>((res, rej) => {
        const q = db.transaction('games').objectStore('games').get(id!);
        q.onsuccess = () => res(q.result);
        q.onerror = () => rej(q.error);
      });
    });
    if (save && (save as Save).actions.length >= seq) return save as Save;
    await page.waitForTimeout(50);
  }
  throw new Error(`the save never reached ${seq} actions`);
}

/** The English texts the engine's events of "this turn" call for: from the player's last entry on. */
/** The saved game replayed with the engine: the state before each action, and the end. */
function replayed(save: Save): { starts: { state: GameState; seat: number }[]; state: GameState } {
  let s: GameState = { ...newGame(save.options, save.seed), recruiterCardRule: 'random' };
  const starts: { state: GameState; seat: number }[] = [];
  for (const a of save.actions) {
    starts.push({ state: s, seat: a.seat });
    const r = apply(s, a);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  return { starts, state: s };
}

/** The recruits revealed by these events (the engine's `revealedRecruits`, from the log). */
function recruitsIn(events: readonly GameEvent[]): number {
  let n = 0;
  for (const { pub: e } of events)
    n +=
      e.kind === 'setupRecruitsRevealed'
        ? e.count
        : e.kind === 'immortalRecruited'
          ? 1
          : e.kind === 'timeAdvanced'
            ? (e.alert ?? 0)
            : 0;
  return n;
}

/** What the screen must list now: what the events since the player's last entry call for; while
 * they call for nothing (an agent activated), the list since the entry before that had one stays
 * (regression: the instructions vanished at the next tap, before the board was set). */
function expectedNow(save: Save): string[] {
  const { starts, state: s } = replayed(save);
  const since = (h: readonly GameEvent[], from: number) => {
    const f = Math.min(from, h.length);
    return expected(
      h.slice(f).map((e) => e.pub),
      recruitsIn(h.slice(0, f)),
    );
  };
  let mark = 0;
  let prev = 0;
  for (const x of starts)
    if (x.seat === 1) {
      if (since(x.state.history, mark).length) prev = mark;
      mark = x.state.history.length;
    }
  const latest = since(s.history, mark);
  return latest.length ? latest : since(s.history, Math.min(mark, prev));
}

async function seqOf(page: Page): Promise<number> {
  return Number(await page.locator('[data-testid=companion]').getAttribute('data-seq'));
}

/** Waits for the player's turn (or the end); true when the game is over. */
async function playersTurn(page: Page): Promise<boolean> {
  await page.waitForFunction(() => document.querySelector('[data-testid=cp-end], .cp-input') !== null, undefined, {
    timeout: 60_000,
  });
  return (await page.locator('[data-testid=cp-end]').count()) > 0;
}

async function checkInstructions(page: Page): Promise<string[]> {
  const seq = await seqOf(page);
  const want = expectedNow(await savedGame(page, seq));
  const shown = await page.locator('[data-testid=cp-instructions] li').allInnerTexts();
  expect(shown, `instructions at seq ${seq}`).toEqual(want);
  return shown;
}

/** One entry: taps chosen at random (by `rng`) until the action is sent. */
async function enterOne(page: Page, rng: () => number, avoidUndo: boolean): Promise<string[]> {
  const seq = await seqOf(page);
  const tapped: string[] = [];
  for (let k = 0; k < 4; k++) {
    let taps = await page
      .locator('.cp-input [data-tap]:not([disabled])')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-tap')!));
    if (avoidUndo && taps.length > 1) taps = taps.filter((t) => t !== 'act:undo');
    // the rogue agents press on: an End is chosen only now and then
    const busy = taps.filter((t) => t !== 'act:endActivation');
    const pool = busy.length && rng() < 0.85 ? busy : taps;
    const t = pool[Math.floor(rng() * pool.length)]!;
    tapped.push(t);
    await page.locator(`.cp-input [data-tap="${t}"]`).first().click();
    // either the entry goes on (its taps so far are shown) or the engine took it (seq moved)
    await page.waitForFunction(
      (s) =>
        document.querySelector('[data-testid=cp-picked]') !== null ||
        document.querySelector('[data-testid=companion]')?.getAttribute('data-seq') !== String(s),
      seq,
      { timeout: EXPECT_MS },
    );
    if ((await page.locator('[data-testid=cp-picked]').count()) === 0) break;
  }
  return tapped;
}

async function startCompanion(page: Page, mode: 'training' | 'full'): Promise<void> {
  await page.goto(`${server.url}/#/`);
  await page.locator('[data-testid=companion-entry]').click();
  await page.locator('select[name=cpMode]').selectOption(mode);
  await page.locator('select[name=cpLevel]').selectOption('random');
  await page.locator('[data-testid=cp-start]').click();
  await page.locator('[data-testid=companion]').waitFor();
}

describe('companion for the physical box', () => {
  it('plays a whole Training Mission by taps on a phone, every instruction matching the engine’s events', async () => {
    const { ctx, page, errors } = await newPage(browser, { width: 390, height: 844 });
    const rng = rngFrom(2028);
    let entries = 0;
    let undone = false;
    let kept = 0;
    let folds = 0;
    const kinds = new Set<string>();
    // whole games until one of them was long enough to use every kind of entry (a random recruiter
    // can be caught, or box itself in, early)
    for (let game = 0; game < 3 && (entries < 20 || !undone); game++) {
      await startCompanion(page, 'training');
      for (let i = 0; i < 600; i++) {
        const over = await playersTurn(page);
        for (const line of await checkInstructions(page)) kinds.add(line.split(' ').slice(0, 3).join(' '));
        if ((await page.locator('[data-testid=cp-instructions][data-kept="1"]').count()) > 0) kept++;
        // regression: the action buttons were below the fold on a phone (under the 42 cells)
        if (!over && (await page.locator('[data-testid=cp-instructions] li').count()) <= 3) {
          const below = await page.evaluate(() =>
            [...document.querySelectorAll('.cp-input [data-tap^="act:"]')].map(
              (e) => e.getBoundingClientRect().bottom + scrollY > innerHeight,
            ),
          );
          if (below.length) {
            expect(below).not.toContain(true);
            folds++;
          }
        }
        if (over) break;
        if (game === 0 && i === 12) await shot(page, 'companion-phone-en.png');
        const taps = await enterOne(page, rng, undone);
        entries++;
        if (taps.at(-1) === 'act:undo') {
          // an entry not yet answered is taken back: the engine's undo is the last saved action
          undone = true;
          const save = await savedGame(page, await seqOf(page));
          expect(save.actions.at(-1)?.type).toBe('undo');
        }
      }
      await page.locator('[data-testid=cp-end]').waitFor();
      // the whole secret path, one line per hour from the start, as the engine has it
      const path = await page.locator('[data-testid=cp-path] li').allInnerTexts();
      const end = replayed(await savedGame(page, await seqOf(page))).state;
      expect(path).toEqual(end.path.map((l, h) => `${h + 1}:00: ${L(l)}`));
      // regression: a random recruiter boxed itself in during its setup steps (D6), so its path
      // ended before the fifth hour; any other end comes after the five setup locations
      expect(path.length).toBeGreaterThanOrEqual(end.result?.reason === 'boxedIn' ? 1 : 5);
    }
    expect(entries).toBeGreaterThanOrEqual(20);
    expect(undone).toBe(true);
    // the list of the recruiter's turn stayed while the player's next entries placed nothing
    expect(kept).toBeGreaterThan(0);
    expect(folds).toBeGreaterThan(0);
    expect([...kinds].some((k) => k.startsWith('Move the time'))).toBe(true);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('a Full Game: the recruiter’s immortals, cards and first turn, instruction by instruction; it resumes and plays offline', async () => {
    const { ctx, page, errors } = await newPage(browser, { width: 390, height: 844 });
    const rng = rngFrom(7);
    const requests: string[] = [];
    let seen: string[] = [];
    // a random recruiter may box itself in during its hidden setup steps (D6): then a new game
    for (let attempt = 0; attempt < 4 && !seen.some((x) => x.startsWith('Move the time token to 6:00')); attempt++) {
      await ctx.setOffline(false);
      await startCompanion(page, 'full');
      seen = [];
      for (let i = 0; i < 40; i++) {
        if (await playersTurn(page)) break;
        const lines = await checkInstructions(page);
        // a list kept from before is counted once
        if ((await page.locator('[data-testid=cp-instructions][data-kept="1"]').count()) === 0) seen.push(...lines);
        if (i === 3) {
          // closing the page loses nothing: the game and what to place come back from the browser
          const before = await page.locator('[data-testid=cp-instructions]').innerText();
          await page.reload();
          await page.locator('[data-testid=cp-resume]').click();
          await playersTurn(page);
          expect(await page.locator('[data-testid=cp-instructions]').innerText()).toBe(before);
          // from here on the game asks nothing of the server (the app's own files come from the
          // installed shell's cache when offline)
          page.on('request', (r) => {
            const u = new URL(r.url());
            if (u.pathname.startsWith('/api/') || u.pathname.startsWith('/ws')) requests.push(r.url());
          });
          await ctx.setOffline(true);
        }
        if (seen.some((x) => x.startsWith('Move the time token to 7:00'))) break;
        await enterOne(page, rng, true);
      }
    }
    expect(seen.filter((x) => x.startsWith('Place an immortal on')).length, seen.join('\n')).toBe(4);
    expect(seen.some((x) => x.startsWith('Lay face up as immortal recruiting cards'))).toBe(true);
    expect(seen.some((x) => x.startsWith('Move the time token to 6:00'))).toBe(true);
    expect(requests, requests.join(' ')).toEqual([]);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
