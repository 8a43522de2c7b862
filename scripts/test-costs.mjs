#!/usr/bin/env node
// Turns a run's per-file figures (MM_TEST_CPU=<file>, scripts/test-cpu.ts) into
// scripts/test-costs.json, the order a fresh clone starts test files in (scripts/test-order.ts):
//   MM_TEST_CPU=.tmp/cpu.jsonl npx vitest run && node scripts/test-costs.mjs .tmp/cpu.jsonl
// A file's cost is its wall seconds, which is what the workers balance: measure on an otherwise
// idle machine (a browser test mostly waits, so its CPU seconds would rank it far too low). The
// CPU seconds (worker plus children: a browser test's server and Chromium) are in the same lines.
// `maxBlock` is the longest stretch (s) a file held its event loop (keep it well under 30 s).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const input = process.argv[2];
if (!input) {
  process.stderr.write('usage: node scripts/test-costs.mjs <MM_TEST_CPU file>\n');
  process.exit(2);
}
const costs = {};
for (const line of fs.readFileSync(input, 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const r = JSON.parse(line);
  const rel = path.relative(ROOT, r.file).split(path.sep).join('/');
  costs[rel] = Math.round(r.wall * 10) / 10;
}
const sorted = Object.fromEntries(Object.entries(costs).sort((a, b) => b[1] - a[1]));
fs.writeFileSync(path.join(ROOT, 'scripts/test-costs.json'), JSON.stringify(sorted, null, 2) + '\n');
process.stderr.write(
  `${Object.keys(sorted).length} files, ${Object.values(sorted)
    .reduce((a, b) => a + b, 0)
    .toFixed(0)} s\n`,
);
