// Temporary folders for test databases, removed when the test process ends, so a test run leaves
// nothing behind in the system's temp folder. A process may run several test files (the node
// project does not isolate them), so the removal is tied to the process, not to a file's hooks.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const made: string[] = [];

process.once('exit', () => {
  for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

export function tempDir(prefix: string): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(d);
  return d;
}
