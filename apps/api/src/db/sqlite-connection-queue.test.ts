// The SQLite driver's one connection, handed out first come first served (issue 22, decision 0027):
// queries asked for together run in the order they were asked for, a transaction's statements
// are never interleaved with anyone else's, and every waiter gets its turn (none is lost when a
// query or a transaction fails).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from './index';

describe('the SQLite connection queue', () => {
  let db: Db | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await db?.destroy();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const open = async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-queue-'));
    db = createDb({ dataDir: dir });
    await sql`create table log (seq integer primary key autoincrement, what text not null)`.execute(db);
    return db;
  };
  const logged = async (d: Db) =>
    (await sql<{ what: string }>`select what from log order by seq`.execute(d)).rows.map((r) => r.what);

  it('runs queries in the order they were asked for, a transaction whole in its turn', async () => {
    const d = await open();
    const expected: string[] = [];
    const calls: Promise<unknown>[] = [];
    for (let i = 0; i < 60; i++) {
      if (i % 10 === 5) {
        // A transaction that yields to the event loop between its statements: nothing else may
        // come between them.
        const name = `tx${i}`;
        expected.push(`${name}.1`, `${name}.2`, `${name}.3`);
        calls.push(
          d.transaction().execute(async (tx) => {
            for (const step of [1, 2, 3]) {
              await sql`insert into log (what) values (${`${name}.${step}`})`.execute(tx);
              await new Promise((resolve) => setImmediate(resolve));
            }
          }),
        );
      } else {
        expected.push(`q${i}`);
        calls.push(sql`insert into log (what) values (${`q${i}`})`.execute(d));
      }
    }
    await Promise.all(calls);
    expect(await logged(d)).toEqual(expected);
  });

  it('gives the connection on after a failed query and a rolled-back transaction', async () => {
    const d = await open();
    const results = await Promise.allSettled([
      sql`insert into log (what) values (${'before'})`.execute(d),
      sql`insert into nowhere (what) values (1)`.execute(d),
      d.transaction().execute(async (tx) => {
        await sql`insert into log (what) values (${'rolled back'})`.execute(tx);
        throw new Error('abandoned');
      }),
      sql`insert into log (what) values (${'after'})`.execute(d),
      d.transaction().execute((tx) => sql`insert into log (what) values (${'committed'})`.execute(tx)),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(await logged(d)).toEqual(['before', 'after', 'committed']);
  });
});
