// Vitest setup file: with MM_TEST_CPU=<file>, appends one JSON line per test file with the CPU
// seconds it used (its own process, and the children it waited for: a browser test's server and
// Chromium), the measure scripts/test-costs.json is made from. CPU, not wall time: the CI machine
// is shared, and wall time there says more about the neighbours than about the test.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, expect } from 'vitest';
import { childCpu } from './proc-cpu.mjs';

const out = process.env.MM_TEST_CPU;

if (out) {
  const t0 = performance.now();
  // a worker may run several files (the node project does not isolate them): this file's share
  const c0 = process.cpuUsage();
  const k0 = childCpu();
  // the longest the file held its event loop: while it does, its own timers and its server's
  // sockets wait (docs/architecture.md "CI", "No long synchronous stretch")
  const loop = monitorEventLoopDelay({ resolution: 50 });
  loop.enable();
  // registered first, so it runs after the file's own afterAll hooks (which stop its server)
  afterAll(() => {
    // from this setup file on: the file's imports count (modules a file before it loaded do not)
    const c = process.cpuUsage(c0);
    const row = {
      file: expect.getState().testPath,
      cpu: Math.round((c.user + c.system) / 1e4) / 100,
      children: Math.round((childCpu() - k0) * 100) / 100,
      wall: Math.round(performance.now() - t0) / 1000,
      maxBlock: Math.round(loop.max / 1e6) / 1000,
    };
    fs.appendFileSync(out, JSON.stringify(row) + '\n');
  });
}
