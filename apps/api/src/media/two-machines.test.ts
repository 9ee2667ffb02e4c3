// Two machines behind a load balancer (issue 23, decision 0028): two real server processes, each
// with its own DATA_DIR (its own disk), one PostgreSQL and one JWT_SECRET. An avatar uploaded
// through one is served by the other, byte for byte, with the same ETag; after a replacement made
// through the other, the old URL answers 404 on both and the new one is served by both.
// vitest: shares the cores (it starts processes, but times and measures none of them).
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, killServer, type ServerProcess, startServer } from '../test/server-process';

const ADMIN = { email: 'admin@machines.test', password: 'Admin-pass-2024' };

async function uploadAvatar(server: ServerProcess, token: string, image: Buffer): Promise<string> {
  const form = new FormData();
  form.append('first_name', 'Hai');
  form.append('avatar', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'me.png');
  const answer = await fetch(`${server.url}/api/users/profile/`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
  return ((await answer.json()) as { avatar: string }).avatar;
}

describe('two machines sharing one PostgreSQL', () => {
  const machines: ServerProcess[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    if (!process.env.TEST_PG_URL) {
      throw new Error(
        'Two machines share PostgreSQL: run with node scripts/throwaway-postgres.mjs (npm test does).',
      );
    }
    const database = await freshPostgresDatabase();
    cleanups.push(database.drop);
    const env = {
      DATABASE_URL: database.url,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    };
    // Started together, as machines are: both migrate, one creates the administrator.
    const started = await Promise.all(
      ['a', 'b'].map((name) => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `staff-machine-${name}-`));
        cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
        return startServer({ ...env, DATA_DIR: dataDir });
      }),
    );
    machines.push(...started);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(machines.map(killServer));
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('serves an avatar stored through one from the other, and forgets a replaced one on both', async () => {
    const [a, b] = machines as [ServerProcess, ServerProcess];
    const signIn = await fetch(`${a.url}/api/users/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(signIn.status).toBe(200);
    const { access } = (await signIn.json()) as { access: string };
    const picture = (background: string) =>
      sharp({ create: { width: 300, height: 200, channels: 3, background } })
        .png()
        .toBuffer();

    const first = await uploadAvatar(a, access, await picture('#2266aa'));
    const fromA = await fetch(`${a.url}${first}`);
    const fromB = await fetch(`${b.url}${first}`);
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    const bytes = Buffer.from(await fromA.arrayBuffer());
    expect(Buffer.from(await fromB.arrayBuffer()).equals(bytes)).toBe(true);
    const etag = `"${createHash('sha256').update(bytes).digest('hex')}"`;
    for (const answer of [fromA, fromB]) {
      expect(answer.headers.get('etag')).toBe(etag);
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.get('content-type')).toBe('image/png');
    }
    expect((await fetch(`${b.url}${first}`, { headers: { 'if-none-match': etag } })).status).toBe(304);

    // Replaced through the other machine (the same JWT_SECRET signs for both).
    const second = await uploadAvatar(b, access, await picture('#aa6622'));
    expect(second).not.toBe(first);
    for (const machine of [a, b]) {
      const old = await fetch(`${machine.url}${first}`);
      expect(old.status).toBe(404);
      expect(await old.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
      expect((await fetch(`${machine.url}${second}`)).status).toBe(200);
    }
  });
});
