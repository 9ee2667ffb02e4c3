import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, IMAGES, signIn, type TestApp, testDatabases } from '../../test/harness';
import { sendForm } from '../../test/users';

const SHARP_FORMATS = { png: 'png', jpg: 'jpeg', webp: 'webp' } as const;

/** A photo as a phone takes it: EXIF with a GPS position, a camera name and an orientation. */
function photoWithGps(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15', Orientation: '1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '10/1 46/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '106/1 41/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();
}

/** A valid PNG of a few bytes whose header claims width × height pixels (the pixels never follow). */
function pngClaiming(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.alloc(1000)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.each(testDatabases())('profile (%s)', (kind) => {
  let t: TestApp;
  let access: string;
  let n = 0;

  const put = (fields: Parameters<typeof sendForm>[4], token = access) =>
    sendForm(t, token, 'PUT', '/api/users/profile/', fields);
  const get = (token = access) =>
    t.app.inject({ method: 'GET', url: '/api/users/profile/', headers: bearer(token) });
  /** The stored bytes an avatar path names, from the media store's table. */
  const storedAvatar = async (avatar: string) => {
    const row = await t.db
      .selectFrom('media')
      .select('bytes')
      .where('key', '=', avatar.replace(/^\/media\//, ''))
      .executeTakeFirst();
    if (!row) throw new Error(`${avatar} is not stored`);
    return row.bytes;
  };
  const avatarFiles = async () =>
    (await t.db.selectFrom('media').select('key').orderBy('key').execute()).map((r) => r.key);

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
      const hash = '[0-9a-f]{64}';
      expect(avatar).toMatch(new RegExp(`^/media/avatars/${(await get()).json().id}-${hash}\\.${ext}$`));
      expect(avatar_url).toBe(avatar); // root-relative without PUBLIC_URL
      // Re-encoded, so not the uploaded bytes, but still an image of the same type and size.
      const stored = await storedAvatar(avatar);
      expect(await sharp(stored).metadata()).toMatchObject({
        format: SHARP_FORMATS[ext],
        width: 1,
        height: 1,
      });
      const served = await t.app.inject({ method: 'GET', url: avatar });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload).toEqual(stored);
      // Named by its content's hash: a strong ETag (that hash), a year's cache, 304 when unchanged.
      const etag = `"${createHash('sha256').update(stored).digest('hex')}"`;
      expect(avatar).toContain(etag.slice(1, -1));
      expect(served.headers).toMatchObject({
        etag,
        'cache-control': 'public, max-age=31536000, immutable',
        'content-type': { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' }[ext],
      });
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await t.app.inject({
          method: 'GET',
          url: avatar,
          headers: { 'if-none-match': ifNoneMatch },
        });
        expect(again.statusCode, ifNoneMatch).toBe(304);
        expect(again.headers.etag).toBe(etag);
        expect(again.rawPayload.length).toBe(0);
      }
      const changed = await t.app.inject({
        method: 'GET',
        url: avatar,
        headers: { 'if-none-match': '"other"' },
      });
      expect(changed.statusCode).toBe(200);
      // A name of the right shape that holds nothing, or of another shape, answers 404.
      for (const url of [
        avatar.replace(/[0-9a-f]{64}/, '0'.repeat(64)),
        '/media/avatars/1-abc.png',
        '/media/avatars/x.png',
      ]) {
        const missing = await t.app.inject({ method: 'GET', url });
        expect(missing.statusCode, url).toBe(404);
      }
    },
  );

  it('refuses, from its header alone, a small PNG claiming 50000×50000 pixels, and stores nothing', async () => {
    await freshUser();
    await put({ avatar: { file: IMAGES.png, name: 'a.png', type: 'image/png' } });
    const before = (await get()).json();
    const filesBefore = await avatarFiles();
    for (const [width, height] of [
      [50_000, 50_000],
      [10_001, 1],
      [8_000, 8_000], // under 10,000 a side, over 25 megapixels
      [5_000, 5_001], // one row over 25 megapixels
    ] as const) {
      const bomb = pngClaiming(width, height);
      expect(bomb.length).toBeLessThan(1200);
      const res = await put({ first_name: 'Bomb', avatar: { file: bomb, name: 'b.png', type: 'image/png' } });
      expect(res.statusCode, `${width}×${height}`).toBe(400);
      expect(res.json()).toEqual({
        avatar: ['The image is too large. The maximum is 10000 pixels a side and 25 megapixels.'],
      });
    }
    expect((await get()).json()).toEqual(before);
    expect(await avatarFiles()).toEqual(filesBefore);
  });

  it('stores a photo without its EXIF, GPS position included', async () => {
    await freshUser();
    const photo = await photoWithGps(640, 480);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect(photo.includes('PhoneMaker')).toBe(true);
    const res = await put({ avatar: { file: photo, name: 'IMG_0001.jpg', type: 'image/jpeg' } });
    expect(res.statusCode).toBe(200);
    const stored = await storedAvatar(res.json().avatar);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(stored.includes('PhoneMaker')).toBe(false);
    expect(stored.includes('GPS')).toBe(false);
  });

  it('scales a large image so its longest side is 1024 px, and never enlarges a small one', async () => {
    await freshUser();
    const wide = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const big = await put({ avatar: { file: wide, name: 'wide.png', type: 'image/png' } });
    expect(big.statusCode).toBe(200);
    expect(big.json().avatar).toMatch(/\.png$/);
    expect(await sharp(await storedAvatar(big.json().avatar)).metadata()).toMatchObject({
      format: 'png',
      width: 1024,
      height: 683,
    });
    const tall = await sharp({ create: { width: 1500, height: 3000, channels: 3, background: '#cc3366' } })
      .webp()
      .toBuffer();
    const portrait = await put({ avatar: { file: tall, name: 'tall.webp', type: 'image/webp' } });
    expect(await sharp(await storedAvatar(portrait.json().avatar)).metadata()).toMatchObject({
      format: 'webp',
      width: 512,
      height: 1024,
    });
    const small = await photoWithGps(200, 150);
    const kept = await put({ avatar: { file: small, name: 'small.jpg', type: 'image/jpeg' } });
    expect(await sharp(await storedAvatar(kept.json().avatar)).metadata()).toMatchObject({
      format: 'jpeg',
      width: 200,
      height: 150,
    });
  });

  it('keeps only the first frame of an animated image', async () => {
    await freshUser();
    const frames = await Promise.all(
      ['#ff0000', '#00ff00', '#0000ff'].map((background) =>
        sharp({ create: { width: 40, height: 40, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const animated = await sharp(frames, { join: { animated: true } })
      .webp({ loop: 0 })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    const res = await put({ avatar: { file: animated, name: 'anim.webp', type: 'image/webp' } });
    expect(res.statusCode).toBe(200);
    const stored = await storedAvatar(res.json().avatar);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 40, height: 40 });
    expect(meta.pages ?? 1).toBe(1);
    const { data } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200); // red, the first frame
    expect(data[1]).toBeLessThan(50);
  });

  it('refuses a file with the magic bytes of an image that does not decode, and stores nothing', async () => {
    await freshUser();
    const filesBefore = await avatarFiles();
    const broken = Buffer.concat([IMAGES.png.subarray(0, 33), Buffer.from('not the rest of a PNG')]);
    const res = await put({ avatar: { file: broken, name: 'broken.png', type: 'image/png' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      avatar: ['Upload a valid image. The file you uploaded was either not an image or a corrupted image.'],
    });
    expect(await avatarFiles()).toEqual(filesBefore);
  });

  it('replaces the previous avatar file', async () => {
    await freshUser();
    const first = (await put({ avatar: { file: IMAGES.png, name: 'a.png', type: 'image/png' } })).json()
      .avatar;
    const second = (await put({ avatar: { file: IMAGES.webp, name: 'b.webp', type: 'image/webp' } })).json()
      .avatar;
    expect(second).not.toBe(first);
    const stored = await avatarFiles();
    expect(stored).not.toContain(first.slice('/media/'.length));
    expect(stored).toContain(second.slice('/media/'.length));
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
  });

  it('refuses a file that is not a JPEG, PNG or WebP by its bytes, whatever it is called', async () => {
    await freshUser();
    const filesBefore = await avatarFiles();
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
    expect(await avatarFiles()).toEqual(filesBefore);
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
