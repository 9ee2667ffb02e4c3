import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterKey, TIERS, windowOf } from '../../http/rate-limit';
import { ADMIN, bearer, createTestApp, signIn, type TestApp, testDatabases } from '../../test/harness';
import { REFRESH_REUSE_GRACE_SECONDS } from './service';
import { hashToken } from './tokens';

describe.each(testDatabases())('sign-in and tokens (%s)', (kind) => {
  let t: TestApp;
  let n = 0;
  const newUser = async (role = 'staff') => {
    const email = `user${++n}@example.com`;
    await t.app.accounts.createUser({
      email,
      password: 'password-123',
      role,
      firstName: 'An',
      lastName: 'Nguyễn',
    });
    return email;
  };
  const login = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/users/token/', payload: payload as object, headers });
  const refresh = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/token/refresh/', payload: { refresh: token } });
  const profile = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/users/profile/', headers: bearer(token) });

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('signs in with e-mail and password and returns both tokens and the user', async () => {
    const email = 'manager@example.com';
    const user = await t.app.accounts.createUser({
      email,
      password: 'password-123',
      role: 'manager',
      firstName: 'An',
      lastName: 'Nguyễn',
    });
    await t.app.accounts.updateProfile(user, { middle_name: 'Văn' });
    const res = await login({ email, password: 'password-123' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.access).toMatch(/^ey/);
    expect(body.refresh).toMatch(/^ey/);
    expect(body.user).toMatchObject({
      email,
      username: email,
      first_name: 'An',
      middle_name: 'Văn',
      last_name: 'Nguyễn',
      full_name: 'Nguyễn Văn An',
      role: 'manager',
      is_active: true,
      avatar: null,
      avatar_url: null,
      must_change_password: false,
    });
    // No hash (nor its column) ever leaves the server.
    expect(res.body).not.toMatch(/scrypt|argon2|password_hash|"password"/);
  });

  it('treats the e-mail without regard to case or surrounding spaces', async () => {
    const email = await newUser();
    const res = await login({ email: `  ${email.toUpperCase()} `, password: 'password-123' });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 with a detail for a wrong password, an unknown e-mail and an inactive user', async () => {
    const email = await newUser();
    const wrong = await login({ email, password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail).toBe('No active account found with the given credentials');

    const unknown = await login({ email: 'nobody@example.com', password: 'password-123' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());

    const inactive = await newUser();
    await t.db.updateTable('users').set({ is_active: 0 }).where('email', '=', inactive).execute();
    const res = await login({ email: inactive, password: 'password-123' });
    expect(res.statusCode).toBe(401);
  });

  it('validates the body in the DRF shape and never answers 500 for bad input', async () => {
    const missing = await login({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      email: ['This field is required.'],
      password: ['This field is required.'],
    });

    const badEmail = await login({ email: 'not-an-email', password: 'x' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toEqual({ email: ['Enter a valid email address.'] });

    const wrongTypes = await login({ email: 42, password: ['x'] });
    expect(wrongTypes.statusCode).toBe(400);
    expect(Object.keys(wrongTypes.json()).sort()).toEqual(['email', 'password']);

    const malformed = await login('{"email": ', { 'content-type': 'application/json' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toMatch(/JSON parse error/);

    const notObject = await login('[1,2]', { 'content-type': 'application/json' });
    expect(notObject.statusCode).toBe(400);

    const huge = await login({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().detail).toBe('Request body is too large.');

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/users/token/',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary.'] });
  });

  it('rotates refresh tokens: the new pair works and the old refresh token stops working', async () => {
    const email = await newUser();
    const first = await signIn(t.app, email, 'password-123');
    const res = await refresh(first.refresh);
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.access).not.toBe(first.access);
    expect(second.refresh).not.toBe(first.refresh);
    expect((await profile(second.access)).statusCode).toBe(200);

    const again = await refresh(first.refresh);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('token_not_valid');
    // Within the grace window (two tabs racing) the family survives.
    expect((await refresh(second.refresh)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is reused after the grace window', async () => {
    const email = await newUser();
    const first = await signIn(t.app, email, 'password-123');
    const second = (await refresh(first.refresh)).json();
    t.clock.advance(REFRESH_REUSE_GRACE_SECONDS + 1);

    const reuse = await refresh(first.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ code: 'token_not_valid' });
    // The thief's (or the victim's) newer token is dead too.
    const descendant = await refresh(second.refresh);
    expect(descendant.statusCode).toBe(401);
    expect(descendant.json().code).toBe('token_not_valid');
    // Another sign-in of the same user is a different family and still works.
    const other = await signIn(t.app, email, 'password-123');
    expect((await refresh(other.refresh)).statusCode).toBe(200);
  });

  it('ends the sign-in when a token older than the one just replaced comes back, even within the grace window', async () => {
    const email = await newUser();
    const first = await signIn(t.app, email, 'password-123');
    const second = (await refresh(first.refresh)).json();
    const third = (await refresh(second.refresh)).json();
    // The one just replaced is a racing tab's: refused, the sign-in lives.
    expect((await refresh(second.refresh)).json().detail).toBe('Token has already been rotated');
    expect((await profile(third.access)).statusCode).toBe(200);
    // Two rotations old is a copy: the sign-in ends, its newest tokens too.
    const reuse = await refresh(first.refresh);
    expect(reuse.json()).toEqual({
      detail: 'Token reuse detected; this session has been signed out',
      code: 'token_not_valid',
    });
    expect((await refresh(third.refresh)).json().detail).toBe('Token is blacklisted');
    expect((await profile(third.access)).statusCode).toBe(401);
  });

  it('stores only the hashes of a sign-in’s current and previous refresh tokens, on its one row', async () => {
    const email = await newUser();
    const first = await signIn(t.app, email, 'password-123');
    const second = (await refresh(first.refresh)).json();
    const third = (await refresh(second.refresh)).json();
    const family = JSON.parse(Buffer.from(first.refresh.split('.')[1] as string, 'base64url').toString()).fam;
    const rows = await t.db.selectFrom('sessions').selectAll().where('id', '=', family).execute();
    expect(rows).toHaveLength(1);
    const row = rows[0] as (typeof rows)[number];
    expect(row.refresh_hash).toBe(hashToken(third.refresh));
    expect(row.previous_hash).toBe(hashToken(second.refresh));
    for (const token of [first.refresh, second.refresh, third.refresh]) {
      expect(Object.values(row)).not.toContain(token);
    }
  });

  it('refuses an access token at the refresh endpoint and a refresh token on the API', async () => {
    const email = await newUser();
    const tokens = await signIn(t.app, email, 'password-123');
    const wrongKind = await refresh(tokens.access);
    expect(wrongKind.statusCode).toBe(401);
    expect(wrongKind.json().code).toBe('token_not_valid');

    const asBearer = await profile(tokens.refresh);
    expect(asBearer.statusCode).toBe(401);
    expect(asBearer.json().code).toBe('token_not_valid');
  });

  it('expires access tokens after ACCESS_TOKEN_TTL and refresh tokens after REFRESH_TOKEN_TTL', async () => {
    const email = await newUser();
    const tokens = await signIn(t.app, email, 'password-123');
    t.clock.advance(t.config.accessTokenTtl + 1);
    const expired = await profile(tokens.access);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('token_not_valid');
    const renewed = await refresh(tokens.refresh);
    expect(renewed.statusCode).toBe(200);

    t.clock.advance(t.config.refreshTokenTtl + 1);
    const stale = await refresh(renewed.json().refresh);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().code).toBe('token_not_valid');
  });

  it('answers 401 for missing, malformed and forged tokens', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/users/profile/' });
    expect(none.statusCode).toBe(401);
    expect(none.json().detail).toBe('Authentication credentials were not provided.');

    const garbage = await profile('not-a-jwt');
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json().code).toBe('token_not_valid');

    const tokens = await signIn(t.app, ADMIN.email, ADMIN.password);
    const [h, p] = tokens.access.split('.');
    const forged = await profile(`${h}.${p}.${'A'.repeat(43)}`);
    expect(forged.statusCode).toBe(401);

    const badRefreshBody = await t.app.inject({
      method: 'POST',
      url: '/api/users/token/refresh/',
      payload: {},
    });
    expect(badRefreshBody.statusCode).toBe(400);
    expect(badRefreshBody.json()).toEqual({ refresh: ['This field is required.'] });
  });

  it('refuses tokens of a user deactivated after signing in', async () => {
    const email = await newUser();
    const tokens = await signIn(t.app, email, 'password-123');
    await t.db.updateTable('users').set({ is_active: 0 }).where('email', '=', email).execute();
    expect((await profile(tokens.access)).statusCode).toBe(401);
    expect((await refresh(tokens.refresh)).statusCode).toBe(401);
  });

  it('rate limits sign-ins per e-mail and address with 429 and Retry-After, even for the right password', async () => {
    const email = await newUser();
    for (let i = 0; i < 5; i++) {
      expect((await login({ email, password: `wrong-${i}` }, { 'x-test': String(i) })).statusCode).toBe(401);
    }
    const blocked = await login({ email, password: 'password-123' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/throttled/);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    t.clock.advance(retryAfter);
    expect((await login({ email, password: 'password-123' })).statusCode).toBe(200);
  });

  it('rate limits sign-in attempts per address', async () => {
    t.clock.advance(3600);
    const tier = TIERS.signInPerIp;
    const attempt = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/token/',
        payload: { email: ADMIN.email, password: ADMIN.password },
        remoteAddress,
      });
    expect((await attempt('10.9.9.9')).statusCode).toBe(200);
    // Fill the address's window up to the limit, as that many earlier attempts would have.
    const { start, end } = windowOf(tier, t.clock.now());
    await t.db
      .updateTable('rate_limit_counters')
      .set({ count: tier.limit })
      .where('key', '=', counterKey(tier, '10.9.9.9', start))
      .execute();
    const blocked = await attempt('10.9.9.9');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBe(Math.ceil((end - t.clock.now().getTime()) / 1000));
    // Another address is not affected, and the next window starts afresh.
    expect((await attempt('10.9.9.10')).statusCode).toBe(200);
    t.clock.advance(tier.windowSeconds);
    expect((await attempt('10.9.9.9')).statusCode).toBe(200);
  });
});
