// Regression: the end panel's campaign poll and the replay's record fetch were answered
// 400 now and then in CI. Node times a socket from the moment it opens; Chromium opens sockets
// ahead of need and keeps them idle in its pool. When node's timer fired on such a socket, the
// server wrote "400 Bad Request", and a request Chromium sent on that socket just then read it as
// its own answer. Node's own reply is 408, which Chromium retries. Timers are shortened here so
// the race, rare at 15 s, happens hundreds of times in a few seconds.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage, serverAndBrowser, type Server } from './helpers.js';

const env = serverAndBrowser({
  HTTP_HEADERS_TIMEOUT_MS: '100',
  HTTP_REQUEST_TIMEOUT_MS: '200',
  HTTP_TIMEOUT_CHECK_MS: '20',
});
let server: Server;
let browser: Browser;
beforeAll(() => {
  ({ server, browser } = env());
});

describe('regression: a request on a socket Chromium opened ahead of need', () => {
  it('is never answered 400 when the server times that socket out', async () => {
    const { page, ctx } = await newPage(browser);
    await page.goto(`${server.url}/api/health`);
    const got = await page.evaluate(async () => {
      const out: (number | string)[] = [];
      // 100 rounds (400 answered requests), not 8 s of them: a loaded machine answered only 176
      // in 8 s (load 35) and failed; the time is only a cap under the test's timeout
      const answered = () => out.filter((x) => x !== 'aborted').length;
      const t0 = Date.now();
      while (answered() < 400 && Date.now() - t0 < 45_000) {
        // Six at once open sockets; aborting five before they connect leaves unused ones idle.
        const ctrls = Array.from({ length: 6 }, () => new AbortController());
        const ps = ctrls.map((c, i) =>
          fetch(`/api/health?a=${i}`, { signal: c.signal }).then(
            (r) => r.status,
            () => 'aborted',
          ),
        );
        ctrls.slice(1).forEach((c) => c.abort());
        out.push(...(await Promise.all(ps)));
        await new Promise((r) => setTimeout(r, Math.random() * 150));
        out.push(
          ...(await Promise.all(
            [1, 2, 3].map((i) =>
              fetch(`/api/health?b=${i}`).then(
                (r) => r.status,
                () => 'network error',
              ),
            ),
          )),
        );
      }
      return out;
    });
    await ctx.close();
    const answered = got.filter((x) => x !== 'aborted');
    expect(answered.length).toBeGreaterThan(200);
    // 408 is node's own answer when a request itself outlasts the 200 ms request timeout set
    // above, which a loaded machine can make happen (seen at load 40): correct, and not the bug.
    // The bug was 400, and a socket error would be another answer the page never got.
    expect(answered.filter((x) => x !== 200 && x !== 408)).toEqual([]);
    expect(answered.filter((x) => x === 200).length).toBeGreaterThan(200);
  }, 60_000);
});
