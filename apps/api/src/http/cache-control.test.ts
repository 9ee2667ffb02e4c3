// Answers with tokens or personal data must never be kept by a browser or a shared proxy, while media
// and the built app keep the caching they were given; a source map is never served.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createTestApp, IMAGES, signIn, type TestApp, testDatabases } from '../test/harness';
import { sendForm } from '../test/users';

describe.each(testDatabases())('caching of answers (%s)', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let refresh: string;
  let avatar: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const tokens = await signIn(t.app, ADMIN.email, ADMIN.password);
    admin = bearer(tokens.access);
    refresh = tokens.refresh;
    const res = await sendForm(t, tokens.access, 'PUT', '/api/users/profile/', {
      avatar: { file: IMAGES.png, name: 'a.png', type: 'image/png' },
    });
    avatar = res.json().avatar;
  });
  afterAll(() => t.close());

  it('marks every API answer with tokens or personal data, and every API error, no-store', async () => {
    const requests = [
      { method: 'POST', url: '/api/users/token/', payload: ADMIN },
      { method: 'POST', url: '/api/users/token/refresh/', payload: { refresh } },
      { method: 'GET', url: '/api/users/profile/', headers: admin },
      { method: 'GET', url: '//api/users/profile/', headers: admin },
      { method: 'GET', url: '/api/users/users/', headers: admin },
      { method: 'GET', url: '/api/users/users/1/', headers: admin },
      { method: 'GET', url: '/api/diaries/diaries/', headers: admin },
      { method: 'GET', url: '/api/diaries/categories/', headers: admin },
      // Errors: 401, 400, 404 and an unknown API path.
      { method: 'GET', url: '/api/users/profile/' },
      { method: 'POST', url: '/api/users/token/', payload: { email: 'x' } },
      { method: 'GET', url: '/api/users/users/999999/', headers: admin },
      { method: 'GET', url: '/api/no-such-thing/' },
    ] as const;
    for (const r of requests) {
      const res = await t.app.inject(r);
      expect(res.statusCode, `${r.method} ${r.url}`).toBeLessThan(500);
      expect(res.headers['cache-control'], `${r.method} ${r.url} (${res.statusCode})`).toBe('no-store');
    }
  });

  it('leaves the health check, media and the built app their own caching', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['cache-control']).toBe(
      'no-store',
    );
    const media = await t.app.inject({ method: 'GET', url: avatar });
    expect(media.statusCode).toBe(200);
    // Named by its content's hash (decision 0028): it never changes under that name.
    expect(media.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const logo = await t.app.inject({ method: 'GET', url: '/media/logos/logo.png' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('the built web app', () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    web = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-web-'));
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Staff</title>');
    fs.writeFileSync(path.join(web, 'assets', 'index-abc123.js'), 'console.log(1);\n//# sourceMappingURL=x');
    fs.writeFileSync(
      path.join(web, 'assets', 'index-abc123.js.map'),
      '{"version":3,"sources":["secret.ts"]}',
    );
    fs.writeFileSync(path.join(web, 'sw.js.map'), '{"version":3}');
    // One database is enough: serving files touches none.
    t = await createTestApp('sqlite', { WEB_DIST_DIR: web });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('never serves a source map, even one left in the build', async () => {
    for (const url of [
      '/assets/index-abc123.js.map',
      '/assets/index-abc123.js.MAP',
      '/assets/index-abc123.js%2Emap',
      '/sw.js.map',
      '/assets/missing.js.map',
      '/assets/index-abc123.js.map?v=1',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
  });

  it('keeps hashed assets immutable and the page revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
