// The parts every module relies on: health, docs, roles, media, the SPA
// fallback and security headers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createTestApp, signIn, type TestApp, testDatabases } from '../../test/harness';

describe.each(testDatabases())('platform (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers the health check', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('lists the roles for a signed-in user only', async () => {
    const { access } = await signIn(t.app, ADMIN.email, ADMIN.password);
    const res = await t.app.inject({ method: 'GET', url: '/api/users/roles/', headers: bearer(access) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(['admin', 'manager', 'staff', 'ndf']);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/roles/' })).statusCode).toBe(401);
  });

  it('publishes an OpenAPI description generated from the contracts', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const doc = spec.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/users/token/', '/api/users/token/refresh/', '/api/users/profile/']),
    );
    const login = doc.paths['/api/users/token/'].post.requestBody.content['application/json'].schema;
    expect(login.required).toEqual(['email', 'password']);
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });

  it('serves the shipped logo', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/logos/logo.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('answers unknown API and media paths with a DRF 404', async () => {
    for (const url of ['/api/nope/', '/media/nope.png']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('Not found.');
    }
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('single-page app', () => {
  let t: TestApp;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-web-dist-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(webDir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp('sqlite', { WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('serves index.html for deep links such as /profile, and hashed assets as immutable', async () => {
    for (const url of ['/', '/profile', '/admin/users/3/edit']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/api/missing/' })).statusCode).toBe(404);
  });
});
