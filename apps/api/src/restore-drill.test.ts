// The restore drill of docs/operations.md, run as written on both databases: the guide's marked
// blocks (`<!-- restore-drill: … -->`) are read from the file and run by bash, with a `manage`,
// `sudo -u postgres` and `systemctl` of the test's own (the guide's run the same commands as the
// service's user, through systemd). Then a server started on the restored copy serves what the live
// database held when the backup was taken, and nothing written after.
// vitest: shares the cores (it starts processes, but times and measures none of them).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabases } from './test/harness';
import { call, freshPostgresDatabase, type ServerProcess, startServer } from './test/server-process';
import { migratedWithoutDemoHistory } from './test/without-demo-history';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GUIDE = path.resolve(API_DIR, '../../docs/operations.md');
const ADMIN = { email: 'admin@drill.test', password: 'Admin-pass-2024' };

/** The shell block that follows `<!-- restore-drill: name -->` in the guide. */
function drillBlock(name: string): string {
  const guide = fs.readFileSync(GUIDE, 'utf8');
  const match = new RegExp(`<!-- restore-drill: ${name} -->\\n\`\`\`sh\\n([\\s\\S]*?)\`\`\``).exec(guide);
  if (!match) throw new Error(`docs/operations.md has no restore-drill block named ${name}`);
  return match[1] as string;
}

async function postgresBinDir(): Promise<string> {
  const script = pathToFileURL(path.resolve(API_DIR, '../../scripts/throwaway-postgres.mjs')).href;
  const { findPostgresBinDir } = (await import(script)) as { findPostgresBinDir: () => string | null };
  const dir = findPostgresBinDir();
  if (!dir) throw new Error('PostgreSQL client programs (pg_dump, pg_restore) not found');
  return dir;
}

/** Runs a guide block with the drill's variables, as the guide's `. /etc/staff-app/manage.sh` sets them. */
async function runBlock(block: string, vars: Record<string, string>, liveEnv: Record<string, string>) {
  const clusterUrl = process.env.TEST_PG_URL ? new URL(process.env.TEST_PG_URL) : undefined;
  const prelude = [
    'set -euo pipefail',
    // manage: the app's command line on the live server's settings.
    `manage() { (cd ${JSON.stringify(API_DIR)} && env ${Object.entries(liveEnv)
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join(' ')} ${JSON.stringify(process.execPath)} --import tsx src/manage.ts "$@"); }`,
    // sudo -u postgres: the cluster's superuser, over TCP instead of the local socket.
    'sudo() { [ "$1" = -u ] && [ "$2" = postgres ] || { echo "unexpected sudo $*" >&2; return 97; }; shift 2; "$@"; }',
    // The test stops its drill server itself.
    'systemctl() { :; }',
  ].join('\n');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...vars,
    PATH: `${await postgresBinDir()}:${process.env.PATH}`,
    ...(clusterUrl
      ? { PGHOST: clusterUrl.hostname, PGPORT: clusterUrl.port || '5432', PGUSER: 'postgres', PGPASSWORD: '' }
      : {}),
  };
  return promisify(execFile)('bash', ['-c', `${prelude}\n${block}`], { env, maxBuffer: 1024 * 1024 });
}

const running: ServerProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const server of running.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
    await server.exited;
  }
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `staff-drill-${name}-`));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function startSignedIn(env: Record<string, string>) {
  const server = await startServer({ ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  running.push(server);
  const signIn = await call(server, 'POST', '/api/users/token/', { body: ADMIN });
  expect(signIn.status).toBe(200);
  const token = String(signIn.body.access);
  return {
    server,
    addCategory: async (title: string) => {
      const res = await call(server, 'POST', '/api/diaries/categories/', { token, body: { title } });
      expect(res.status).toBe(201);
    },
    categories: async () => {
      const res = await call(server, 'GET', '/api/diaries/categories/', { token });
      expect(res.status).toBe(200);
      return (res.body as unknown as { title: string }[]).map((c) => c.title);
    },
  };
}

async function asSuperuser(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.each(testDatabases())('the restore drill of docs/operations.md (%s)', (kind) => {
  it('backs up the live database, restores it elsewhere, and a server there serves what it held', {
    timeout: 180_000,
  }, async () => {
    const backups = tempDir('backups');
    const drill = path.join(tempDir('scratch'), 'data');
    const vars: Record<string, string> = {
      APP_USER: os.userInfo().username,
      BACKUPS: backups,
      DRILL: drill,
      DB_NAME: '',
      DB_USER: '',
    };
    const liveEnv: Record<string, string> = { DATA_DIR: tempDir('live') };
    let drillEnv: Record<string, string> = { DATA_DIR: drill };
    if (kind === 'postgres') {
      const live = await freshPostgresDatabase();
      cleanups.push(live.drop);
      const name = new URL(live.url).pathname.slice(1);
      const owner = `drill_owner_${randomBytes(4).toString('hex')}`;
      await asSuperuser(`CREATE ROLE ${owner} LOGIN`);
      cleanups.push(() => asSuperuser(`DROP ROLE IF EXISTS ${owner}`));
      cleanups.push(() => asSuperuser(`DROP DATABASE IF EXISTS ${name}_drill WITH (FORCE)`));
      Object.assign(vars, { DB_NAME: name, DB_USER: owner });
      liveEnv.DATABASE_URL = live.url;
      // The drill server connects as the restored database's owner.
      const copy = new URL(live.url);
      copy.pathname = `/${name}_drill`;
      copy.username = owner;
      drillEnv = { DATA_DIR: tempDir('drill-data'), DATABASE_URL: copy.toString() };
    }
    await (await migratedWithoutDemoHistory({ DATA_DIR: liveEnv.DATA_DIR as string, ...liveEnv })).destroy();

    const live = await startSignedIn(liveEnv);
    await live.addCategory('Trước sao lưu');
    await runBlock(drillBlock(kind === 'postgres' ? 'postgresql' : 'sqlite'), vars, liveEnv);
    await live.addCategory('Sau sao lưu');

    const restored = await startSignedIn(drillEnv);
    const titles = await restored.categories();
    expect(titles).toContain('Trước sao lưu');
    expect(titles).not.toContain('Sau sao lưu');

    // The guide's cleanup, once the drill server has stopped.
    restored.server.child.kill('SIGTERM');
    await restored.server.exited;
    await runBlock(drillBlock('cleanup'), vars, liveEnv);
    expect(fs.existsSync(drill)).toBe(false);
  });
});
