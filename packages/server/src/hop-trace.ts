// TEMPORARY diagnostics (perf pass): per-action timestamps on the cross-instance path, written
// to HOP_TRACE_FILE as "name gameId seq epochMs" lines, flushed every 500 ms.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';

const file = process.env.HOP_TRACE_FILE ?? '';
const lines: string[] = [];
export const tracing = file !== '';
if (tracing)
  setInterval(() => {
    if (lines.length) fs.appendFile(file, lines.splice(0).join(''), () => {});
  }, 500).unref();

export function hop(name: string, gameId: string, seq: number): void {
  if (tracing) lines.push(`${name} ${gameId} ${seq} ${(performance.timeOrigin + performance.now()).toFixed(3)}\n`);
}
