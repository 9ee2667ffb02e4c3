// Security headers on every kind of response (API answers, errors, errors met before routing, media,
// the app's pages), and error bodies that never show a stack trace, SQL or a file path.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../test/harness';

/** Browser features the app never uses (apps/web uses none of them, the clipboard and fullscreen included). */
const DENIED_FEATURES = [
  'camera',
  'microphone',
  'geolocation',
  'payment',
  'usb',
  'serial',
  'hid',
  'bluetooth',
  'midi',
  'display-capture',
  'clipboard-read',
  'clipboard-write',
  'fullscreen',
  'publickey-credentials-get',
];

describe.each(testDatabases())('security headers (%s)', (kind) => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    // A built app to serve: index.html where the harness points WEB_DIST_DIR (DATA_DIR/web).
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-headers-'));
    fs.mkdirSync(path.join(dataDir, 'web'));
    fs.writeFileSync(path.join(dataDir, 'web', 'index.html'), '<!doctype html><title>x</title>');
    t = await createTestApp(kind, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const requests = [
    { name: 'health', method: 'GET', url: '/api/health', status: 200 },
    { name: 'unknown API path', method: 'GET', url: '/api/nothing-here/', status: 404 },
    { name: 'signed out', method: 'GET', url: '/api/users/profile/', status: 401 },
    {
      name: 'broken JSON',
      method: 'POST',
      url: '/api/users/token/',
      status: 400,
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    },
    { name: 'shipped media', method: 'GET', url: '/media/logos/logo.png', status: 200 },
    { name: 'path traversal', method: 'GET', url: '/media/..%2f..%2fconfig.ts', status: 403 },
    { name: 'app page', method: 'GET', url: '/cashflow/session', status: 200 },
    // Refused before routing, past helmet's hook: see framework-errors.test.ts for the socket level.
    { name: 'malformed URL', method: 'GET', url: '/api/users/%E0%A4%A', status: 400 },
    {
      name: 'over-long path parameter',
      method: 'GET',
      url: `/api/users/users/${'9'.repeat(200)}/`,
      status: 414,
    },
  ] as const;

  for (const r of requests) {
    it(`are sent with ${r.name}`, async () => {
      const res = await t.app.inject({
        method: r.method,
        url: r.url,
        ...('headers' in r ? { headers: r.headers, payload: r.payload } : {}),
      });
      expect(res.statusCode).toBe(r.status);
      const csp = String(res.headers['content-security-policy']);
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "object-src 'none'",
        "frame-ancestors 'none'",
      ])
        expect(csp).toContain(directive);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      // The app uses no powerful browser feature: each is denied to the page and anything it embeds.
      const permissions = String(res.headers['permissions-policy']).split(/,\s*/);
      for (const feature of DENIED_FEATURES) expect(permissions).toContain(`${feature}=()`);
      for (const directive of permissions) expect(directive).toMatch(/^[a-z-]+=\(\)$/);
      if (r.status >= 400) {
        expect(res.json()).toHaveProperty('detail');
        expect(res.body).not.toMatch(/\bat .+:\d+:\d+|node_modules|SELECT|sqlite|\/src\//i);
      }
    });
  }

  it('serves media with the content type of its checked format', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/logos/logo.png' });
    expect(res.headers['content-type']).toBe('image/png');
  });
});
