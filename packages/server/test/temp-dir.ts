// Temporary folders for test databases, removed when the test file ends, so a test run leaves
// nothing behind in the system's temp folder. Each test file imports this module afresh (vitest
// isolates files), so the hook below belongs to the importing file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];

afterAll(() => {
  for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

export function tempDir(prefix: string): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(d);
  return d;
}
