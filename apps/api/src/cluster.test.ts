// The cluster primary's own rules (cluster.ts), with real processes: a worker that keeps ending soon
// after its start is replaced after a growing wait, a first worker that cannot start ends the server
// (no spin), and WEB_CONCURRENCY=1 is one process without a primary. Draining and crash recovery
// under writes are in process-safety.test.ts; requests spread over workers in load-and-faults.test.ts.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_RESTART_DELAY_MS, restartDelayMs } from './cluster';
import { call, killServer, type ServerProcess, startServer } from './test/server-process';

interface LogLine {
  time: number;
  pid: number;
  msg: string;
  worker?: number;
  restartInMs?: number;
}

describe('the cluster primary', () => {
  const running: ServerProcess[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map(killServer));
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-cluster-'));
    dirs.push(dir);
    return dir;
  };

  it('waits longer before each replacement of a worker that keeps ending soon after its start', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 100].map(restartDelayMs)).toEqual([
      0, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(MAX_RESTART_DELAY_MS).toBe(30_000);
  });

  it('replaces a killed worker, after a doubling wait while the replacements keep dying at once', {
    timeout: 120_000,
  }, async () => {
    const server = await startServer({ DATA_DIR: dataDir() }, { workers: 2 });
    running.push(server);
    const [first, other] = server.workers() as [number, number];

    // Three times: kill the newest worker as soon as it listens, and read the primary's account.
    let victim = first;
    const rounds: { ended: LogLine; listening: LogLine }[] = [];
    for (let round = 0; round < 3; round++) {
      const ended = server.nextLog('a worker ended');
      const listening = server.nextLog('Server listening at');
      process.kill(victim, 'SIGKILL');
      const record = {
        ended: JSON.parse(await ended) as LogLine,
        listening: JSON.parse(await listening) as LogLine,
      };
      rounds.push(record);
      expect(record.ended.worker).toBe(victim);
      victim = record.listening.pid;
    }

    // The first worker may have run long enough to count as healthy (replaced at once); each
    // replacement after it died within seconds, so the wait doubled, from at least 1 s.
    const waits = rounds.map((r) => r.ended.restartInMs as number);
    expect([0, 1_000]).toContain(waits[0]);
    expect(waits[1]).toBe(Math.max(1_000, 2 * (waits[0] as number)));
    expect(waits[2]).toBe(2 * (waits[1] as number));
    for (const { ended, listening } of rounds) {
      expect(listening.time - ended.time).toBeGreaterThanOrEqual(ended.restartInMs as number);
    }
    // The worker never killed served throughout; the last replacement serves beside it.
    expect(server.workers().sort()).toEqual([other, victim].sort());
    expect((await call(server, 'GET', '/api/health')).status).toBe(200);
  });

  it('ends with the first worker’s code when it cannot start, trying no other', {
    timeout: 60_000,
  }, async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      const started = startServer({ DATA_DIR: dataDir(), PORT: String(port) }, { workers: 2 });
      const error = await started.then(
        (server) => {
          running.push(server);
          return null;
        },
        (err: unknown) => err as Error,
      );
      expect(error?.message).toMatch(/^server exited \(1\) before listening/);
      expect(error?.message).toMatch(/EADDRINUSE/);
      // One worker tried, once.
      expect(error?.message.match(/Failed to start/g)).toHaveLength(1);
    } finally {
      taken.close();
    }
  });

  it('closes at once a connection handed to a worker as it dies, so no client waits on it', {
    timeout: 60_000,
  }, async () => {
    const server = await startServer({ DATA_DIR: dataDir() }, { workers: 2 });
    running.push(server);
    const port = Number(new URL(server.url).port);
    const [victim] = server.workers() as [number, number];
    // A request on a fresh connection: answered, closed without an answer (the client retries), or
    // still waiting when the client gives up, which is what must never happen.
    const CLIENT_TIMEOUT_MS = 5_000;
    const request = () =>
      new Promise<'answered' | 'closed' | 'hung'>((resolve) => {
        let got = '';
        const socket = net.connect({ host: '127.0.0.1', port }, () =>
          socket.write('GET /api/health HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n'),
        );
        const timer = setTimeout(() => {
          socket.destroy();
          resolve('hung');
        }, CLIENT_TIMEOUT_MS);
        socket.on('data', (chunk) => {
          got += String(chunk);
        });
        socket.on('error', () => {});
        socket.on('close', () => {
          clearTimeout(timer);
          resolve(got.startsWith('HTTP/1.1 200') ? 'answered' : 'closed');
        });
      });
    // The worker is stopped, then new connections arrive: the primary hands the next one it gives
    // this worker over and waits for a receipt that never comes (the moment of a crash, held still).
    // The other worker answers the rest. Then the stopped worker dies.
    process.kill(victim, 'SIGSTOP');
    let answers = 0;
    let fourAnswered: () => void = () => {};
    const someAnswered = new Promise<void>((resolve) => {
      fourAnswered = resolve;
    });
    const outcomes = Array.from({ length: 8 }, () =>
      request().then((outcome) => {
        if (outcome === 'answered' && ++answers === 4) fourAnswered();
        return outcome;
      }),
    );
    await someAnswered;
    const ended = server.nextLog('a worker ended');
    process.kill(victim, 'SIGKILL');
    await ended;
    const all = await Promise.all(outcomes);
    expect(all.filter((o) => o === 'hung')).toEqual([]);
    expect(all).toContain('answered');
    // And the server serves on, on new connections.
    expect((await call(server, 'GET', '/api/health')).status).toBe(200);
  });

  it('runs WEB_CONCURRENCY=1 as one process, without a primary', { timeout: 60_000 }, async () => {
    const server = await startServer({ DATA_DIR: dataDir() }, { workers: 1 });
    running.push(server);
    expect(server.workers()).toEqual([server.child.pid]);
    expect((await call(server, 'GET', '/api/health')).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
