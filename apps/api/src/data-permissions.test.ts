// The data folder holds the database, the signing secret, the first administrator's password and
// uploads: readable by the server's own user only, also when an older install left them open to
// every local user (app.db 0644 in a 0755 folder). Only a real process shows this: main.ts sets the
// umask and tightens what is there at start-up.
// vitest: shares the cores (it starts processes, but times and measures none of them).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { IMAGES } from './test/harness';
import { call, killServer, type ServerProcess, startServer } from './test/server-process';

const ADMIN = { email: 'admin@modes.test', password: 'Admin-pass-2024' };

describe('data file permissions', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it('are tightened at start-up on a data folder left open, and new files are private', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-modes-'));
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    fs.chmodSync(dir, 0o755);
    fs.mkdirSync(path.join(dir, 'media', 'avatars'), { recursive: true, mode: 0o755 });
    fs.chmodSync(path.join(dir, 'media'), 0o755);
    fs.chmodSync(path.join(dir, 'media', 'avatars'), 0o755);
    fs.writeFileSync(path.join(dir, 'jwt-secret'), `${'s'.repeat(48)}\n`, { mode: 0o644 });
    fs.writeFileSync(path.join(dir, 'initial-admin-password'), 'old-password\n', { mode: 0o644 });
    // A database another process holds open, so its -wal and -shm files exist, all three 0644.
    const other = new SQLite(path.join(dir, 'app.db'));
    cleanup.push(() => void other.close());
    other.pragma('journal_mode = WAL');
    other.exec('create table left_behind (x integer)');
    for (const file of ['app.db', 'app.db-wal', 'app.db-shm']) fs.chmodSync(path.join(dir, file), 0o644);

    const server: ServerProcess = await startServer({
      DATA_DIR: dir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    cleanup.push(() => killServer(server));

    // A new upload, written by the server after start-up.
    const signIn = await call(server, 'POST', '/api/users/token/', { body: ADMIN });
    expect(signIn.status).toBe(200);
    const form = new FormData();
    form.append('avatar', new Blob([new Uint8Array(IMAGES.png)], { type: 'image/png' }), 'a.png');
    const upload = await fetch(`${server.url}/api/users/profile/`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${signIn.body.access}` },
      body: form,
    });
    expect(upload.status).toBe(200);

    const mode = (file: string) => fs.statSync(file).mode & 0o777;
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, 'media'))).toBe(0o700);
    expect(mode(path.join(dir, 'media', 'avatars'))).toBe(0o700);
    for (const file of ['app.db', 'app.db-wal', 'app.db-shm', 'jwt-secret', 'initial-admin-password']) {
      expect(mode(path.join(dir, file)), file).toBe(0o600);
    }
    // The upload went to the media store (the database, decision 0028), not to a file.
    expect(fs.readdirSync(path.join(dir, 'media', 'avatars'))).toEqual([]);
  });

  it('are private from the start in a new data folder', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-modes-'));
    cleanup.push(() => fs.rmSync(parent, { recursive: true, force: true }));
    const dir = path.join(parent, 'data');
    const server = await startServer({
      DATA_DIR: dir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    cleanup.push(() => killServer(server));
    expect((await call(server, 'POST', '/api/users/token/', { body: ADMIN })).status).toBe(200);
    const mode = (file: string) => fs.statSync(path.join(dir, file)).mode & 0o777;
    expect(mode('.')).toBe(0o700);
    // Uploads live in the media store (decision 0028): no media folder is made.
    expect(fs.existsSync(path.join(dir, 'media'))).toBe(false);
    // The server's writes (sign-in rows) have made SQLite's journal files by now.
    for (const file of ['app.db', 'app.db-wal', 'app.db-shm', 'jwt-secret'])
      expect(mode(file), file).toBe(0o600);
  });
});
