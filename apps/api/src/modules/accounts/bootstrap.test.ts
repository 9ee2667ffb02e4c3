// The first start and the command-line tool, run as a person would run them.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROOT } from '../../config';
import { createTestApp, signIn, type TestApp, testDatabases } from '../../test/harness';

const run = promisify(execFile);

describe.each(testDatabases())('first administrator (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('is created only on an empty database, with a generated password when none is configured', async () => {
    // The harness already created ADMIN on the empty database.
    expect(await t.app.accounts.ensureInitialAdmin('second@example.com', undefined)).toBeNull();
    await t.db.deleteFrom('users').execute();
    const created = await t.app.accounts.ensureInitialAdmin(undefined, undefined);
    expect(created?.email).toBe('admin@example.com');
    expect(created?.generatedPassword).toMatch(/^[\w-]{12,}$/);
    const { user } = await signIn(t.app, 'admin@example.com', created?.generatedPassword as string);
    expect(user.role).toBe('admin');
  });
});

// Each case starts real processes through tsx, which is slow on a loaded two-core machine.
describe('manage command line', { timeout: 90_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-manage-'));
  const manage = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', path.join(API_ROOT, 'src', 'manage.ts'), ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
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
    await expect(
      manage('create-user', '--email', 'x@example.com', '--password', 'long-enough', '--role', 'boss'),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('"boss" is not a valid choice.'),
    });
    await manage('create-user', '--email', 'dup@example.com', '--password', 'long-enough');
    await expect(
      manage('create-user', '--email', 'DUP@example.com', '--password', 'long-enough'),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('already exists'),
    });
    await expect(
      manage('set-password', '--email', 'dup@example.com', '--password', 'short'),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('too short'),
    });
  });
});
