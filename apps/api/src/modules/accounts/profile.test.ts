import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  IMAGES,
  multipart,
  signIn,
  type TestApp,
  testDatabases,
} from '../../test/harness';

describe.each(testDatabases())('profile (%s)', (kind) => {
  let t: TestApp;
  let access: string;
  let n = 0;

  const put = async (fields: Parameters<typeof multipart>[0], token = access) => {
    const { payload, headers } = await multipart(fields);
    return t.app.inject({
      method: 'PUT',
      url: '/api/users/profile/',
      payload,
      headers: { ...headers, ...bearer(token) },
    });
  };
  const get = (token = access) =>
    t.app.inject({ method: 'GET', url: '/api/users/profile/', headers: bearer(token) });
  const avatarFile = (avatar: string) => path.join(t.config.mediaDir, 'avatars', path.basename(avatar));

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const freshUser = async () => {
    const email = `p${++n}@example.com`;
    await t.app.accounts.createUser({ email, password: 'password-123', role: 'staff' });
    access = (await signIn(t.app, email, 'password-123')).access;
    return email;
  };

  it('returns the signed-in user', async () => {
    const email = await freshUser();
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email, role: 'staff', gender: null, phone: '', avatar: null });
  });

  it('updates names, phone and gender from a multipart form, keeping fields that were left out', async () => {
    await freshUser();
    const res = await put({
      first_name: ' An ',
      middle_name: 'Thị',
      last_name: 'Trần',
      phone: '+84 912 345 678',
      gender: 'F',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: 'An',
      middle_name: 'Thị',
      last_name: 'Trần',
      full_name: 'Trần Thị An',
      phone: '+84 912 345 678',
      gender: 'F',
    });
    const partial = await put({ phone: '0912' });
    expect(partial.json()).toMatchObject({ first_name: 'An', phone: '0912', gender: 'F' });
    const cleared = await put({ gender: '' });
    expect(cleared.json().gender).toBeNull();
    expect((await get()).json()).toMatchObject({ first_name: 'An', phone: '0912', gender: null });
  });

  it('accepts a JSON body too', async () => {
    await freshUser();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile/',
      headers: bearer(access),
      payload: { last_name: 'Lê' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().last_name).toBe('Lê');
  });

  it('refuses invalid fields with field errors and changes nothing', async () => {
    await freshUser();
    await put({ first_name: 'Bình', phone: '0901' });
    const res = await put({
      first_name: 'Changed',
      gender: 'X',
      phone: 'call me',
      last_name: 'x'.repeat(151),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      gender: ['"X" is not a valid choice.'],
      phone: ['Enter a valid phone number.'],
      last_name: ['Ensure this field has no more than 150 characters.'],
    });
    expect((await get()).json()).toMatchObject({ first_name: 'Bình', phone: '0901' });
  });

  it.each([
    ['png', IMAGES.png],
    ['jpg', IMAGES.jpeg],
    ['webp', IMAGES.webp],
  ] as const)(
    'stores a %s avatar under a generated name and serves it from /media/avatars/',
    async (ext, bytes) => {
      await freshUser();
      const res = await put({
        first_name: 'Ảnh',
        avatar: { file: bytes, name: 'my photo.bin', type: 'application/octet-stream' },
      });
      expect(res.statusCode).toBe(200);
      const { avatar, avatar_url } = res.json();
      expect(avatar).toMatch(new RegExp(`^/media/avatars/[0-9a-f-]{36}\\.${ext}$`));
      expect(avatar_url).toBe(`http://localhost:80${avatar}`);
      expect(fs.readFileSync(avatarFile(avatar))).toEqual(bytes);
      const served = await t.app.inject({ method: 'GET', url: avatar });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload).toEqual(bytes);
    },
  );

  it('replaces the previous avatar file', async () => {
    await freshUser();
    const first = (await put({ avatar: { file: IMAGES.png, name: 'a.png', type: 'image/png' } })).json()
      .avatar;
    const second = (await put({ avatar: { file: IMAGES.webp, name: 'b.webp', type: 'image/webp' } })).json()
      .avatar;
    expect(second).not.toBe(first);
    expect(fs.existsSync(avatarFile(first))).toBe(false);
    expect(fs.existsSync(avatarFile(second))).toBe(true);
  });

  it('refuses a file that is not a JPEG, PNG or WebP by its bytes, whatever it is called', async () => {
    await freshUser();
    const fake = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await put({
      first_name: 'Nope',
      avatar: { file: fake, name: 'evil.png', type: 'image/png' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      avatar: ['Upload a valid image. The file you uploaded was either not an image or a corrupted image.'],
    });
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    expect((await put({ avatar: { file: gif, name: 'a.gif', type: 'image/gif' } })).statusCode).toBe(400);
    expect((await get()).json()).toMatchObject({ first_name: '', avatar: null });
    expect(
      fs.existsSync(path.join(t.config.mediaDir, 'avatars'))
        ? fs.readdirSync(path.join(t.config.mediaDir, 'avatars'))
        : [],
    ).not.toContain('evil.png');
  });

  it('refuses an avatar over 5 MB with a field error and keeps the old profile', async () => {
    await freshUser();
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    IMAGES.png.copy(big);
    const res = await put({ first_name: 'Big', avatar: { file: big, name: 'big.png', type: 'image/png' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ avatar: ['The file is too large. The maximum size is 5 MB.'] });
    expect((await get()).json()).toMatchObject({ first_name: '', avatar: null });
  });

  it('ignores an empty file part (a form with no file chosen)', async () => {
    await freshUser();
    const res = await put({
      first_name: 'Empty',
      avatar: { file: Buffer.alloc(0), name: '', type: 'application/octet-stream' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Empty', avatar: null });
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile/',
      payload: { first_name: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});
