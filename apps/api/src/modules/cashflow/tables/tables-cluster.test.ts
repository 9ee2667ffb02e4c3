// A CashFlow table's streams across real server processes, with the streams' poll set to ten minutes
// so that only the push between processes can bring an event in time (decision 0033):
// - on SQLite as `npm start` runs the server: two workers behind the cluster's primary, each holding
//   one device's stream; an event written by either worker reaches the stream on the other at once,
//   rung through the primary (cluster-relay.ts). A worker killed mid-game drops its streams; the
//   device reopens after the last seq it holds, on whichever worker takes it, and gets what was
//   written meanwhile and after, with no gap and nothing twice.
// - on PostgreSQL, two API processes on one database (two machines): devices on each get the events
//   written through the other, by the database's notifications.
// vitest: shares the cores (it starts processes, but times and measures none of them).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Table, TableEvent } from '@staff/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/harness';
import {
  call,
  freshPostgresDatabase,
  killServer,
  type ServerProcess,
  startServer,
} from '../../../test/server-process';

const ADMIN = { email: 'host@tables-cluster.test', password: 'Tables-Cluster-Passw0rd!' };
const TABLES = '/api/cashflow/tables/';

/** A table stream on a connection of its own, and the pid of the worker the primary handed it to. */
interface HeldStream {
  worker: number;
  /** Resolves with the first table event whose seq is `seq`. */
  event(seq: number): Promise<TableEvent>;
  /** Every event's seq as it arrived, in order (a repeat would show twice). */
  seqs(): number[];
  /** Resolves when the server's side of the stream has gone (its worker died, say). */
  ended: Promise<void>;
  close(): void;
}

const POLL_MS = String(10 * 60_000);

