// Stored avatars (issue 22, then issue 23's media store, decision 0028): everything the store holds is
// a user's current avatar, in the database store and in an S3 bucket alike. Concurrent uploads leave
// exactly the one referenced, a failed upload leaves none, a deleted user's goes with them; and one
// user's uploads are limited (decision 0004's avatar-user tier).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIERS } from '../../http/rate-limit';
import {
  ADMIN,
  bearer,
  createTestApp,
  IMAGES,
  signIn,
  type TestApp,
  testDatabases,
} from '../../test/harness';
import { MEDIA_STORES, startTestMediaStore, type TestMediaStore } from '../../test/media';
import { caller, makeUser, sendForm, TEST_PASSWORD, type TestUser } from '../../test/users';
import { AVATAR_NOT_AN_IMAGE } from './avatar';

const PROFILE = '/api/users/profile/';
const upload = (bytes: Buffer = IMAGES.png) => ({
  avatar: { file: bytes, name: 'me.png', type: 'image/png' },
});

const cases = testDatabases().flatMap((kind) => MEDIA_STORES.map((store) => [kind, store] as const));

describe.each(cases)('stored avatars (%s, %s store)', (kind, storeKind) => {
  let t: TestApp;
  let store: TestMediaStore;
  let adminAccess: string;

  /** The keys the store holds, as the avatar paths that name them. */
  const files = async () => new Set((await store.keys(t.db)).map((key) => `/media/${key}`));
  const added = async (before: Set<string>) => [...(await files())].filter((name) => !before.has(name));
  const avatarOf = async (user: TestUser) =>
    (await t.app.inject({ method: 'GET', url: PROFILE, headers: user.headers })).json().avatar as
      | string
      | null;
  const put = (user: TestUser, fields: Parameters<typeof sendForm>[4]) =>
    sendForm(t, user, 'PUT', PROFILE, fields);

  beforeAll(async () => {
    store = await startTestMediaStore(storeKind);
    t = await createTestApp(kind, store.env);
    adminAccess = (await signIn(t.app, ADMIN.email, ADMIN.password)).access;
  });
  afterAll(async () => {
    await t.close();
    await store.close();
  });

  it('leaves exactly one object, the referenced one, after eight concurrent uploads', async () => {
    const user = await makeUser(t);
    // A content none of the eight has: the key is the content's hash.
    const first = await put(user, upload(IMAGES.jpeg));
    expect(first.statusCode, first.body).toBe(200);
    const old = first.json().avatar as string;
    const before = await files();
    expect(before.has(old)).toBe(true);

    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        put(user, { first_name: `Take ${i}`, ...upload(i % 2 ? IMAGES.webp : IMAGES.png) }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const current = await avatarOf(user);
    expect(current).toMatch(new RegExp(`^/media/avatars/${user.id}-[0-9a-f]{64}\\.(png|webp)$`));
    // The one new object is the one the row names, and the avatar it replaced is gone.
    expect(await added(before)).toEqual([current]);
    expect((await files()).has(old)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: current as string })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: old })).statusCode).toBe(404);
  });

  it('leaves no object when the transaction fails (the user was deleted meanwhile)', async () => {
    const user = await makeUser(t);
    const row = await t.app.accounts.getUser(user.id);
    if (!row) throw new Error('no user');
    const deleted = await caller(t)(adminAccess, 'DELETE', `/api/users/users/${user.id}/`);
    expect(deleted.statusCode).toBe(204);
    const before = await files();
    // The row as the access check read it, before the deletion committed.
    await expect(t.app.accounts.updateProfile(row, { first_name: 'Gone' }, IMAGES.png)).rejects.toMatchObject(
      {
        statusCode: 401,
      },
    );
    expect(await added(before)).toEqual([]);
  });

  it("deletes a user's avatar with the user: the object goes, and its URL answers 404", async () => {
    const user = await makeUser(t);
    const other = await makeUser(t);
    const stored = await put(user, upload());
    expect(stored.statusCode).toBe(200);
    const url = stored.json().avatar as string;
    const kept = (await put(other, upload(IMAGES.webp))).json().avatar as string;
    expect((await files()).has(url)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);

    const deleted = await caller(t)(adminAccess, 'DELETE', `/api/users/users/${user.id}/`);
    expect(deleted.statusCode).toBe(204);
    const left = await files();
    expect(left.has(url)).toBe(false);
    expect(left.has(kept)).toBe(true);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(404);
    expect(served.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    // Nobody else's avatar went with it.
    expect((await t.app.inject({ method: 'GET', url: kept })).statusCode).toBe(200);
  });

  it("limits one user's uploads, refused ones included, to the tier's limit per window", async () => {
    const user = await makeUser(t);
    const other = await makeUser(t);
    const limit = TIERS.avatarPerUser.limit;
    const notAnImage = Buffer.from('not an image at all');
    // Refused images count too: decoding (or trying to) is the cost the limit bounds.
    for (let i = 0; i < limit; i++) {
      const answer = await put(user, upload(i === 0 ? IMAGES.png : notAnImage));
      expect(answer.statusCode, `upload ${i + 1}`).toBe(i === 0 ? 200 : 400);
      if (i > 0) expect(answer.json()).toEqual({ avatar: [AVATAR_NOT_AN_IMAGE] });
    }
    const avatar = await avatarOf(user);
    const before = await files();

    const refused = await put(user, { first_name: 'Again', ...upload(IMAGES.webp) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail: expect.stringMatching(/^Request was throttled\. Expected available in \d+ seconds?\.$/),
      code: 'throttled',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(TIERS.avatarPerUser.windowSeconds);
    // Nothing changed: no object, no field.
    expect(await added(before)).toEqual([]);
    const profile = (await t.app.inject({ method: 'GET', url: PROFILE, headers: user.headers })).json();
    expect(profile).toMatchObject({ first_name: '', avatar });

    // Edits without a file are not uploads; another user has a budget of their own.
    const named = await t.app.inject({
      method: 'PUT',
      url: PROFILE,
      headers: user.headers,
      payload: { first_name: 'Named' },
    });
    expect(named.statusCode).toBe(200);
    expect((await put(other, upload())).statusCode).toBe(200);

    // The next window takes uploads again (signed in afresh: the access token may have expired).
    t.clock.advance(Number(refused.headers['retry-after']));
    const { access } = await signIn(t.app, user.email, TEST_PASSWORD);
    expect((await put({ ...user, headers: bearer(access) }, upload(IMAGES.webp))).statusCode).toBe(200);
  });
});
