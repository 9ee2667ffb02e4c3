// SQLite with several server processes on one file (decision 0020): two processes running
// read-then-write transactions on the same row at once must neither fail nor lose an update.
// Kysely's deferred BEGIN would fail them with SQLITE_BUSY (a reader whose snapshot went stale
// cannot become a writer, and SQLite does not wait in that case); createDb begins them IMMEDIATE.
// A begin, and a write outside a transaction, wait for another's write lock by yielding to the event
// loop, not in SQLite's busy handler, which stops the process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from './index';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DB_MODULE = path.join(API_DIR, 'src', 'db', 'index.ts');
const PER_PROCESS = 150;

/**
 * A process that opens the database as the server does (createDb), says "ready", waits for "go" on
 * stdin, then runs PER_PROCESS transactions that each read the counter, give the event loop a turn
 * (as a request's transaction does between its queries) and write it back plus one. It prints how
 * many failed, and why.
 */
const WRITER = `
import { createDb } from ${JSON.stringify(DB_MODULE)};
import { sql } from 'kysely';
const db = createDb({ dataDir: process.env.DIR });
console.log('ready');
await new Promise((resolve) => process.stdin.once('data', resolve));
const errors = [];
for (let i = 0; i < ${PER_PROCESS}; i++) {
  try {
    await db.transaction().execute(async (tx) => {
      const { rows } = await sql\`select n from counter where id = 1\`.execute(tx);
      await new Promise((resolve) => setImmediate(resolve));
      await sql\`update counter set n = \${rows[0].n + 1} where id = 1\`.execute(tx);
    });
  } catch (err) {
    errors.push(err.code ?? err.message);
  }
}
await db.destroy();
console.log(JSON.stringify({ errors }));
`;

function startWriter(dir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', WRITER], {
    cwd: API_DIR,
    env: { ...process.env, DIR: dir },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const lines = readline.createInterface({ input: child.stdout });
  const ready = new Promise<void>((resolve, reject) => {
    lines.once('line', (line) => (line === 'ready' ? resolve() : reject(new Error(line))));
    child.once('exit', (code) => reject(new Error(`writer exited (${code}) before it was ready\n${stderr}`)));
  });
  const result = new Promise<{ errors: string[] }>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line));
    });
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`writer exited (${code})\n${stderr}`));
    });
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, ready, result, exited, go: () => child.stdin.end('go\n') };
}

describe('sqlite: two processes writing one database at once', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('run every read-then-write transaction, none failing and no update lost', {
    timeout: 60_000,
  }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-sqlite-writers-'));
    dirs.push(dir);
    const setup = new SQLite(path.join(dir, 'app.db'));
    setup.pragma('journal_mode = WAL');
    setup.exec(
      'create table counter (id integer primary key, n integer not null); insert into counter values (1, 0)',
    );
    setup.close();

    const writers = [startWriter(dir), startWriter(dir)];
    await Promise.all(writers.map((w) => w.ready));
    for (const writer of writers) writer.go();
    const results = await Promise.all(writers.map((w) => w.result));
    await Promise.all(writers.map((w) => w.exited));

    expect(results.flatMap((r) => r.errors)).toEqual([]);
    const check = new SQLite(path.join(dir, 'app.db'), { readonly: true });
    expect(check.prepare('select n from counter where id = 1').get()).toEqual({ n: 2 * PER_PROCESS });
    check.close();
  });

  /** A database whose counter holds 7, opened by another connection (`writer`) and by createDb. */
  function counterWithAnotherConnection() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-sqlite-writers-'));
    dirs.push(dir);
    const writer = new SQLite(path.join(dir, 'app.db'));
    writer.pragma('journal_mode = WAL');
    writer.exec(
      'create table counter (id integer primary key, n integer not null); insert into counter values (1, 7)',
    );
    return { writer, db: createDb({ dataDir: dir }) };
  }

  it('lets a write outside a transaction wait for another writer without stopping the event loop', async () => {
    const { writer, db } = counterWithAnotherConnection();
    try {
      // Another connection holds the write lock, and this process's event loop is what releases it:
      // SQLite's busy handler would sleep the thread until its timeout and fail with SQLITE_BUSY.
      writer.exec('begin immediate; update counter set n = 8 where id = 1');
      const write = sql`update counter set n = n + 10 where id = 1`.execute(db);
      await new Promise((resolve) => setTimeout(resolve, 20));
      writer.exec('commit');
      expect(Number((await write).numAffectedRows)).toBe(1);
      const { rows } = await sql<{ n: number }>`select n from counter where id = 1`.execute(db);
      expect(rows).toEqual([{ n: 18 }]);
    } finally {
      await db.destroy();
      writer.close();
    }
  });

  it('does not make a transaction asked for as read only wait for another writer', async () => {
    const { writer, db } = counterWithAnotherConnection();
    try {
      // Another connection holds the write lock; a writing transaction would wait busy_timeout for it.
      writer.exec('begin immediate; update counter set n = 8 where id = 1');
      const read = await db
        .transaction()
        .setAccessMode('read only')
        .execute(
          async (tx) => (await sql<{ n: number }>`select n from counter where id = 1`.execute(tx)).rows,
        );
      expect(read).toEqual([{ n: 7 }]); // the last committed value
      writer.exec('commit');
    } finally {
      await db.destroy();
      writer.close();
    }
  });
});
