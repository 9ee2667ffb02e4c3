import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, type TestApp, testDatabases } from '../../test/harness';

describe.each(testDatabases())('change password (%s)', (kind) => {
  let t: TestApp;
  let n = 0;
  const change = (token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/users/change-password/', payload, headers: bearer(token) });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/token/', payload: { email, password } });
  const freshUser = async () => {
    const email = `pw${++n}@example.com`;
    await t.app.accounts.createUser({ email, password: 'password-123', role: 'staff' });
    return email;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const email = await freshUser();
    const { access } = await signIn(t.app, email, 'password-123');
    const res = await change(access, { old_password: 'password-123', new_password: 'a-new-secret' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Password updated successfully.' });
    expect((await login(email, 'password-123')).statusCode).toBe(401);
    expect((await login(email, 'a-new-secret')).statusCode).toBe(200);
  });

  it('refuses one of the most common passwords with a field error and keeps the old one', async () => {
    const email = await freshUser();
    const { access } = await signIn(t.app, email, 'password-123');
    const res = await change(access, { old_password: 'password-123', new_password: ' Qwerty123 ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ new_password: ['This password is too common.'] });
    expect((await login(email, 'password-123')).statusCode).toBe(200);
  });

  it("signs out the user's other sessions but keeps this one", async () => {
    const email = await freshUser();
    const here = await signIn(t.app, email, 'password-123');
    const elsewhere = await signIn(t.app, email, 'password-123');
    expect(
      (await change(here.access, { old_password: 'password-123', new_password: 'another-secret' }))
        .statusCode,
    ).toBe(200);
    const refreshElsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/users/token/refresh/',
      payload: { refresh: elsewhere.refresh },
    });
    expect(refreshElsewhere.statusCode).toBe(401);
    expect(refreshElsewhere.json().code).toBe('token_not_valid');
    const refreshHere = await t.app.inject({
      method: 'POST',
      url: '/api/users/token/refresh/',
      payload: { refresh: here.refresh },
    });
    expect(refreshHere.statusCode).toBe(200);
  });

  it('refuses the current password as the new one, however it is typed, and changes nothing', async () => {
    const email = await freshUser();
    const here = await signIn(t.app, email, 'password-123');
    const elsewhere = await signIn(t.app, email, 'password-123');
    // The same characters, and the same password typed in full-width forms (equal once NFKC-normalised,
    // as passwords are compared).
    for (const newPassword of ['password-123', 'ｐａｓｓｗｏｒｄ-１２３']) {
      const res = await change(here.access, { old_password: 'password-123', new_password: newPassword });
      expect(res.statusCode, newPassword).toBe(400);
      expect(res.json()).toEqual({
        new_password: ['The new password must be different from your current password.'],
      });
    }
    // Nothing changed: the other sign-in stands and the password still signs in.
    const refreshElsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/users/token/refresh/',
      payload: { refresh: elsewhere.refresh },
    });
    expect(refreshElsewhere.statusCode).toBe(200);
    expect((await login(email, 'password-123')).statusCode).toBe(200);
    // A wrong old password is all a wrong old password answers: no word on the new one.
    const wrongOld = await change(here.access, { old_password: 'not-it', new_password: 'password-123' });
    expect(wrongOld.json()).toEqual({
      old_password: ['Your old password was entered incorrectly. Please enter it again.'],
    });
  });

  it('refuses a wrong old password with a field error and keeps the password', async () => {
    const email = await freshUser();
    const { access } = await signIn(t.app, email, 'password-123');
    const res = await change(access, { old_password: 'not-it', new_password: 'a-new-secret' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      old_password: ['Your old password was entered incorrectly. Please enter it again.'],
    });
    expect((await login(email, 'password-123')).statusCode).toBe(200);
  });

  it('refuses a weak new password: too short, or the e-mail itself', async () => {
    const email = await freshUser();
    const { access } = await signIn(t.app, email, 'password-123');
    const short = await change(access, { old_password: 'password-123', new_password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      new_password: ['This password is too short. It must contain at least 8 characters.'],
    });
    const same = await change(access, { old_password: 'password-123', new_password: email.toUpperCase() });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ new_password: ['The password is too similar to the email address.'] });
    const missing = await change(access, {});
    expect(missing.json()).toEqual({
      old_password: ['This field is required.'],
      new_password: ['This field is required.'],
    });
    expect((await login(email, 'password-123')).statusCode).toBe(200);
  });

  it('rate limits wrong old passwords', async () => {
    const email = await freshUser();
    const { access } = await signIn(t.app, email, 'password-123');
    for (let i = 0; i < 5; i++) {
      expect(
        (await change(access, { old_password: `nope-${i}`, new_password: 'a-new-secret' })).statusCode,
      ).toBe(400);
    }
    const blocked = await change(access, { old_password: 'password-123', new_password: 'a-new-secret' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('verifies at most five old passwords however many guesses arrive at once', async () => {
    const email = await freshUser();
    const { access } = await signIn(t.app, email, 'password-123');
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        change(access, { old_password: `guess-${i}`, new_password: 'a-new-secret' }),
      ),
    );
    expect(guesses.filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect(guesses.filter((r) => r.statusCode === 429)).toHaveLength(7);
    // The right old password is refused too until the window ends, and nothing changed.
    expect(
      (await change(access, { old_password: 'password-123', new_password: 'a-new-secret' })).statusCode,
    ).toBe(429);
    expect((await login(email, 'password-123')).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/change-password/',
      payload: { old_password: 'a', new_password: 'bbbbbbbb' },
    });
    expect(res.statusCode).toBe(401);
  });
});
