// Absolute links come from PUBLIC_URL or are root-relative: a forged Host or X-Forwarded-Host (with
// a trusted proxy in front, too) never reaches avatar_url, next or previous.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createTestApp, IMAGES, signIn, type TestApp, testDatabases } from '../test/harness';
import { seedUsers, sendForm } from '../test/users';

const FORGED = {
  host: 'evil.example',
  'x-forwarded-host': 'evil-forwarded.example',
  'x-forwarded-proto': 'https',
  'x-forwarded-for': '203.0.113.9',
};

describe.each(testDatabases())('links in answers (%s)', (kind) => {
  const setups: { env: Record<string, string>; origin: string }[] = [
    { env: { TRUST_PROXY: '1' }, origin: '' },
    {
      env: { TRUST_PROXY: '127.0.0.1', PUBLIC_URL: 'https://staff.example.com/' },
      origin: 'https://staff.example.com',
    },
    { env: { PUBLIC_URL: 'https://example.org/staff' }, origin: 'https://example.org/staff' },
  ];
  describe.each(setups)('with $env', ({ env, origin }) => {
    let t: TestApp;
    let admin: Record<string, string>;
    let avatar: string;
    beforeAll(async () => {
      t = await createTestApp(kind, env);
      const { access } = await signIn(t.app, ADMIN.email, ADMIN.password);
      admin = bearer(access);
      const res = await sendForm(
        t,
        access,
        'PUT',
        '/api/users/profile/',
        { avatar: { file: IMAGES.png, name: 'a.png', type: 'image/png' } },
        FORGED,
      );
      expect(res.statusCode).toBe(200);
      avatar = res.json().avatar;
      expect(res.json().avatar_url).toBe(`${origin}${avatar}`);
      // Three pages of ten.
      await seedUsers(
        t,
        Array.from({ length: 25 }, (_, n) => ({ email: `link${n}@example.com` })),
      );
    });
    afterAll(() => t.close());

    const inject = (url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
      t.app.inject({ method, url, headers: { ...admin, ...FORGED }, remoteAddress: '127.0.0.1', payload });

    it('builds avatar_url from PUBLIC_URL, or leaves it root-relative', async () => {
      expect(avatar).toMatch(/^\/media\/avatars\/\d+-[0-9a-f]{64}\.png$/);
      const profile = await inject('/api/users/profile/');
      expect(profile.json().avatar_url).toBe(`${origin}${avatar}`);
      const token = await inject('/api/users/token/', 'POST', ADMIN);
      expect(token.json().user.avatar_url).toBe(`${origin}${avatar}`);
      const listed = await inject('/api/users/users/?search=admin%40example.com');
      expect(listed.json().results[0].avatar_url).toBe(`${origin}${avatar}`);
      for (const res of [profile, token, listed]) expect(res.body).not.toMatch(/evil/);
    });

    it('builds next and previous from PUBLIC_URL, or leaves them root-relative', async () => {
      const first = await inject('/api/users/users/?page_size=10&ordering=email');
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().next).toBe(`${origin}/api/users/users/?ordering=email&page=2&page_size=10`);
      expect(first.json().previous).toBeNull();
      // Duplicate slashes are routed as one and never read as a host.
      const second = await inject('//api/users/users/?page_size=10&ordering=email&page=2');
      expect(second.statusCode).toBe(200);
      expect(second.json().next).toBe(`${origin}/api/users/users/?ordering=email&page=3&page_size=10`);
      expect(second.json().previous).toBe(`${origin}/api/users/users/?ordering=email&page=1&page_size=10`);
      for (const res of [first, second]) expect(res.body).not.toMatch(/evil/);
    });
  });
});
