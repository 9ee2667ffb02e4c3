// `npm run manage -- backup <file>`: a consistent copy of the live SQLite database, taken while the
// server keeps writing. VACUUM INTO reads one snapshot inside a single read transaction (WAL mode lets
// writers go on meanwhile) and writes a compact, self-contained database file.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from '../config';

export const BACKUP_USAGE = `  backup        <file>
                Copies the live SQLite database to <file> (consistent while the server writes).
                Restore: stop the server, replace DATA_DIR/app.db with the copy (delete app.db-wal and
                app.db-shm if present), start the server. With DATABASE_URL, use pg_dump instead.
`;

export class BackupError extends Error {}

export function sqliteFile(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'app.db');
}

/** Writes a consistent copy of the database at `source` to `target`, which must not exist yet. */
export function backupSqlite(source: string, target: string): { bytes: number } {
  if (!fs.existsSync(source)) throw new BackupError(`No database at ${source}.`);
  if (fs.existsSync(target)) throw new BackupError(`${target} already exists; choose a new file.`);
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  // The copy holds everything the database does: readable by the owner only from its first byte
  // (VACUUM INTO accepts an empty file; 'wx' never follows a planted link).
  fs.writeFileSync(target, '', { mode: 0o600, flag: 'wx' });
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('VACUUM INTO ?').run(path.resolve(target));
  } finally {
    db.close();
  }
  const check = new SQLite(target, { readonly: true });
  try {
    const result = check.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new BackupError(`The copy failed its integrity check: ${String(result)}`);
  } finally {
    check.close();
  }
  return { bytes: fs.statSync(target).size };
}

export function backupCommand(config: Pick<Config, 'dataDir' | 'databaseUrl'>, args: string[]): number {
  const [target, ...extra] = args;
  if (!target || extra.length > 0) {
    process.stderr.write(`Usage: npm run manage -- backup <file>\n`);
    return 2;
  }
  if (config.databaseUrl) {
    process.stderr.write('DATABASE_URL is set: back up PostgreSQL with pg_dump.\n');
    return 2;
  }
  try {
    const { bytes } = backupSqlite(sqliteFile(config), target);
    process.stdout.write(`Backed up ${sqliteFile(config)} to ${target} (${bytes} bytes)\n`);
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