/** Opens a table's stream after `after` on `server`, as a device resuming from the last seq it holds. */
function openStream(
  server: ServerProcess,
  token: string,
  table: Table,
  after = table.seq,
): Promise<HeldStream> {
  const url = `${TABLES}${table.id}/stream/?after=${after}`;
  // The worker's log line of this request names it (they are opened one at a time).
  const logged = server.nextLog(url);
  return new Promise((resolve, reject) => {
    const waiting = new Map<number, (event: TableEvent) => void>();
    const seen = new Map<number, TableEvent>();
    const order: number[] = [];
    let markEnded = () => {};
    const ended = new Promise<void>((done) => {
      markEnded = done;
    });
    const request = http.get(
      `${server.url}${url}`,
      { agent: false, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream answered ${response.statusCode}`));
          return;
        }
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          for (let match = /id: (\d+)\nevent: table\ndata: (.*)\n\n/.exec(text); match; ) {
            text = text.slice(match.index + match[0].length);
            const event = JSON.parse(match[2] as string) as TableEvent;
            order.push(event.seq);
            seen.set(event.seq, event);
            waiting.get(event.seq)?.(event);
            match = /id: (\d+)\nevent: table\ndata: (.*)\n\n/.exec(text);
          }
        });
        response.on('close', () => markEnded());
        response.on('error', () => markEnded());
        void logged.then((line) => {
          resolve({
            worker: (JSON.parse(line) as { pid: number }).pid,
            event: (seq) =>
              new Promise((found) => {
                const event = seen.get(seq);
                if (event) found(event);
                else waiting.set(seq, found);
              }),
            seqs: () => [...order],
            ended,
            close: () => request.destroy(),
          });
        });
      },
    );
    request.on('error', () => markEnded());
  });
}

async function signIn(server: ServerProcess): Promise<string> {
  const signedIn = await call(server, 'POST', '/api/users/token/', { body: ADMIN });
  expect(signedIn.status).toBe(200);
  return signedIn.body.access as string;
}

async function newTable(server: ServerProcess, token: string): Promise<Table> {
  const created = await call(server, 'POST', TABLES, {
    token,
    body: {
      players: [
        { name: 'An', dice_sum: 10 },
        { name: 'Bảo', dice_sum: 4 },
      ],
    },
  });
  expect(created.status).toBe(201);
  return created.body as unknown as Table;
}

let gifts = 0;

/** A gift to the table's second player, on a connection of its own (so by each worker in turn): its seq. */
async function gift(server: ServerProcess, token: string, table: Table): Promise<number> {
  const posted = await call(server, 'POST', `${TABLES}${table.id}/actions/`, {
    token,
    newConnection: true,
    body: {
      client_id: `process-gift-${++gifts}`,
      action: { type: 'receiveCash', playerId: table.seats[1]?.player_id, name: 'Quà', amount: 100 },
    },
  });
  expect(posted.status).toBe(201);
  return (posted.body as { seq: number }).seq;
}

describe('cashflow table streams across the workers of a cluster (sqlite)', () => {
  let server: ServerProcess;
  let dir: string;
  let token: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-tables-cluster-'));
    server = await startServer(
      {
        DATA_DIR: dir,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        TABLE_STREAM_POLL_MS: POLL_MS,
      },
      { workers: 2 },
    );
    token = await signIn(server);
  }, 120_000);

  afterAll(async () => {
    if (server) await killServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('brings an event written by one worker to the stream held by the other, at once', {
    timeout: 60_000,
  }, async () => {
    const table = await newTable(server, token);
    const byWorker = await oneOnEachWorker(table);

    // Two gifts, each posted on a connection of its own (so by each worker in turn): every stream
    // gets both, whichever worker wrote them, long before its ten-minute poll.
    const mark = server.logLength();
    for (let i = 0; i < 2; i++) {
      const seq = await gift(server, token, table);
      const events = await Promise.all([...byWorker.values()].map((s) => s.event(seq)));
      expect(events.map((e) => e.seq)).toEqual([seq, seq]);
    }
    // And the gifts were written by both workers, so a ring went each way.
    expect(server.loggedBy(`${TABLES}${table.id}/actions/`, mark).size).toBe(2);
    for (const stream of byWorker.values()) stream.close();
  });

  /** New connections go to the workers in turn: open streams until each worker holds one. */
  async function oneOnEachWorker(table: Table): Promise<Map<number, HeldStream>> {
    const streams: HeldStream[] = [];
    for (let i = 0; i < 6 && new Set(streams.map((s) => s.worker)).size < 2; i++) {
      streams.push(await openStream(server, token, table));
    }
    const byWorker = new Map(streams.map((s) => [s.worker, s]));
    expect([...byWorker.keys()].sort()).toEqual(server.workers().sort());
    for (const stream of streams) if (byWorker.get(stream.worker) !== stream) stream.close();
    return byWorker;
  }

  it('resumes a device whose worker died mid-game from its last seq, with no gap and nothing twice', {
    timeout: 60_000,
  }, async () => {
    const table = await newTable(server, token);
    const byWorker = await oneOnEachWorker(table);
    const [doomedPid, survivorPid] = [...byWorker.keys()] as [number, number];
    const doomed = byWorker.get(doomedPid) as HeldStream;
    const survivor = byWorker.get(survivorPid) as HeldStream;
    const first = await gift(server, token, table);
    await Promise.all([doomed.event(first), survivor.event(first)]);

    // The worker dies mid-game, without a word: its stream drops.
    process.kill(doomedPid, 'SIGKILL');
    await doomed.ended;
    // The game goes on meanwhile, on the worker that is left (and the replacement, once it is up).
    const meanwhile = [await gift(server, token, table), await gift(server, token, table)];
    // The device reopens after the last seq it holds, on whichever worker takes the connection.
    const last = doomed.seqs().at(-1) as number;
    const resumed = await openStream(server, token, table, last);
    const after = await gift(server, token, table);
    await Promise.all([resumed.event(after), survivor.event(after)]);
    // What the device saw, across the drop: every seq once, in order, no gap.
    expect([...doomed.seqs(), ...resumed.seqs()]).toEqual([first, ...meanwhile, after]);
    expect(survivor.seqs()).toEqual([first, ...meanwhile, after]);
    resumed.close();
    survivor.close();
  });
});

// Two machines: two API processes, each with its own data folder, on one PostgreSQL database.
describe.each(testDatabases().filter((kind) => kind === 'postgres'))(
  'cashflow table streams across two API processes (%s)',
  () => {
    const machines: ServerProcess[] = [];
    const cleanups: (() => Promise<void> | void)[] = [];

    beforeAll(async () => {
      const database = await freshPostgresDatabase();
      cleanups.push(database.drop);
      const env = {
        DATABASE_URL: database.url,
        JWT_SECRET: randomBytes(48).toString('base64url'),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        TABLE_STREAM_POLL_MS: POLL_MS,
      };
      const started = await Promise.all(
        ['a', 'b'].map((name) => {
          const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `staff-tables-${name}-`));
          cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
          return startServer({ ...env, DATA_DIR: dataDir });
        }),
      );
      machines.push(...started);
    }, 120_000);

    afterAll(async () => {
      await Promise.all(machines.map(killServer));
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it('brings every event written through either process to the devices on both, in order and once', {
      timeout: 60_000,
    }, async () => {
      const [a, b] = machines as [ServerProcess, ServerProcess];
      const token = await signIn(a);
      const table = await newTable(a, token);
      const onA = await openStream(a, token, table);
      const onB = await openStream(b, token, table);
      const written: number[] = [];
      for (const through of [a, b, b, a]) {
        const seq = await gift(through, token, table);
        written.push(seq);
        await Promise.all([onA.event(seq), onB.event(seq)]);
      }
      expect(onA.seqs()).toEqual(written);
      expect(onB.seqs()).toEqual(written);
      onA.close();
      onB.close();
    });
  },
);
