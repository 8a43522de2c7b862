// Vitest setup file: each test worker (and so a browser test's server and Chromium, which inherit
// it) runs at nice 5, below vitest's main process. That process answers every worker's RPC
// (`onTaskUpdate`, 60 s timeout, not configurable); with three workers, their servers and
// Chromiums, and a second CPU-heavy job on two cores, it was starved long enough for a run whose
// 928 tests all passed to end with "Timeout calling onTaskUpdate" (issue 26 §6). Raised only: a
// worker already below it (a niced `npm test`) keeps its own.
import os from 'node:os';

const WORKER_NICE = 5;
try {
  if (os.getPriority() < WORKER_NICE) os.setPriority(WORKER_NICE);
} catch {
  // not permitted here: the run goes on at the inherited priority
}
