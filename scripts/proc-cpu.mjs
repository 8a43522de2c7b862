// CPU seconds from /proc (Linux; 0 elsewhere), read by `npm test`'s phase table (ci.mjs) and by
// the per-file CPU figures of the test setup (test-cpu.ts).
import fs from 'node:fs';

/**
 * CPU seconds of this process's waited-for children so far: cutime and cstime, fields 16 and 17
 * of proc(5), in clock ticks.
 * @returns {number}
 */
export function childCpu() {
  try {
    const f = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = f.slice(f.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}
