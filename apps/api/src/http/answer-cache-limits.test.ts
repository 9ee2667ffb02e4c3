// Issue 22: the answers kept ready must hold a worker's memory under their limit whatever signed-in
// users send. Keyed by the raw URL, padded URLs (unknown parameters, long values, another order or
// percent-encoding) each made an entry, and the limit counted only the bodies: 10,000 answers of
// 2 bytes under 15 KB keys grew the heap by 148 MB while the cache counted 20 KB. Now the key is the
// route's validated query, and the budget counts keys and each entry's overhead, with a cap on the
// number of entries. Checked through the real app over HTTP (light-my-request's inject itself keeps
// some 20 KB per request out of reach of the collector here, which would hide what the cache keeps),
// on both databases.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createTestApp, signIn, type TestApp, testDatabases } from '../test/harness';

// The test runner starts workers without --expose-gc; V8 lets a running process expose it.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** What the process holds, after a full collection: the JS heap and Buffers' memory. */
function heldBytes(): number {
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

const MB = 1024 * 1024;
const BOARD = '/api/cashflow/leaderboard/';

describe.each(testDatabases())('answers kept ready under padded and varied requests (%s)', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let port = 0;
  beforeAll(async () => {
    t = await createTestApp(kind, { ANSWER_CACHE_MB: '1' });
    admin = bearer((await signIn(t.app, ADMIN.email, ADMIN.password)).access);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    agent.destroy();
    await t.close();
  });

  /** A GET over HTTP, as a browser sends it; answers the body. */
  const get = (path: string) =>
    new Promise<string>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, agent, headers: admin }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
          });
          res.on('end', () => {
            if (res.statusCode === 200) resolve(body);
            else reject(new Error(`${res.statusCode} for ${path.slice(0, 120)}: ${body}`));
          });
        })
        .on('error', reject);
    });

  it('keeps one entry for requests that differ only in what the route does not read', async () => {
    const pad = 'x'.repeat(12_000);
    /** Each asks for one of three answers: all time, all time with guests, the year 2026. */
    const variants = (i: number) => [
      `${BOARD}?range=all&junk${i}=${pad}`,
      `${BOARD}?junk${i}=${pad}&range=all`,
      `${BOARD}?r%61nge=%61ll&z${i}=${encodeURIComponent(pad)}`,
      `${BOARD}?include_guests=true&range=all&q${i}=${pad}`,
      `${BOARD}?range=all&include_guests=true&q${i}=${pad}`,
      `${BOARD}?year=${'0'.repeat(6_000)}2026&range=year&p${i}=${pad.slice(6_000)}`,
      `${BOARD}?range=year&year=2026&p${i}=${pad}`,
    ];
    for (const url of variants(0)) await get(url);
    const before = heldBytes();
    const start = t.app.answers.stats();
    for (let i = 1; i <= 100; i++) for (const url of variants(i)) await get(url);
    const grown = heldBytes() - before;
    const stats = t.app.answers.stats();
    // 700 requests, three answers: every one after the first of each was a hit.
    expect(stats.answers).toBe(start.answers);
    expect(stats.answers).toBeLessThanOrEqual(3);
    expect(stats.misses).toBe(start.misses);
    expect(stats.hits - start.hits).toBe(700);
    expect(stats.bytes).toBeLessThanOrEqual(1 * MB);
    // Keyed by the URL, these keys alone would hold over 8 MB.
    expect(grown).toBeLessThan(3 * MB);
  }, 180_000);
});
