// `backup FILE` and `restore FILE`: the SQLite data of DATA_DIR (as the server reads it), copied
// consistently while the server runs, and put back into an empty data folder
// (docs/operations.md "Backups"). PostgreSQL is backed up with pg_dump (same page).
import { BackupError, backupSqlite, dataDirFromEnv, restoreSqlite } from '@mindmgmt/server';

function postgres(): boolean {
  if (!process.env.DATABASE_URL) return false;
  process.stderr.write('DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/operations.md, Backups)\n');
  return true;
}

export function backupCommand(args: string[]): number {
  const [file] = args;
  if (!file || args.length !== 1) return (process.stderr.write('usage: mindmgmt backup FILE\n'), 2);
  if (postgres()) return 2;
  const dir = dataDirFromEnv();
  try {
    const { bytes } = backupSqlite(dir, file);
    process.stdout.write(`backed up ${dir} to ${file} (${bytes} bytes)\n`);
    return 0;
  } catch (e) {
    if (!(e instanceof BackupError)) throw e;
    process.stderr.write(`backup failed: ${e.message}\n`);
    return 1;
  }
}

export function restoreCommand(args: string[]): number {
  const [file] = args;
  if (!file || args.length !== 1) return (process.stderr.write('usage: mindmgmt restore FILE\n'), 2);
  if (postgres()) return 2;
  const dir = dataDirFromEnv();
  try {
    const { bytes } = restoreSqlite(file, dir);
    process.stdout.write(`restored ${file} into ${dir} (${bytes} bytes)\n`);
    return 0;
  } catch (e) {
    if (!(e instanceof BackupError)) throw e;
    process.stderr.write(`restore refused: ${e.message}\n`);
    return 1;
  }
}
