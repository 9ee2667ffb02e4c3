// Boots the real app on a fresh database for each test file: SQLite in a temp
// directory, and PostgreSQL in a new database on the throwaway cluster that
// scripts/test.mjs starts (TEST_PG_URL). Every suite runs on both.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type AppDeps, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { createDb, type Db, migrateToLatest } from '../db/index';

export type DbKind = 'sqlite' | 'postgres';

/** The databases TEST_DATABASES names, else SQLite and, when the run provides a cluster, PostgreSQL. */
export function testDatabases(): DbKind[] {
  // The test line runs the API suite on both Node lines, each database on one of them (decision
  // 0029): TEST_DATABASES names the databases of this run. TEST_PG_URL stays set either way for the
  // tests that need a shared PostgreSQL.
  const named = process.env.TEST_DATABASES;
  if (named) {
    const kinds = named.split(',').map((kind) => kind.trim());
    const unknown = kinds.filter((kind) => kind !== 'sqlite' && kind !== 'postgres');
    if (unknown.length > 0) {
      throw new Error(`TEST_DATABASES=${named}: name sqlite, postgres or both (comma-separated)`);
    }
    if (kinds.includes('postgres') && !process.env.TEST_PG_URL) {
      throw new Error(
        'TEST_DATABASES names postgres but TEST_PG_URL is not set: run the tests with `npm test`.',
      );
    }
    return (['sqlite', 'postgres'] as const).filter((kind) => kinds.includes(kind));
  }
  if (process.env.TEST_PG_URL) return ['sqlite', 'postgres'];
  if (process.env.CI) throw new Error('TEST_PG_URL is not set: run the tests with `npm test`.');
  console.warn('TEST_PG_URL is not set: running database tests on SQLite only. `npm test` runs both.');
  return ['sqlite'];
}

export interface TestClock {
  now: () => Date;
  advance(seconds: number): void;
}

export function createClock(start = new Date()): TestClock {
  let t = start.getTime();
  return { now: () => new Date(t), advance: (s) => (t += s * 1000) };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  clock: TestClock;
  close(): Promise<void>;
}

export const ADMIN = { email: 'admin@example.com', password: 'admin-pass-123' };

/** A fresh, empty database of that kind (not migrated) and its configuration. */
export async function createTestDatabase(
  kind: DbKind,
  env: Record<string, string> = {},
): Promise<{ db: Db; config: Config; drop(): Promise<void> }> {
  const ownDir = env.DATA_DIR ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'staff-api-test-'));
  const dataDir = env.DATA_DIR ?? (ownDir as string);
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    const adminUrl = process.env.TEST_PG_URL as string;
    const name = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    WEB_DIST_DIR: path.join(dataDir, 'web'),
    ...env,
  });
  const db = createDb(config);
  return {
    db,
    config,
    async drop() {
      await db.destroy();
      await dropDatabase();
      if (ownDir) fs.rmSync(ownDir, { recursive: true, force: true });
    },
  };
}

export async function createTestApp(
  kind: DbKind,
  env: Record<string, string> = {},
  deps: Pick<AppDeps, 'signInDelay' | 'metrics'> = {},
): Promise<TestApp> {
  const { db, config, drop } = await createTestDatabase(kind, env);
  await migrateToLatest(db);
  const clock = createClock();
  // Sign-in slow-downs pass at once unless a test records them (tests never sleep).
  const app = await buildApp({
    config,
    db,
    now: clock.now,
    logger: false,
    signInDelay: async () => {},
    ...deps,
  });
  await app.accounts.ensureInitialAdmin(ADMIN.email, ADMIN.password);
  await app.ready();
  return {
    app,
    db,
    config,
    clock,
    async close() {
      await app.close();
      await drop();
    },
  };
}

/** A multipart body built by the platform's own FormData encoder. */
export async function multipart(
  fields: Record<string, string | Blob | { file: Buffer; name: string; type: string }>,
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string' || value instanceof Blob) form.append(key, value);
    else form.append(key, new Blob([new Uint8Array(value.file)], { type: value.type }), value.name);
  }
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type') as string },
  };
}

export async function signIn(app: FastifyInstance, email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/users/token/', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json() as { access: string; refresh: string; user: Record<string, unknown> };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Tiny real images, as the browsers would upload them. */
export const IMAGES = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
  webp: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
  // Made by sharp: a whole baseline JPEG, which the avatar re-encoding decodes (a truncated one is refused).
  jpeg: Buffer.from(
    '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAABAAEDASIAAhEBAxEB/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/xAAUAQEAAAAAAAAAAAAAAAAAAAAA/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AAA//2Q==',
    'base64',
  ),
};
