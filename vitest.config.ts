import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { CostSequencer } from './scripts/test-order.js';

// Two projects (docs/architecture.md "CI"): the browser tests need the one shared
// build, made by their globalSetup before any file starts; everything else runs without it.
export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Processes, not threads: a test file may block its event loop for long. One more worker than
    // cores (MM_TEST_WORKERS overrides): a browser file mostly waits on its page, its server and
    // its Chromium, and with one file per core the 2-core CI machine's cores were busy only 65%
    // of the vitest phase (1,123 CPU s in 860 s); with three workers, 724 s (docs/architecture.md
    // "CI"). The sequencer pairs each browser file with a computing file (scripts/test-order.ts).
    pool: 'forks',
    maxWorkers: Number(process.env.MM_TEST_WORKERS) || os.availableParallelism() + 1,
    // Longest files first (measured costs, scripts/test-costs.json), so the run ends together.
    sequence: { sequencer: CostSequencer },
    // MM_TEST_CPU=<file>: CPU seconds per test file, for scripts/test-costs.json
    setupFiles: ['scripts/test-cpu.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          // One process runs many files: each file's imports are evaluated once per worker, not
          // once per file (docs/architecture.md "CI").
          isolate: false,
          include: ['packages/{engine,ai,table,server,cli}/test/**/*.test.ts', 'tests/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          // Shared processes here too: a process's files share one Chromium (test/helpers.ts
          // sharedBrowser), each with its own server and its own contexts.
          isolate: false,
          include: ['packages/web/test/**/*.test.ts'],
          globalSetup: ['packages/web/test/global-setup.ts'],
        },
      },
    ],
  },
});
