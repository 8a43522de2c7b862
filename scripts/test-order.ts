// The order vitest starts test files in: the longest first, so the workers end
// together instead of one starting a long file at the end. Files in scripts/test-costs.json
// (seconds per file, measured on an otherwise idle 2-core machine by scripts/test-costs.mjs and
// committed, since a fresh clone has no vitest cache) go by that table; the others keep vitest's
// own order (its cache of the last run's durations, else the largest file first), ahead of them.
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
    // a stable sort: files without a cost keep vitest's order (Infinity - Infinity is NaN, so compare)
    const sorted = (await super.sort(files)).sort((a, b) => (cost(a) === cost(b) ? 0 : cost(a) > cost(b) ? -1 : 1));
    // The browser tests ('web') mostly wait on a page or a bot; the others mostly compute. Taken
    // in turn, one of each, the workers (more than the cores, vitest.config.ts) keep the cores
    // busy with computing files while the browser files wait, instead of four browser files
    // waiting together at the start and four computing files sharing two cores at the end.
    const waiting = sorted.filter((f) => f.project.name === 'web');
    const computing = sorted.filter((f) => f.project.name !== 'web');
    const out: TestSpecification[] = [];
    for (let i = 0; i < Math.max(waiting.length, computing.length); i++) {
      if (waiting[i]) out.push(waiting[i]!);
      if (computing[i]) out.push(computing[i]!);
    }
    return out;
  }
}
