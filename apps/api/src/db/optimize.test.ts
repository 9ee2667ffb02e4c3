// SQLite's statistics are kept fresh as SQLite advises for a long-lived connection (issue 22):
// `PRAGMA optimize=0x10002` when the server opens the database, `PRAGMA optimize` every hour
// (optimizeSqlite, main.ts's hourly job) and when it closes it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, optimizeSqlite } from './index';

/** The row count ANALYZE recorded for `table` (the first number of its sqlite_stat1 entry), or null. */
function analyzedRows(file: string, table: string): number | null {
  const raw = new SQLite(file, { readonly: true });
  try {
    const hasStats = raw.prepare("select 1 from sqlite_master where name = 'sqlite_stat1'").get();
    if (!hasStats) return null;
    const row = raw.prepare('select stat from sqlite_stat1 where tbl = ? and idx is not null').get(table) as
      | { stat: string }
      | undefined;
    return row ? Number(row.stat.split(' ')[0]) : null;
  } finally {
    raw.close();
  }
}

function fill(file: string, from: number, to: number): void {
  const raw = new SQLite(file);
  raw.exec('create table if not exists readings (id integer primary key, sensor text not null, value real)');
  raw.exec('create index if not exists readings_sensor on readings (sensor)');
  const insert = raw.prepare('insert into readings (sensor, value) values (?, ?)');
  raw.transaction(() => {
    for (let i = from; i < to; i++) insert.run(`sensor-${i % 50}`, i);
  })();
  raw.close();
}

describe('SQLite statistics', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const database = () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-optimize-'));
    dirs.push(dataDir);
    return { dataDir, file: path.join(dataDir, 'app.db') };
  };

  it('are taken when the server opens a database whose indexed table was never analyzed', async () => {
    const { dataDir, file } = database();
    fill(file, 0, 2_000);
    expect(analyzedRows(file, 'readings')).toBeNull();
    const db = createDb({ dataDir });
    expect(analyzedRows(file, 'readings')).toBe(2_000);
    await db.destroy();
  });

  it('are left to later when another connection is writing as the server opens, which opens at once', async () => {
    const { dataDir, file } = database();
    fill(file, 0, 2_000);
    const writer = new SQLite(file);
    writer.pragma('journal_mode = WAL');
    writer.exec('begin immediate');
    writer.prepare('insert into readings (sensor, value) values (?, ?)').run('sensor-x', 1);
    // Before: the open's optimize met the write lock and the open failed with "database is locked".
    const db = createDb({ dataDir });
    expect(analyzedRows(file, 'readings')).toBeNull();
    writer.exec('commit');
    writer.close();
    // The server reads the table, then closes (or runs the hourly job): that takes them.
    await sql`select count(*) as n from readings where sensor = ${'sensor-1'}`.execute(db);
    await db.destroy();
    expect(analyzedRows(file, 'readings')).toBe(2_001);
  });

  it('are refreshed by the hourly optimize once the table has grown far past them', async () => {
    const { dataDir, file } = database();
    fill(file, 0, 100);
    const db = createDb({ dataDir });
    expect(analyzedRows(file, 'readings')).toBe(100);
    fill(file, 100, 10_000);
    // The planner reads the table through its index, which is what tells optimize it matters.
    await db
      .selectFrom('readings' as never)
      .selectAll()
      .where('sensor' as never, '=', 'sensor-1' as never)
      .execute();
    await optimizeSqlite(db);
    expect(analyzedRows(file, 'readings')).toBe(10_000);
    await db.destroy();
  });

  it('are refreshed when the server closes the database', async () => {
    const { dataDir, file } = database();
    fill(file, 0, 100);
    const db = createDb({ dataDir });
    fill(file, 100, 10_000);
    await db
      .selectFrom('readings' as never)
      .selectAll()
      .where('sensor' as never, '=', 'sensor-1' as never)
      .execute();
    expect(analyzedRows(file, 'readings')).toBe(100);
    await db.destroy();
    expect(analyzedRows(file, 'readings')).toBe(10_000);
  });
});
