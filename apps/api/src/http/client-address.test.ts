// TRUST_PROXY decides whose X-Forwarded-For is believed, and so which address the per-address
// sign-in limits count: a client must never choose its own by sending the header itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDb, type Db } from '../db/index';

// request.ip is Fastify's reading of the socket and the header, before any database is asked, so
// one database (SQLite, unmigrated) serves; a route of the test's own shows what the app sees.
describe('the client address behind proxies', () => {
  const opened: { app: FastifyInstance; db: Db; dir: string }[] = [];
  afterEach(async () => {
    for (const { app, db, dir } of opened.splice(0)) {
      await app.close();
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  async function appTrusting(trustProxy: string | undefined) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-proxy-'));
    const config = loadConfig({
      DATA_DIR: dir,
      WEB_DIST_DIR: path.join(dir, 'web'),
      ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }),
    });
    const db = createDb(config);
    const app = await buildApp({ config, db, logger: false });
    app.get('/test/client-address', async (request) => ({ ip: request.ip }));
    opened.push({ app, db, dir });
    return async (remoteAddress: string, forwardedFor?: string) => {
      const res = await app.inject({
        method: 'GET',
        url: '/test/client-address',
        remoteAddress,
        headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
      });
      return res.json().ip as string;
    };
  }

  it('ignores X-Forwarded-For by default', async () => {
    const ipOf = await appTrusting(undefined);
    expect(await ipOf('198.51.100.7', '203.0.113.1')).toBe('198.51.100.7');
    const explicit = await appTrusting('false');
    expect(await explicit('198.51.100.7', '203.0.113.1, 10.0.0.1')).toBe('198.51.100.7');
  });

  it('with a hop count of 1, takes the address the one proxy saw and ignores what the client added', async () => {
    const ipOf = await appTrusting('1');
    // The proxy appends the address it saw; a client's own entries come before it.
    expect(await ipOf('10.0.0.2', '203.0.113.50')).toBe('203.0.113.50');
    expect(await ipOf('10.0.0.2', '1.2.3.4, 203.0.113.50')).toBe('203.0.113.50');
    expect(await ipOf('10.0.0.2')).toBe('10.0.0.2');
  });

  it('with a hop count of 2, goes back exactly two hops', async () => {
    const ipOf = await appTrusting('2');
    expect(await ipOf('10.0.0.2', '1.2.3.4, 203.0.113.50, 10.0.0.9')).toBe('203.0.113.50');
  });

  it('with a list, believes only the listed proxies', async () => {
    const ipOf = await appTrusting('10.0.0.2, 172.16.0.0/12');
    expect(await ipOf('10.0.0.2', '1.2.3.4, 203.0.113.50')).toBe('203.0.113.50');
    // Through two listed proxies: the first address neither of them is.
    expect(await ipOf('10.0.0.2', '1.2.3.4, 203.0.113.50, 172.20.1.1')).toBe('203.0.113.50');
    // A client not in the list that sends the header itself is taken at its socket's word.
    expect(await ipOf('198.51.100.7', '203.0.113.50')).toBe('198.51.100.7');
    expect(await ipOf('10.0.0.3', '203.0.113.50')).toBe('10.0.0.3');
  });
});
