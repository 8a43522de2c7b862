// Clock-free bot decisions for tests: a test builds its positions with bots whose
// work is fixed by counts, never cut short by the wall clock.

/**
 * A budget whose safety cutoff never fires: the hard bots' work stops growing at 700 ms (their
 * exact deduction starts at 400 ms), so from there on a decision is the same on an idle and on a
 * loaded machine. The value simulate's `--iterations` mode uses (cli/src/simulate.ts).
 */
export const NO_CUTOFF_MS = 600_000;
