// `replay FILE [--json]`: replays a game record and reports its result or its first illegal action.
import { readFileSync } from 'node:fs';
import { checkRecord, type GameRecord, label, replay } from '@mindmgmt/engine';

export function replayCommand(argv: string[]): number {
  const file = argv.find((a) => !a.startsWith('--'));
  const json = argv.includes('--json');
  if (!file) {
    process.stderr.write('usage: replay FILE [--json]\n');
    return 2;
  }
  let record: unknown;
  try {
    record = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    process.stderr.write(`cannot read ${file}: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  const problem = checkRecord(record);
  if (problem) {
    process.stderr.write(`${file} is not a game record: ${problem}\n`);
    return 2;
  }
  const r = replay(record as GameRecord);
  const out = r.ok
    ? {
        ok: true,
        result: r.state.result ? { winner: r.state.result.winner, reason: r.state.result.reason } : null,
        actions: r.actions,
      }
    : { ok: false, index: r.index, code: r.code, message: r.message };
  if (json) process.stdout.write(JSON.stringify(out) + '\n');
  else if (r.ok) {
    const res = r.state.result;
    process.stdout.write(
      `${r.actions} actions replayed; ${res ? `${res.winner === null ? 'nobody' : res.winner} won (${res.reason}) at time ${res.time}` : 'game not finished'}\n`,
    );
    if (res) process.stdout.write(`recruiter path: ${r.state.path.map(label).join(' ')}\n`);
  } else process.stdout.write(`action ${r.index} is illegal: ${r.code}: ${r.message}\n`);
  return 0;
}
