// Between long synchronous runs inside one test (whole games, a seed's half-turns): lets the test
// worker's event loop answer the runner, which times out a worker silent for too long ("Timeout
// calling onTaskUpdate" on a loaded machine). One test then holds all its runs and judges them
// itself, instead of one test per run with a last test judging what the others left behind.
export const yieldToRunner = (): Promise<void> => new Promise((r) => setImmediate(r));

/** The timeout of such a test: the runs are many and the machine may be loaded (a bound for a
 * hang, not a measure: nothing is decided by how long they took). */
export const LONG_MS = 900_000;
