// A backup taken while the server writes is consistent, and a server started on the restored copy
// serves what it holds.
// vitest: shares the cores (it starts processes, but times and measures none of them).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from '../test/server-process';
import { BackupError, backupCommand, backupSqlite } from './backup';

const ADMIN = { email: 'admin@backup.test', password: 'Admin-pass-2024' };
const running: ServerProcess[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const server of running.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
    await server.exited;
  }
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-backup-'));
  dirs.push(dir);
  return dir;
}

async function start(dataDir: string) {
  const server = await startServer({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  running.push(server);
  const response = await fetch(`${server.url}/api/users/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { access } = (await response.json()) as { access: string };
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  return { server, call };
}

describe('backup', () => {
  it('copies a live database consistently, and the restored copy serves its data', {
    timeout: 120_000,
  }, async () => {
    const live = tempDir();
    const { call } = await start(live);
    const created: number[] = [];
    for (let i = 0; i < 5; i++) {
      const category = await call('POST', '/api/diaries/categories/', { title: `Danh mục ${i}` });
      expect(category.status).toBe(201);
      created.push(Number(category.body.id));
    }
    // Writes go on while the backup is taken.
    let writing = true;
    const writer = (async () => {
      let n = 0;
      while (writing) {
        const r = await call('POST', '/api/diaries/categories/', { title: `Trong lúc sao lưu ${n++}` });
        expect(r.status).toBe(201);
      }
    })();
    const target = path.join(tempDir(), 'copy.db');
    const { bytes } = backupSqlite(path.join(live, 'app.db'), target);
    writing = false;
    await writer;
    expect(bytes).toBeGreaterThan(0);
    // A copy of every account's data is readable by its owner only.
    expect(fs.statSync(target).mode & 0o777).toBe(0o600);
    const copy = new SQLite(target, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();

    // Restore: a new data directory whose app.db is the copy.
    const restored = tempDir();
    fs.copyFileSync(target, path.join(restored, 'app.db'));
    const second = await start(restored);
    const list = await second.call('GET', '/api/diaries/categories/');
    const titles = (list.body as unknown as { id: number; title: string }[]).map((c) => c.title);
    for (let i = 0; i < 5; i++) expect(titles).toContain(`Danh mục ${i}`);
  });

  it('refuses to overwrite a file or to read a missing database', () => {
    const dir = tempDir();
    const existing = path.join(dir, 'exists.db');
    fs.writeFileSync(existing, 'x');
    expect(() => backupSqlite(path.join(dir, 'none.db'), path.join(dir, 'out.db'))).toThrow(BackupError);
    const source = path.join(dir, 'source.db');
    new SQLite(source).close();
    expect(() => backupSqlite(source, existing)).toThrow('already exists');
  });

  it('points PostgreSQL users to pg_dump and explains its usage', () => {
    expect(backupCommand({ dataDir: '/nowhere', databaseUrl: 'postgres://x/y' }, ['out.db'])).toBe(2);
    expect(backupCommand({ dataDir: '/nowhere', databaseUrl: undefined }, [])).toBe(2);
  });
});
