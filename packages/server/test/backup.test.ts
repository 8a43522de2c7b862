// Backups of the SQLite data while games are played (docs/operations.md "Backups"): the copy
// holds every action acknowledged before it began, and a restore refuses a folder with data.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/app/server.js';
import { BackupError, backupSqlite, restoreSqlite } from '../src/store/backup.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { closeTable, mulberry, openTable, playOut, testServer, type Table } from './helpers.js';
import { tempDir } from './temp-dir.js';

let srv: RunningServer | null = null;
const tables: Table[] = [];
afterEach(async () => {
  for (const t of tables.splice(0)) closeTable(t);
  await srv?.close();
  srv = null;
});

describe('backup and restore (SQLite)', () => {
  it('regression: a copy of the database file taken during play was empty (the data was in the -wal)', async () => {
    const dir = tempDir('mm-backup-');
    const store = SqliteStore.inDir(dir);
    srv = await testServer(store);
    const games = await Promise.all([0, 1, 2].map(() => openTable(srv!.url, { mode: 'training', players: 2 })));
    tables.push(...games);
    // Each game's acknowledged actions: seq -> action as sent.
    const acked = games.map(() => new Map<number, unknown>());
    let total = 0;
    let ackedAtBackup: number[] | null = null;
    const file = path.join(tempDir('mm-backup-out-'), 'copy.sqlite');
    let backedUp!: () => void;
    const done = new Promise<void>((r) => (backedUp = r));
    const play = games.map((t, i) =>
      playOut(t, mulberry(7 + i), {
        onAck: (seq, action) => {
          acked[i]!.set(seq, action);
          total++;
          // Half way, while the other games' moves are on their way: back up.
          if (total >= 24 && !ackedAtBackup) {
            ackedAtBackup = acked.map((m) => Math.max(0, ...m.keys()));
            backupSqlite(dir, file);
            backedUp();
          }
        },
        stop: () => acked[i]!.size >= 14,
      }),
    );
    await Promise.all(play);
    await done;
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    // Restored into an empty folder, the copy holds every action acknowledged before it began.
    const into = path.join(tempDir('mm-restore-'), 'data');
    restoreSqlite(file, into);
    expect(fs.statSync(into).mode & 0o777).toBe(0o700);
    const back = SqliteStore.inDir(into);
    try {
      for (const [i, t] of games.entries()) {
        const row = await back.getGame(t.gameId);
        expect(row!.seq).toBeGreaterThanOrEqual(ackedAtBackup![i]!);
        const log = await back.allActions(t.gameId);
        // One consistent moment: the row's seq and the log agree.
        expect(log.length).toBe(row!.seq);
        for (const [seq, action] of acked[i]!)
          if (seq <= row!.seq) expect(log[seq - 1]).toMatchObject(action as object);
      }
    } finally {
      await back.close();
    }
  });

  it('regression: a restore could overwrite a data folder that holds a database', async () => {
    const dir = tempDir('mm-backup2-');
    const store = SqliteStore.inDir(dir);
    await store.probeWrite();
    const file = path.join(dir, '..', `${path.basename(dir)}.bak`);
    backupSqlite(dir, file);
    await store.close();
    const before = fs.readFileSync(path.join(dir, 'mindmgmt.sqlite'));
    expect(() => restoreSqlite(file, dir)).toThrow(BackupError);
    expect(fs.readFileSync(path.join(dir, 'mindmgmt.sqlite')).equals(before)).toBe(true);
    // Nor is anything but a database of ours taken for a backup.
    const junk = path.join(tempDir('mm-junk-'), 'junk');
    fs.writeFileSync(junk, 'not a database');
    expect(() => restoreSqlite(junk, path.join(tempDir('mm-empty-'), 'data'))).toThrow(BackupError);
    fs.rmSync(file);
  });

  it('regression: a backup named like the live database was renamed over it while the server ran', async () => {
    const dir = tempDir('mm-backup4-');
    srv = await testServer(SqliteStore.inDir(dir));
    const t = await openTable(srv.url, { mode: 'training', players: 2 });
    tables.push(t);
    let acks = 0;
    await playOut(t, mulberry(3), { onAck: () => void acks++, stop: () => acks >= 3 });
    const live = path.join(dir, 'mindmgmt.sqlite');
    const inode = fs.statSync(live).ino;
    for (const f of ['mindmgmt.sqlite', 'mindmgmt.sqlite-wal', 'copy.sqlite'])
      expect(() => backupSqlite(dir, path.join(dir, f))).toThrow(/must not go into the data folder/);
    expect(fs.statSync(live).ino).toBe(inode);
    expect(fs.readdirSync(dir).filter((f) => !f.startsWith('mindmgmt.sqlite'))).toEqual([]);
    // A folder that does not exist is said so, as a refusal, not a crash.
    expect(() => backupSqlite(dir, path.join(dir, '..', 'no-such-folder', 'x.sqlite'))).toThrow(BackupError);
  });

  it('regression: a restore into a mistyped DATA_DIR (a folder of other files) filled it and made it 0700', async () => {
    const dir = tempDir('mm-backup3-');
    const store = SqliteStore.inDir(dir);
    await store.probeWrite();
    const file = path.join(dir, '..', `${path.basename(dir)}.bak`);
    backupSqlite(dir, file);
    await store.close();
    const home = tempDir('mm-home-');
    fs.chmodSync(home, 0o755);
    fs.writeFileSync(path.join(home, 'notes.txt'), 'mine');
    expect(() => restoreSqlite(file, home)).toThrow(/not empty \(notes\.txt\)/);
    expect(fs.readdirSync(home)).toEqual(['notes.txt']);
    expect(fs.statSync(home).mode & 0o777).toBe(0o755);
    // An empty folder, or one with only a file system's lost+found, is filled.
    const mount = tempDir('mm-mount-');
    fs.mkdirSync(path.join(mount, 'lost+found'));
    restoreSqlite(file, mount);
    expect(fs.existsSync(path.join(mount, 'mindmgmt.sqlite'))).toBe(true);
    fs.rmSync(file);
  });
});
