// Replays every game record in tests/records/ and checks the replayed result against the recorded
// one (like 18xx's fixtures spec); records in tests/records/illegal/ must stop at a known action.
// The complete example in docs/game-record.md is replayed too, so the documentation stays true.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import {
  checkRecord,
  exportRecord,
  type GameRecord,
  type GameState,
  replay,
  actionFromRecord,
  standingActions,
} from '../packages/engine/src/index.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIR = join(ROOT, 'tests/records');
const read = (file: string): GameRecord => JSON.parse(readFileSync(file, 'utf8')) as GameRecord;
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort();

/** The illegal records and where they must stop. */
const ILLEGAL: Record<string, { index: number; code: string }> = {
  'training-illegal-step.json': { index: 14, code: 'not_adjacent' },
};

describe('game records', () => {
  test('the folder holds records for every end reason in both modes', () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
    const seen = new Set(files.map((f) => read(join(DIR, f))).map((r) => `${r.options.mode}:${r.result?.reason}`));
    for (const k of [
      'full:capture',
      'full:boxedIn',
      'full:recruits',
      'full:time',
      'training:capture',
      'training:boxedIn',
      'training:recruits',
      'training:time',
    ])
      expect(seen).toContain(k);
    expect([...seen].some((k) => k.endsWith(':resign'))).toBe(true);
  });

  test.each(files)('%s replays to its recorded result', (file) => {
    const record = read(join(DIR, file));
    expect(checkRecord(record)).toBeNull();
    const r = replay(record);
    if (!r.ok) throw new Error(`${file}: action ${r.index} is illegal: ${r.code}: ${r.message}`);
    expect(r.actions).toBe(record.actions.length);
    expect(r.state.result).toEqual(record.result);
    // Exporting the replayed game gives back the same actions and result.
    const again = exportRecord(
      r.state,
      record.actions.map((a) => actionFromRecord(a) as never),
    );
    expect(again.actions).toEqual(record.actions);
    expect(again.result).toEqual(record.result);
  });

  test('D12: the actions standing in a record with undos are the game as played, and replay to the same game', () => {
    // full-capture-undos.json is full-capture.json with actions taken back: single ones of each
    // undoable kind, and an activation and its move taken back one after the other
    const undos = read(join(DIR, 'full-capture-undos.json'));
    const plain = read(join(DIR, 'full-capture.json'));
    const stands = standingActions(undos.actions);
    const played = undos.actions.filter((_, i) => stands[i]);
    expect(undos.actions.length).toBeGreaterThan(plain.actions.length + 10);
    expect(played).toEqual(plain.actions);
    // the same game but for the counters of actions and what the agents were not shown
    const game = (s: GameState) => ({ ...s, seq: 0, hiddenSeqs: 0, undo: null });
    const a = replay(undos);
    const b = replay({ ...undos, actions: played });
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) expect(game(a.state)).toEqual(game(b.state));
  });

  test.each(Object.entries(ILLEGAL))('illegal/%s stops at the illegal action with its code', (file, want) => {
    const record = read(join(DIR, 'illegal', file));
    const r = replay(record);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect({ index: r.index, code: r.code }).toEqual(want);
    expect(r.message).toMatch(/F3/);
    // Everything before the illegal action replays.
    const before = replay({ ...record, actions: record.actions.slice(0, want.index) });
    expect(before.ok).toBe(true);
  });

  test('a record that is not a record is refused with index -1', () => {
    const record = read(join(DIR, 'training-example.json'));
    expect(replay({ ...record, format: 'other' as never })).toMatchObject({ ok: false, index: -1, code: 'malformed' });
    expect(replay({ ...record, deck: record.deck.slice(1) })).toMatchObject({ ok: false, index: -1 });
    const bad = replay({ ...record, actions: [{ type: 'chooseStart', seat: 0, at: 'G9' }] });
    expect(bad).toMatchObject({ ok: false, index: 0, code: 'malformed' });
  });

  test('the complete example in docs/game-record.md replays and equals tests/records/training-example.json', () => {
    const doc = readFileSync(join(ROOT, 'docs/game-record.md'), 'utf8');
    const blocks = [...doc.matchAll(/```json\n([\s\S]*?)```/g)]
      .map((m) => m[1]!)
      .filter((b) => b.includes('"mindmgmt-record"') && b.includes('"actions"'));
    const parsed = blocks.flatMap((b) => {
      try {
        return [JSON.parse(b) as GameRecord];
      } catch {
        return []; // the field overview abbreviates its actions as [ ... ]
      }
    });
    const example = parsed.find((r) => Array.isArray(r.actions) && r.actions.length > 10);
    expect(example).toBeDefined();
    expect(example).toEqual(read(join(DIR, 'training-example.json')));
    const r = replay(example!);
    expect(r.ok && r.state.result).toEqual({ winner: 'agents', reason: 'capture', time: 7 });
  });

  const cli = join(ROOT, 'packages/cli/dist/main.js');
  test('the CLI prints the documented JSON for a record, an illegal record and an unreadable file', () => {
    // `npm test` builds before testing; a missing CLI is a failure, not a reason to skip
    expect(existsSync(cli), `${cli} is not built: run npm run build`).toBe(true);
    const run = (file: string) => {
      try {
        return {
          status: 0,
          out: execFileSync('node', [cli, 'replay', file, '--json'], { encoding: 'utf8', stdio: 'pipe' }),
        };
      } catch (e) {
        const x = e as { status: number; stdout: string };
        return { status: x.status, out: x.stdout };
      }
    };
    const ok = run(join(DIR, 'training-example.json'));
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.out)).toEqual({ ok: true, result: { winner: 'agents', reason: 'capture' }, actions: 20 });
    const bad = run(join(DIR, 'illegal/training-illegal-step.json'));
    expect(bad.status).toBe(0);
    expect(JSON.parse(bad.out)).toMatchObject({ ok: false, index: 14, code: 'not_adjacent' });
    expect(run(join(DIR, 'no-such-file.json')).status).toBe(2);
  });
});
