// Finds import cycles between the TypeScript files of the packages (docs/architecture.md "No
// import circles"). Every relative import counts, `import type` and dynamic `import()` too: a
// circle of types is still two files that cannot be understood one without the other.
// Usage: node scripts/import-cycles.mjs [folder ...] (default: packages/*/src); exit 1 on a cycle.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function sources(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(resolve(p));
  }
  return out;
}

function target(from, spec) {
  const base = resolve(dirname(from), spec).replace(/\.m?js$/, '');
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((f) => existsSync(f)) ?? null;
}

/** Every source file under `roots` (absolute paths) and the files it imports. */
export function importEdges(roots) {
  const files = roots.flatMap((r) => sources(r));
  return new Map(
    files.map((f) => [
      f,
      [...readFileSync(f, 'utf8').matchAll(IMPORT)].map((m) => target(f, m[1] ?? m[2])).filter((t) => t !== null),
    ]),
  );
}

/** The groups of files that import each other (strongly connected components larger than one),
 * each sorted, paths relative to `cwd`. */
export function importCycles(roots, cwd = process.cwd()) {
  const edges = importEdges(roots);
  const files = [...edges.keys()];
  // Tarjan's algorithm, iterative (deep import chains must not overflow the stack).
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  for (const root of files) {
    if (index.has(root)) continue;
    const work = [[root, 0]];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length) {
      const top = work[work.length - 1];
      const [v, i] = top;
      const out = edges.get(v) ?? [];
      if (i < out.length) {
        top[1]++;
        const w = out[i];
        if (!index.has(w)) {
          index.set(w, next);
          low.set(w, next++);
          stack.push(w);
          onStack.add(w);
          work.push([w, 0]);
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
        continue;
      }
      work.pop();
      if (work.length) {
        const u = work[work.length - 1][0];
        low.set(u, Math.min(low.get(u), low.get(v)));
      }
      if (low.get(v) === index.get(v)) {
        const group = [];
        let w;
        do {
          w = stack.pop();
          onStack.delete(w);
          group.push(relative(cwd, w));
        } while (w !== v);
        if (group.length > 1) groups.push(group.sort());
      }
    }
  }
  return groups;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const roots = args.length
    ? args
    : readdirSync('packages')
        .map((p) => join('packages', p, 'src'))
        .filter((p) => existsSync(p));
  const groups = importCycles(roots);
  for (const g of groups) console.log(`import cycle: ${g.join(' <-> ')}`);
  console.log(`${groups.length} import cycle${groups.length === 1 ? '' : 's'} in ${roots.join(', ')}`);
  process.exitCode = groups.length ? 1 : 0;
}
