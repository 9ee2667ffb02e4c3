// The database going away: requests fail fast with 503 and a {detail}, the process stays up, and it
// serves again without a restart once the database is back.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDb } from '../db/index';
import { ADMIN, createTestApp, type TestApp, testDatabases } from '../test/harness';
import { isDatabaseUnavailable } from './errors';

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('isDatabaseUnavailable', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  it('recognises connection failures of the driver and the server', () => {
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('57P01'))).toBe(true); // admin shutdown
    expect(isDatabaseUnavailable(withCode('08006'))).toBe(true); // connection failure
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });
  it("recognises SQLite's locks held by another process: busy, and a snapshot another process wrote past", () => {
    expect(isDatabaseUnavailable(withCode('SQLITE_BUSY'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('SQLITE_BUSY_SNAPSHOT'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('SQLITE_CONSTRAINT_UNIQUE'))).toBe(false);
  });
  it('leaves other errors alone', () => {
    expect(isDatabaseUnavailable(withCode('23505'))).toBe(false); // unique violation
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe('PostgreSQL unreachable', () => {
  it('answers 503 with a detail at once, and keeps answering', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-outage-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://nobody:secret@127.0.0.1:${await closedPort()}/none`,
      WEB_DIST_DIR: path.join(dataDir, 'web'),
    });
    const db = createDb(config);
    const app = await buildApp({ config, db, logger: false });
    try {
      for (const request of [
        { method: 'GET' as const, url: '/api/health' },
        { method: 'POST' as const, url: '/api/users/token/', payload: ADMIN },
      ]) {
        const response = await app.inject(request);
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json()).toEqual({
          detail: 'The database is unavailable. Please try again shortly.',
          code: 'service_unavailable',
        });
      }
    } finally {
      await app.close();
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// Only PostgreSQL has connections to drop; the suite requires it in CI (see testDatabases).
const postgres = testDatabases().filter((kind) => kind === 'postgres');
describe.each(postgres)('%s dropping its connections', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('survives the server ending every session and serves again without a restart', async () => {
    t = await createTestApp(kind);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // What a database restart does to the pool's idle clients.
    const admin = new pg.Client({ connectionString: t.config.databaseUrl });
    await admin.connect();
    const { rows } = await admin.query(
      'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    await admin.end();
    expect(rows.length).toBeGreaterThan(0);
    // A request that meets a client the server has just dropped fails fast; the pool then connects afresh.
    const first = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect([200, 503]).toContain(first.statusCode);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/users/token/', payload: ADMIN });
    expect(signIn.statusCode).toBe(200);
  });
});
