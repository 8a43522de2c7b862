// The order vitest starts test files in (issue 26 §6): longest first, so the two workers finish
// together instead of one starting a 3-minute file at the end. Costs come from this machine's
// last run (vitest's results cache) when there is one, else from scripts/test-costs.json (seconds
// per file, measured on the 2-core CI machine and committed: a fresh clone has no cache). A file
// in neither (new) goes first, as vitest's own sequencer does.
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
    const cost = (f: TestSpecification): number => {
      const rel = path.relative(root, f.moduleId).split(path.sep).join('/');
      const cached = this.ctx.cache.getFileTestResults(`${f.project.name}:${rel}`);
      if (cached && !cached.failed && cached.duration > 0) return cached.duration / 1000;
      return costs[rel] ?? Infinity;
    };
    return [...files].sort((a, b) => cost(b) - cost(a));
  }
}
