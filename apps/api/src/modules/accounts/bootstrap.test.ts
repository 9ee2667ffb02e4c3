// The first start and the command-line tool, run as a person would run them.
// vitest: shares the cores (it starts processes, but times and measures none of them).
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROOT } from '../../config';
import { bearer, createTestApp, signIn, type TestApp, testDatabases } from '../../test/harness';

const run = promisify(execFile);

describe.each(testDatabases())('first administrator (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const changePassword = (token: string, old_password: string, new_password: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/users/change-password/',
      headers: bearer(token),
      payload: { old_password, new_password },
    });

  it('is created only on an empty database; a generated password goes to an owner-only file, not to the caller', async () => {
    // The harness already created ADMIN on the empty database.
    expect(await t.app.accounts.ensureInitialAdmin('second@example.com', undefined)).toBeNull();
    await t.db.deleteFrom('users').execute();
    const file = path.join(t.config.dataDir, 'initial-admin-password');
    // A file left by an earlier database is stale: replaced, never appended to or trusted.
    fs.writeFileSync(file, 'stale\n', { mode: 0o644 });
    const created = await t.app.accounts.ensureInitialAdmin(undefined, undefined);
    expect(created).toEqual({ email: 'admin@example.com', passwordFile: file });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const content = fs.readFileSync(file, 'utf8');
    expect(content).toMatch(/^[\w-]{16}\n$/);
    const password = content.trim();

    const { access, user } = await signIn(t.app, 'admin@example.com', password);
    expect(user).toMatchObject({ role: 'admin', must_change_password: true });

    // Until the password is changed, every other route refuses, whatever the role allows.
    for (const url of ['/api/users/roles/', '/api/users/users/', '/api/diaries/jars/']) {
      const refused = await get(url, access);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({
        detail: 'You must change your password before continuing.',
        code: 'password_change_required',
      });
    }
    const profile = await get('/api/users/profile/', access);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ email: 'admin@example.com', must_change_password: true });

    // The change itself is allowed, and refuses what it always refuses, changing nothing.
    const common = await changePassword(access, password, 'iloveyou1');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ new_password: ['This password is too common.'] });
    expect(fs.existsSync(file)).toBe(true);
    expect((await get('/api/users/roles/', access)).statusCode).toBe(403);

    // The generated password itself is no new password: the flag and the file stay.
    const unchanged = await changePassword(access, password, password);
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json()).toEqual({
      new_password: ['The new password must be different from your current password.'],
    });
    expect(fs.readFileSync(file, 'utf8')).toBe(`${password}\n`);
    expect((await get('/api/users/roles/', access)).statusCode).toBe(403);
    expect((await signIn(t.app, 'admin@example.com', password)).user.must_change_password).toBe(true);

    expect((await changePassword(access, password, 'Chosen-by-me-2026')).statusCode).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
    expect((await get('/api/users/profile/', access)).json()).toMatchObject({ must_change_password: false });
    expect((await get('/api/users/roles/', access)).statusCode).toBe(200);
    expect((await signIn(t.app, 'admin@example.com', 'Chosen-by-me-2026')).user.must_change_password).toBe(
      false,
    );
  });

  it('with ADMIN_PASSWORD, needs no change and writes no file; a common ADMIN_PASSWORD is refused', async () => {
    await t.db.deleteFrom('users').execute();
    const file = path.join(t.config.dataDir, 'initial-admin-password');
    await expect(t.app.accounts.ensureInitialAdmin('boss@example.com', 'password1')).rejects.toMatchObject({
      body: { password: ['This password is too common.'] },
    });
    expect(await t.db.selectFrom('users').select('id').execute()).toEqual([]);
    expect(await t.app.accounts.ensureInitialAdmin('boss@example.com', 'Boss-pass-2026')).toEqual({
      email: 'boss@example.com',
    });
    expect(fs.existsSync(file)).toBe(false);
    const { access, user } = await signIn(t.app, 'boss@example.com', 'Boss-pass-2026');
    expect(user.must_change_password).toBe(false);
    expect((await get('/api/users/roles/', access)).statusCode).toBe(200);
  });
});

/** Starts the server on an empty data folder and returns everything it printed until it listened. */
async function firstStart(env: Record<string, string>): Promise<{ output: string; code: number | null }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve) => {
    const collect = (chunk: Buffer) => {
      output += String(chunk);
      if (output.includes('Server listening at')) child.kill('SIGKILL');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', (code) => resolve({ output, code }));
  });
}

describe('first start', { timeout: 90_000 }, () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-first-start-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prints the e-mail and the password file, never the password', async () => {
    const dir = dataDir();
    const { output } = await firstStart({ DATA_DIR: dir });
    const file = path.join(dir, 'initial-admin-password');
    const password = fs.readFileSync(file, 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(output).toContain('admin@example.com');
    expect(output).toContain(file);
    expect(output).not.toContain(password);
  });

  it('refuses a common ADMIN_PASSWORD with a clear message and exit code 1', async () => {
    const { output, code } = await firstStart({ DATA_DIR: dataDir(), ADMIN_PASSWORD: 'qwertyuiop' });
    expect(code).toBe(1);
    expect(output).toContain('ADMIN_PASSWORD: This password is too common.');
    expect(output).not.toContain('Failed to start');
  });
});

// Each case starts real processes through tsx, which is slow on a loaded two-core machine.
describe('manage command line', { timeout: 90_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-manage-'));
  const manage = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', path.join(API_ROOT, 'src', 'manage.ts'), ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
  /** The command (its words as typed) fails with exit code 1 and a message containing `message`. */
  const refuses = (command: string, message: string) =>
    expect(manage(...command.split(' '))).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(message),
    });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates a user with a role and sets a password', async () => {
    const created = await manage(
      'create-user',
      '--email',
      'Ndf@Example.com',
      '--password',
      'first-pass-1',
      '--role',
      'ndf',
    );
    expect(created.stdout).toMatch(/Created ndf ndf@example\.com/);
    expect(created.stdout).not.toContain('first-pass-1');
    const set = await manage('set-password', '--email', 'ndf@example.com', '--password', 'second-pass-2');
    expect(set.stdout).toMatch(/Password set for ndf@example\.com/);

    const t = await createTestApp('sqlite', { DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'web') });
    try {
      const { user } = await signIn(t.app, 'ndf@example.com', 'second-pass-2');
      expect(user.role).toBe('ndf');
    } finally {
      await t.app.close();
      await t.db.destroy();
    }
  });

  it('refuses a bad role, a duplicate e-mail and a short password with a message and exit code 1', async () => {
    await refuses(
      'create-user --email x@example.com --password long-enough --role boss',
      '"boss" is not a valid choice.',
    );
    await manage('create-user', '--email', 'dup@example.com', '--password', 'long-enough');
    await refuses('create-user --email DUP@example.com --password long-enough', 'already exists');
    await refuses('set-password --email dup@example.com --password short', 'too short');
  });

  it('refuses the most common passwords, for a new user and a new password', async () => {
    await refuses(
      'create-user --email common@example.com --password sunshine1',
      'This password is too common.',
    );
    await refuses(
      'set-password --email ndf@example.com --password Password123',
      'This password is too common.',
    );
  });
});
