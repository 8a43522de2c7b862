import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { CostSequencer } from './scripts/test-order.js';

// Two projects (issue 26 §6, docs/architecture.md "CI"): the browser tests need the one shared
// build, made by their globalSetup before any file starts; everything else runs without it.
export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Processes, not threads: a test file may block its event loop for long. One file per core
    // (vitest's default is one fewer: a single worker on the 2-core CI machine); the sequencer
    // pairs each browser file (mostly waiting, its server and Chromium in their own processes)
    // with a computing file (scripts/test-order.ts). Four workers on the 2-core machine measured
    // no faster (the run is CPU-bound) and made browser tests time out (docs/architecture.md "CI").
    pool: 'forks',
    maxWorkers: Math.max(2, os.availableParallelism()),
    minWorkers: 1,
    // Longest files first (measured costs, scripts/test-costs.json), so the run ends together.
    sequence: { sequencer: CostSequencer },
    // MM_TEST_CPU=<file>: CPU seconds per test file, for scripts/test-costs.json
    setupFiles: ['scripts/test-cpu.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['packages/{engine,ai,server,cli}/test/**/*.test.ts', 'tests/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['packages/web/test/**/*.test.ts'],
          globalSetup: ['packages/web/test/global-setup.ts'],
        },
      },
    ],
  },
});
