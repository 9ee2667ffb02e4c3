// The server's SQLite checkpoints run in a thread, not in the commit that crosses SQLite's
// 1,000-page line (issue 22, db/checkpointer.ts): a commit only appends to the log, the thread
// copies the log into app.db, and closing the database ends the thread with it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startCheckpointer, WAL_BACKSTOP_PAGES } from './checkpointer';
import { createDb, type Db } from './index';

const PAGE = 4096;
/** Enough small transactions to take the log well past SQLite's own 1,000-page checkpoint. */
const WRITES = 1_500;

const sizeOf = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);

async function writeSmallTransactions(db: Db): Promise<void> {
  await sql`create table notes (id integer primary key, body blob not null)`.execute(db);
  for (let i = 0; i < WRITES; i++) {
    // One page-sized row per transaction, as a stream of small writes (token refreshes) is.
    await db
      .transaction()
      .execute((tx) => sql`insert into notes (body) values (zeroblob(${PAGE}))`.execute(tx));
  }
}

describe('SQLite checkpoints in a thread', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const database = () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-checkpoint-'));
    dirs.push(dataDir);
    const file = path.join(dataDir, 'app.db');
    return { dataDir, file, wal: `${file}-wal` };
  };

  it("leaves the commits only appending: past SQLite's 1,000 pages nothing was copied into app.db", async () => {
    const { dataDir, file, wal } = database();
    const db = createDb({ dataDir, checkpointEveryMs: 3_600_000 });
    const before = sizeOf(file);
    await writeSmallTransactions(db);
    // With SQLite's own checkpoints the commit that crossed 1,000 pages copied them into app.db.
    expect(sizeOf(file)).toBe(before);
    expect(sizeOf(wal)).toBeGreaterThan(WRITES * PAGE);
    expect(sizeOf(wal)).toBeLessThan(WAL_BACKSTOP_PAGES * PAGE);
    await db.destroy();
  });

  it('copies the log into app.db from the thread, while nothing else writes', async () => {
    const { dataDir, file } = database();
    const db = createDb({ dataDir, checkpointEveryMs: 20 });
    await writeSmallTransactions(db);
    await vi.waitFor(() => expect(sizeOf(file)).toBeGreaterThan(WRITES * PAGE), { timeout: 10_000 });
    const [row] = (await sql<{ n: number }>`select count(*) as n from notes`.execute(db)).rows;
    expect(row?.n).toBe(WRITES);
    await db.destroy();
  });

  it("ends with the database: the thread's connection is closed, so the last close removes the log", async () => {
    const { dataDir, wal } = database();
    const db = createDb({ dataDir, checkpointEveryMs: 3_600_000 });
    await writeSmallTransactions(db);
    expect(sizeOf(wal)).toBeGreaterThan(0);
    await db.destroy();
    // SQLite checkpoints and deletes the log when its last connection closes: the thread's is gone.
    expect(fs.existsSync(wal)).toBe(false);
  });

  it('says so when the thread ends before it was stopped, and when a checkpoint fails', async () => {
    const { file } = database();
    const warn = vi.fn();
    const ended = vi.fn();
    // No database there: the thread cannot open it and ends.
    startCheckpointer(file, { intervalMs: 20, warn, ended });
    await vi.waitFor(() => expect(ended).toHaveBeenCalledOnce(), { timeout: 10_000 });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('SQLite checkpoint thread failed'));
  });
});
