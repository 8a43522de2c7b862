// Backups of the SQLite data (docs/operations.md "Backups"). The database runs in WAL mode: the
// committed data lives partly in mindmgmt.sqlite-wal until a checkpoint, so a copy of the main file
// alone can be empty or torn. A backup is one read transaction on the live database (VACUUM INTO):
// it sees exactly the transactions committed when it began, and the server's writer goes on
// meanwhile (in WAL mode a reader never blocks a writer).
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DATA_FILE, dataDir, FILE_MODE } from './sqlite.js';

/** The data folder the server uses: DATA_DIR, relative to the working folder (default ./data). */
export function dataDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.DATA_DIR ?? './data');
}

export class BackupError extends Error {}

/** Whether a file is a database of this server (it has our meta table and schema version). */
function checkDatabase(file: string): void {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (e) {
    throw new BackupError(`${file}: not readable as a database (${e instanceof Error ? e.message : 'error'})`);
  }
  try {
    const ok = db.pragma('quick_check', { simple: true });
    if (ok !== 'ok') throw new BackupError(`${file}: damaged (${String(ok)})`);
    const v = db.prepare(`SELECT value FROM meta WHERE key = 'schema_version'`).get() as { value: string } | undefined;
    if (!v) throw new BackupError(`${file}: not a Mind MGMT database`);
  } catch (e) {
    if (e instanceof BackupError) throw e;
    throw new BackupError(`${file}: not a Mind MGMT database (${e instanceof Error ? e.message : 'error'})`);
  } finally {
    db.close();
  }
}

/**
 * Writes a consistent copy of the database in `dir` to `dest` (replaced atomically if it exists),
 * readable by its owner only. Safe while the server runs.
 */
export function backupSqlite(dir: string, dest: string): { bytes: number } {
  const src = path.join(dir, DATA_FILE);
  try {
    fs.statSync(src);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EACCES')
      throw new BackupError(`${src}: permission denied (run as the server's user)`);
    throw new BackupError(`${src}: no database here (is DATA_DIR right?)`);
  }
  const target = path.resolve(dest);
  let into: string;
  try {
    into = fs.realpathSync(path.dirname(target));
  } catch {
    throw new BackupError(`${path.dirname(target)}: no such folder for the backup`);
  }
  // Into the data folder, the copy would be renamed over the live database (or its -wal) if
  // named like it, and would be lost with the folder anyway: a backup goes elsewhere.
  if (into === fs.realpathSync(dir))
    throw new BackupError(`${target}: a backup must not go into the data folder ${dir}; choose another folder`);
  const tmp = `${target}.partial-${process.pid}`;
  fs.rmSync(tmp, { force: true });
  // Read-only: the backup never writes to the live database (nor checkpoints it).
  let db: Database.Database;
  try {
    db = new Database(src, { readonly: true, fileMustExist: true });
  } catch (e) {
    // Most often another user's data folder: run as the server's user.
    throw new BackupError(`${src}: ${e instanceof Error ? e.message : 'not readable'} (run as the server's user)`);
  }
  try {
    db.pragma('busy_timeout = 5000');
    // Created owner-only from the start: the copy holds what the database holds.
    const old = process.umask(0o077);
    try {
      db.prepare('VACUUM INTO ?').run(tmp);
    } finally {
      process.umask(old);
    }
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    if (e instanceof Database.SqliteError) throw new BackupError(`${target}: ${e.message}`);
    throw e;
  } finally {
    db.close();
  }
  fs.chmodSync(tmp, FILE_MODE);
  checkDatabase(tmp);
  fs.renameSync(tmp, target);
  return { bytes: fs.statSync(target).size };
}

/**
 * What in `dir` keeps a restore out: anything but a file system's lost+found. Not only the
 * database: a mistyped DATA_DIR (a home or a system folder) must not be filled and made 0700.
 */
export function dataIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((f) => f !== 'lost+found');
}

/**
 * Fills an empty data folder from a backup. Refuses a folder that holds anything (a running
 * server's database, one a restore would silently replace, or the wrong folder).
 */
export function restoreSqlite(backup: string, dir: string): { bytes: number } {
  const held = dataIn(dir);
  if (held.length)
    throw new BackupError(
      `${dir} is not empty (${held.slice(0, 5).join(', ')}${held.length > 5 ? ', ...' : ''}); restore into an empty data folder`,
    );
  checkDatabase(backup);
  dataDir(dir);
  const target = path.join(dir, DATA_FILE);
  const tmp = path.join(dir, `.restore-${process.pid}`);
  fs.copyFileSync(backup, tmp, fs.constants.COPYFILE_EXCL);
  try {
    fs.chmodSync(tmp, FILE_MODE);
    // A server started meanwhile would have made its own file: never replace it.
    fs.linkSync(tmp, target);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST')
      throw new BackupError(`${target} appeared during the restore (a server started?); nothing was replaced`);
    throw e;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return { bytes: fs.statSync(target).size };
}
