// A CashFlow table's streams on SQLite as `npm start` runs the server: two workers behind the
// cluster's primary, each holding one device's stream. An event written by either worker reaches the
// stream on the other at once, rung through the primary (cluster-relay.ts, decision 0033), not by the
// streams' poll, which is set to ten minutes here so that only the ring can bring it in time.
// vitest: shares the cores (it starts processes, but times and measures none of them).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Table, TableEvent } from '@staff/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, killServer, type ServerProcess, startServer } from '../../../test/server-process';

const ADMIN = { email: 'host@tables-cluster.test', password: 'Tables-Cluster-Passw0rd!' };
const TABLES = '/api/cashflow/tables/';

/** A table stream on a connection of its own, and the pid of the worker the primary handed it to. */
interface HeldStream {
  worker: number;
  /** Resolves with the first table event whose seq is `seq`. */
  event(seq: number): Promise<TableEvent>;
  close(): void;
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
        TABLE_STREAM_POLL_MS: String(10 * 60_000),
      },
      { workers: 2 },
    );
    const signedIn = await call(server, 'POST', '/api/users/token/', { body: ADMIN });
    expect(signedIn.status).toBe(200);
    token = signedIn.body.access as string;
  }, 120_000);

  afterAll(async () => {
    if (server) await killServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function openStream(table: Table): Promise<HeldStream> {
    const url = `${TABLES}${table.id}/stream/?after=${table.seq}`;
    // The worker's log line of this request names it (they are opened one at a time).
    const logged = server.nextLog(url);
    return new Promise((resolve, reject) => {
      const waiting = new Map<number, (event: TableEvent) => void>();
      const seen = new Map<number, TableEvent>();
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
              seen.set(event.seq, event);
              waiting.get(event.seq)?.(event);
              match = /id: (\d+)\nevent: table\ndata: (.*)\n\n/.exec(text);
            }
          });
          void logged.then((line) => {
            resolve({
              worker: (JSON.parse(line) as { pid: number }).pid,
              event: (seq) =>
                new Promise((found) => {
                  const event = seen.get(seq);
                  if (event) found(event);
                  else waiting.set(seq, found);
                }),
              close: () => request.destroy(),
            });
          });
        },
      );
      request.on('error', () => {});
    });
  }

  it('brings an event written by one worker to the stream held by the other, at once', {
    timeout: 60_000,
  }, async () => {
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
    const table = created.body as unknown as Table;

    // New connections go to the workers in turn: open streams until each worker holds one.
    const streams: HeldStream[] = [];
    for (let i = 0; i < 6 && new Set(streams.map((s) => s.worker)).size < 2; i++) {
      streams.push(await openStream(table));
    }
    const byWorker = new Map(streams.map((s) => [s.worker, s]));
    expect([...byWorker.keys()].sort()).toEqual(server.workers().sort());

    // Two gifts, each posted on a connection of its own (so by each worker in turn): every stream
    // gets both, whichever worker wrote them, long before its ten-minute poll.
    for (const [i, amount] of [100, 200].entries()) {
      const posted = await call(server, 'POST', `${TABLES}${table.id}/actions/`, {
        token,
        newConnection: true,
        body: {
          client_id: `cluster-gift-${i}`,
          action: { type: 'receiveCash', playerId: table.seats[1]?.player_id, name: 'Quà', amount },
        },
      });
      expect(posted.status).toBe(201);
      const seq = (posted.body as { seq: number }).seq;
      const events = await Promise.all([...byWorker.values()].map((s) => s.event(seq)));
      expect(events.map((e) => e.seq)).toEqual([seq, seq]);
    }
    // And the gifts were written by both workers, so a ring went each way.
    expect(server.loggedBy(`${TABLES}${table.id}/actions/`).size).toBe(2);
    for (const stream of streams) stream.close();
  });
});
