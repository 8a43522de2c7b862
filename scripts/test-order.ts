// The order vitest starts test files in (issue 26 §6): the costliest first, so the workers end
// together instead of one starting a long file at the end. Costs are CPU seconds per file,
// measured and committed in scripts/test-costs.json (made by scripts/test-costs.mjs; a fresh
// clone has no vitest cache, and wall times on the shared machine say more about the neighbours).
// A file not in the table (a new one) starts first, as with vitest's own sequencer.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const COSTS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-costs.json');

function committedCosts(): Record<string, number> {
  try {
    return JSON.parse(fs.readFileSync(COSTS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

export class CostSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const costs = committedCosts();
    const root = this.ctx.config.root;
    const cost = (f: TestSpecification): number =>
      costs[path.relative(root, f.moduleId).split(path.sep).join('/')] ?? Infinity;
    // (Infinity - Infinity is NaN: compare, do not subtract)
    return [...files].sort((a, b) => (cost(a) === cost(b) ? 0 : cost(a) > cost(b) ? -1 : 1));
  }
}
