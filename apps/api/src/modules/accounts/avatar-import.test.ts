// The avatar files an older version kept in $DATA_DIR/media/avatars are moved into the media store at
// start (issue 23, decision 0028): each user's file becomes a stored avatar named by its hash and the
// file goes; a missing file leaves its user without an avatar instead of failing the start; a file
// nobody names is deleted; a second start finds nothing to do.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, IMAGES, type TestApp, testDatabases } from '../../test/harness';
import { makeUser } from '../../test/users';
import { createUserRecords } from '../users/index';

describe.each(testDatabases())('avatar files of an older version (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const dir = () => path.join(t.config.mediaDir, 'avatars');
  /** A file as the older version wrote it, and the path its user's row names. */
  const olderFile = (ext: string, bytes?: Buffer) => {
    const name = `${randomUUID()}.${ext}`;
    fs.mkdirSync(dir(), { recursive: true });
    if (bytes) fs.writeFileSync(path.join(dir(), name), bytes);
    return `/media/avatars/${name}`;
  };
  const setAvatar = (id: number, avatar: string) =>
    createUserRecords(t.db).updateProfile(id, { avatar }, new Date());
  const avatarOf = async (id: number) => (await t.app.accounts.getUser(id))?.avatar;

  it('moves every named file into the store, clears the missing ones and deletes the unnamed', async () => {
    const [withPng, withWebp, withMissing, withStored] = await Promise.all(
      Array.from({ length: 4 }, () => makeUser(t)),
    );
    if (!withPng || !withWebp || !withMissing || !withStored) throw new Error('no users');
    const png = olderFile('png', IMAGES.png);
    const webp = olderFile('webp', IMAGES.webp);
    const notThere = olderFile('jpg');
    const unnamed = olderFile('png', IMAGES.png);
    await setAvatar(withPng.id, png);
    await setAvatar(withWebp.id, webp);
    await setAvatar(withMissing.id, notThere);
    // An avatar already in the store is left as it is.
    const stored = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile/',
      headers: withStored.headers,
      payload: { first_name: 'Kept' },
    });
    expect(stored.statusCode).toBe(200);

    expect(await t.app.accounts.moveAvatarFiles()).toEqual({ moved: 2, missing: 1, unreferenced: 1 });

    for (const [user, bytes, ext] of [
      [withPng, IMAGES.png, 'png'],
      [withWebp, IMAGES.webp, 'webp'],
    ] as const) {
      const hash = createHash('sha256').update(bytes).digest('hex');
      const avatar = await avatarOf(user.id);
      expect(avatar).toBe(`/media/avatars/${user.id}-${hash}.${ext}`);
      const served = await t.app.inject({ method: 'GET', url: avatar as string });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload).toEqual(bytes);
      expect(served.headers.etag).toBe(`"${hash}"`);
    }
    expect(await avatarOf(withMissing.id)).toBeNull();
    expect(await avatarOf(withStored.id)).toBeNull();
    // Every file went: moved, or named by nobody.
    expect(fs.readdirSync(dir())).toEqual([]);
    for (const older of [png, webp, unnamed]) {
      expect((await t.app.inject({ method: 'GET', url: older })).statusCode).toBe(404);
    }

    // The next start has nothing to do and changes nothing.
    const before = await Promise.all([withPng, withWebp].map((u) => avatarOf(u.id)));
    expect(await t.app.accounts.moveAvatarFiles()).toEqual({ moved: 0, missing: 0, unreferenced: 0 });
    expect(await Promise.all([withPng, withWebp].map((u) => avatarOf(u.id)))).toEqual(before);
  });

  it('starts without a media folder at all', async () => {
    fs.rmSync(t.config.mediaDir, { recursive: true, force: true });
    expect(await t.app.accounts.moveAvatarFiles()).toEqual({ moved: 0, missing: 0, unreferenced: 0 });
  });
});
