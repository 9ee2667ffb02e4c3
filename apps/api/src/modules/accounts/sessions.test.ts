// Each attack on a session, replayed: a sign-in that was ended (password change, refresh-token
// reuse, logout, an administrator's deactivation or new password) refuses its access tokens at
// once, not when they expire; logout ends one sign-in and no other; expired sign-ins are swept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterKey, TIERS, windowOf } from '../../http/rate-limit';
import { ADMIN, bearer, createTestApp, signIn, type TestApp, testDatabases } from '../../test/harness';
import { REFRESH_REUSE_GRACE_SECONDS } from './service';

/** The sign-in (refresh-token family) a token belongs to, read from its payload. */
const familyOf = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()).fam;

describe.each(testDatabases())('sessions (%s)', (kind) => {
  let t: TestApp;
  let admin: { access: string };
  let n = 0;
  const newUser = async () => {
    const email = `session${++n}@example.com`;
    const user = await t.app.accounts.createUser({ email, password: 'password-123', role: 'staff' });
    return { email, id: user.id };
  };
  const refresh = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/token/refresh/', payload: { refresh: token } });
  const logout = (payload: unknown, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/token/blacklist/',
      payload: payload as object,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const profile = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/users/profile/', headers: bearer(token) });
  const expectRefused = async (access: string) => {
    const res = await profile(access);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'token_not_valid' });
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signIn(t.app, ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  it('a password change refuses the other sign-ins at once and keeps the current one', async () => {
    const { email } = await newUser();
    const current = await signIn(t.app, email, 'password-123');
    const other = await signIn(t.app, email, 'password-123');
    expect((await profile(other.access)).statusCode).toBe(200);

    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/users/change-password/',
      headers: bearer(current.access),
      payload: { old_password: 'password-123', new_password: 'another-pass-456' },
    });
    expect(changed.statusCode).toBe(200);

    await expectRefused(other.access);
    expect((await refresh(other.refresh)).statusCode).toBe(401);
    expect((await profile(current.access)).statusCode).toBe(200);
    expect((await refresh(current.refresh)).statusCode).toBe(200);
  });

  it('refresh-token reuse refuses that sign-in’s access tokens at once and records it once', async () => {
    const { email, id } = await newUser();
    const first = await signIn(t.app, email, 'password-123');
    const bystander = await signIn(t.app, email, 'password-123');
    const second = (await refresh(first.refresh)).json();
    expect((await profile(second.access)).statusCode).toBe(200);
    t.clock.advance(REFRESH_REUSE_GRACE_SECONDS + 1);

    // Two reuses at once: the sign-in ends once and one event is written.
    const reuse = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/token/refresh/',
        payload: { refresh: first.refresh },
        remoteAddress: '203.0.113.7',
      });
    const reuses = await Promise.all([reuse(), reuse()]);
    for (const reuse of reuses) expect(reuse.statusCode).toBe(401);
    await expectRefused(second.access);
    await expectRefused(first.access);
    expect((await profile(bystander.access)).statusCode).toBe(200);

    const events = await t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'auth.token_reuse')
      .where('target_id', '=', String(id))
      .execute();
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({ actor_id: null, actor_email: null, target_type: 'user' });
    expect(event?.ip).toBe('203.0.113.7');
    expect(JSON.parse(event?.detail as string)).toEqual({ session: familyOf(first.refresh) });
  });

  it('writes no reuse event for a rotated token presented within the grace window', async () => {
    const { email, id } = await newUser();
    const first = await signIn(t.app, email, 'password-123');
    const second = (await refresh(first.refresh)).json();
    expect((await refresh(first.refresh)).statusCode).toBe(401);
    expect((await profile(second.access)).statusCode).toBe(200);
    const events = await t.db
      .selectFrom('audit_events')
      .select('id')
      .where('target_id', '=', String(id))
      .execute();
    expect(events).toEqual([]);
  });

  it('an administrator deactivating a user or setting their password refuses their tokens at once', async () => {
    const deactivated = await newUser();
    const tokens = await signIn(t.app, deactivated.email, 'password-123');
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/users/users/${deactivated.id}/`,
      headers: bearer(admin.access),
      payload: { is_active: false },
    });
    expect(off.statusCode).toBe(200);
    await expectRefused(tokens.access);
    // Reactivating the account does not bring the ended sign-in back.
    const on = await t.app.inject({
      method: 'PUT',
      url: `/api/users/users/${deactivated.id}/`,
      headers: bearer(admin.access),
      payload: { is_active: true },
    });
    expect(on.statusCode).toBe(200);
    await expectRefused(tokens.access);
    expect((await refresh(tokens.refresh)).statusCode).toBe(401);

    const reset = await newUser();
    const before = await signIn(t.app, reset.email, 'password-123');
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/users/users/${reset.id}/`,
      headers: bearer(admin.access),
      payload: { password: 'set-by-admin-789' },
    });
    expect(set.statusCode).toBe(200);
    await expectRefused(before.access);
    const after = await signIn(t.app, reset.email, 'set-by-admin-789');
    expect((await profile(after.access)).statusCode).toBe(200);
  });

  it('logout ends that sign-in, its refresh and access tokens, and no other', async () => {
    const { email } = await newUser();
    const ending = await signIn(t.app, email, 'password-123');
    const other = await signIn(t.app, email, 'password-123');

    const res = await logout({ refresh: ending.refresh });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});

    await expectRefused(ending.access);
    const refused = await refresh(ending.refresh);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: 'Token is blacklisted', code: 'token_not_valid' });
    expect((await profile(other.access)).statusCode).toBe(200);
    expect((await refresh(other.refresh)).statusCode).toBe(200);

    const again = await logout({ refresh: ending.refresh });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ detail: 'Token is blacklisted', code: 'token_not_valid' });
  });

  it('logout with a rotated refresh token of a live sign-in still ends it', async () => {
    const { email } = await newUser();
    const first = await signIn(t.app, email, 'password-123');
    const second = (await refresh(first.refresh)).json();
    expect((await logout({ refresh: first.refresh })).statusCode).toBe(200);
    await expectRefused(second.access);
    expect((await refresh(second.refresh)).statusCode).toBe(401);
  });

  it('logout refuses malformed, forged, expired and access tokens like the refresh endpoint', async () => {
    const { email } = await newUser();
    const tokens = await signIn(t.app, email, 'password-123');
    const invalid = { detail: 'Token is invalid or expired', code: 'token_not_valid' };

    const garbage = await logout({ refresh: 'not-a-jwt' });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json()).toEqual(invalid);

    const [h, p] = tokens.refresh.split('.');
    const forged = await logout({ refresh: `${h}.${p}.${'A'.repeat(43)}` });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual(invalid);

    const access = await logout({ refresh: tokens.access });
    expect(access.statusCode).toBe(401);
    expect(access.json()).toEqual(invalid);

    // None of them ended the sign-in.
    expect((await profile(tokens.access)).statusCode).toBe(200);

    const missing = await logout({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ refresh: ['This field is required.'] });

    t.clock.advance(t.config.refreshTokenTtl + 1);
    const expired = await logout({ refresh: tokens.refresh });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(invalid);
  });

  it('logout counts against the refresh limit per address', async () => {
    const { email } = await newUser();
    const tokens = await signIn(t.app, email, 'password-123');
    const tier = TIERS.refreshPerIp;
    expect((await logout({ refresh: 'not-a-jwt' }, '10.7.7.7')).statusCode).toBe(401);
    const { start } = windowOf(tier, t.clock.now());
    await t.db
      .updateTable('rate_limit_counters')
      .set({ count: tier.limit })
      .where('key', '=', counterKey(tier, '10.7.7.7', start))
      .execute();
    const blocked = await logout({ refresh: tokens.refresh }, '10.7.7.7');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Refused before anything happened: the sign-in is still live.
    expect((await profile(tokens.access)).statusCode).toBe(200);
    expect((await logout({ refresh: tokens.refresh }, '10.7.7.8')).statusCode).toBe(200);
  });

  it('sweeps expired sign-ins, and keeps live ones', async () => {
    const old = await newUser();
    const expiring = await signIn(t.app, old.email, 'password-123');
    t.clock.advance(t.config.refreshTokenTtl - 60);
    const live = await signIn(t.app, old.email, 'password-123');
    t.clock.advance(120);

    await t.app.accounts.sweepExpiredTokens();

    const sessions = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('id', 'in', [familyOf(expiring.refresh), familyOf(live.refresh)])
      .execute();
    expect(sessions.map((s) => s.id)).toEqual([familyOf(live.refresh)]);
    expect((await refresh(live.refresh)).statusCode).toBe(200);
  });

  it('refuses an unexpired access token whose sign-in was swept', async () => {
    const { email } = await newUser();
    const tokens = await signIn(t.app, email, 'password-123');
    // As if the sweep had removed the row (e.g. a shorter refresh lifetime configured later).
    await t.db.deleteFrom('sessions').where('id', '=', familyOf(tokens.refresh)).execute();
    await expectRefused(tokens.access);
  });
});
