// A key defined in two sections of the catalogue fails the web's build (scripts/i18n-keys-once.mjs):
// the catalogue is a spread of its sections, so the second silently won (regression: the campaign
// panel was titled "Companion for the board game", `cp_title` of the Companion).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EN } from '../src/i18n/en.js';
import { i18nFor } from '../src/i18n/all.js';
// a plain node script (the build runs it), without types
import { keysTwice, sectionKeys } from '../../../scripts/i18n-keys-once.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const EN_DIR = path.join(ROOT, 'packages/web/src/i18n/en');
const SCRIPT = path.join(ROOT, 'scripts/i18n-keys-once.mjs');
const keysOf = (dir: string): string[] =>
  fs
    .readdirSync(dir)
    .flatMap((f: string) => (sectionKeys as (s: string) => string[])(fs.readFileSync(path.join(dir, f), 'utf8')));

describe('each catalogue key is defined once', () => {
  it('the check reads every key of the catalogue, and finds none defined twice', () => {
    const read = keysOf(EN_DIR);
    expect(new Set(read)).toEqual(new Set(Object.keys(EN)));
    expect((keysTwice as (d: string) => unknown[])(EN_DIR)).toEqual([]);
    expect(read.length).toBe(Object.keys(EN).length);
  });

  it('regression "the campaign panel is titled Companion for the board game": a key in two sections stops the build', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-i18n-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'a.ts'),
        "export const A_EN = {\n  cp_title: 'Companion',\n  x: { one: 'a', other: 'b' },\n};\n",
      );
      fs.writeFileSync(path.join(dir, 'b.ts'), "export const B_EN = {\n  cp_title: 'Campaign',\n};\n");
      const r = spawnSync(process.execPath, [SCRIPT, dir], { encoding: 'utf8' });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('"cp_title" is defined in a.ts and b.ts');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    for (const lang of ['en', 'zh', 'ja'] as const)
      expect(i18nFor(lang).t('cp_campaign')).not.toBe(i18nFor(lang).t('cp_title'));
  });
});
