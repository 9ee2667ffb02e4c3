import type { Role } from '@staff/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createTestApp, signIn, type TestApp, testDatabases } from '../../test/harness';
import { caller, SEED_PASSWORD, seedUsers, sendForm, signedInRoles } from '../../test/users';
import { DUPLICATE_EMAIL, LAST_ADMIN, SELF_DEACTIVATE, SELF_DELETE } from './service';
import { activeAdminIds } from './test-fixtures';

const refresh = (t: TestApp, token: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/token/refresh/', payload: { refresh: token } });
const profile = (t: TestApp, token: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/profile/', headers: bearer(token) });

describe.each(testDatabases())('user administration (%s)', (kind) => {
  let t: TestApp;
  let admin: { id: number; access: string; refresh: string };
  let roles: Awaited<ReturnType<typeof signedInRoles>>;
  let n = 0;
  const call: ReturnType<typeof caller> = (...args) => caller(t)(...args);
  const fresh = async (
    extra: Parameters<typeof seedUsers>[1][number] extends infer U ? Partial<U> : never = {},
  ) => {
    const email = `person${++n}@admin.test`;
    const [id] = await seedUsers(t, [{ email, ...extra }]);
    return { id: id as number, email };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const tokens = await signIn(t.app, ADMIN.email, ADMIN.password);
    admin = { id: tokens.user.id as number, access: tokens.access, refresh: tokens.refresh };
    roles = await signedInRoles(t, 'matrix');
  });
  afterAll(() => t.close());

  describe('permissions', () => {
    const who: (Role | 'anonymous')[] = ['admin', 'manager', 'staff', 'ndf', 'anonymous'];
    const tokenOf = (role: Role | 'anonymous') => (role === 'anonymous' ? undefined : roles[role].access);
    const expected = (role: Role | 'anonymous', allowed: readonly Role[], ok: number) =>
      role === 'anonymous' ? 401 : allowed.includes(role) ? ok : 403;

    it.each(who)('admin-only endpoints answer %s as they should', async (role) => {
      const token = tokenOf(role);
      const target = await fresh();
      const status = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
        (method === 'GET' ? await call(token, 'GET', url) : await call(token, method, url, payload))
          .statusCode;
      const adminOnly = ['admin'] as const;
      expect(await status('GET', '/api/users/users/')).toBe(expected(role, adminOnly, 200));
      expect(await status('GET', `/api/users/users/${target.id}/`)).toBe(expected(role, adminOnly, 200));
      expect(
        await status('POST', '/api/users/users/', {
          email: `new-${role}@admin.test`,
          password: 'password-123',
        }),
      ).toBe(expected(role, adminOnly, 201));
      expect(await status('PUT', `/api/users/users/${target.id}/`, { first_name: 'Changed' })).toBe(
        expected(role, adminOnly, 200),
      );
      expect(await status('GET', '/api/users/users/template/')).toBe(expected(role, adminOnly, 200));
      // No file: an admin gets as far as the validation.
      expect(await status('POST', '/api/users/users/import/', {})).toBe(expected(role, adminOnly, 400));
      expect(await status('DELETE', `/api/users/users/${target.id}/`)).toBe(expected(role, adminOnly, 204));
      expect(await status('GET', '/api/users/search/?q=a')).toBe(expected(role, ['admin', 'ndf'], 200));
      if (role !== 'admin') {
        // Refused requests changed nothing.
        const still = await call(admin.access, 'GET', `/api/users/users/${target.id}/`);
        expect(still.json()).toMatchObject({ first_name: '' });
        expect((await call(admin.access, 'GET', `/api/users/users/?search=new-${role}`)).json().count).toBe(
          0,
        );
      }
    });

    it('checks the token before the input', async () => {
      expect((await call(null, 'GET', '/api/users/users/?ordering=nonsense')).statusCode).toBe(401);
      expect((await call(roles.staff.access, 'GET', '/api/users/users/?ordering=nonsense')).statusCode).toBe(
        403,
      );
    });
  });

  describe('create', () => {
    it('creates from multipart with every field, username set to the e-mail', async () => {
      const res = await sendForm(t, admin.access, 'POST', '/api/users/users/', {
        email: '  Mai.Tran@Admin.Test ',
        first_name: 'Mai',
        middle_name: 'Thị',
        last_name: 'Trần',
        phone: '0912 000 111',
        role: 'manager',
        gender: 'F',
        is_active: 'true',
        password: 'password-123',
        username: 'ignored',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        email: 'mai.tran@admin.test',
        username: 'mai.tran@admin.test',
        full_name: 'Trần Thị Mai',
        phone: '0912 000 111',
        role: 'manager',
        gender: 'F',
        is_active: true,
      });
      expect(res.body).not.toMatch(/password_hash|"password"|argon2/);
      const signedIn = await signIn(t.app, 'mai.tran@admin.test', 'password-123');
      expect(signedIn.user.role).toBe('manager');
      // The new user is findable by the folded name straight away.
      const found = await call(admin.access, 'GET', '/api/users/users/?search=tran%20mai');
      expect(found.json().results.map((u: { email: string }) => u.email)).toEqual(['mai.tran@admin.test']);
    });

    it('defaults to an active staff member', async () => {
      const res = await call(admin.access, 'POST', '/api/users/users/', {
        email: 'defaults@admin.test',
        password: 'password-123',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ role: 'staff', is_active: true, gender: null, first_name: '' });
    });

    it('refuses a duplicate e-mail in any case', async () => {
      const { email } = await fresh();
      for (const variant of [email, email.toUpperCase(), ` ${email.replace('person', 'PERSON')} `]) {
        const res = await call(admin.access, 'POST', '/api/users/users/', {
          email: variant,
          password: 'password-123',
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ email: [DUPLICATE_EMAIL] });
      }
    });

    it('requires an e-mail and a password and a known role', async () => {
      const post = (payload: object) => call(admin.access, 'POST', '/api/users/users/', payload);
      const missing = await post({ first_name: 'X' });
      expect(missing.statusCode).toBe(400);
      expect(Object.keys(missing.json()).sort()).toEqual(['email', 'password']);
      const bad = await post({ email: 'not-an-email', password: 'short', role: 'boss', gender: 'X' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        email: ['Enter a valid email address.'],
        password: ['This password is too short. It must contain at least 8 characters.'],
        role: ['"boss" is not a valid choice.'],
        gender: ['"X" is not a valid choice.'],
      });
      const common = await post({ email: 'common@admin.test', password: 'Football1' });
      expect(common.statusCode).toBe(400);
      expect(common.json()).toEqual({ password: ['This password is too common.'] });
      expect(
        (await call(admin.access, 'GET', '/api/users/users/?search=common@admin.test')).json().count,
      ).toBe(0);
    });
  });

  describe('read, edit and delete', () => {
    it('answers 404 for a user that does not exist or an id that is not one', async () => {
      for (const id of ['999999', 'abc', '0', '-1', '99999999999']) {
        expect((await call(admin.access, 'GET', `/api/users/users/${id}/`)).statusCode, id).toBe(404);
        expect((await call(admin.access, 'PUT', `/api/users/users/${id}/`, {})).statusCode, id).toBe(404);
        expect((await call(admin.access, 'DELETE', `/api/users/users/${id}/`)).statusCode, id).toBe(404);
      }
    });

    it('edits fields from multipart, keeps the password when it is left blank, and keeps search current', async () => {
      const user = await fresh({ firstName: 'Old' });
      const res = await sendForm(t, admin.access, 'PUT', `/api/users/users/${user.id}/`, {
        first_name: 'Đạt',
        last_name: 'Hồ',
        phone: '0977 123 456',
        gender: 'M',
        password: '',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        email: user.email,
        full_name: 'Hồ Đạt',
        gender: 'M',
        role: 'staff',
      });
      await signIn(t.app, user.email, SEED_PASSWORD);
      const found = await call(admin.access, 'GET', '/api/users/users/?search=dat%20ho');
      expect(found.json().results.map((u: { id: number }) => u.id)).toEqual([user.id]);
      expect((await call(admin.access, 'GET', '/api/users/users/?search=old')).json().count).toBe(0);
      expect((await call(admin.access, 'GET', '/api/users/users/?search=0977123456')).json().count).toBe(1);
    });

    it('changes the e-mail (and username) but not to one in use, in any case', async () => {
      const a = await fresh();
      const b = await fresh();
      const taken = await call(admin.access, 'PUT', `/api/users/users/${a.id}/`, {
        email: b.email.toUpperCase(),
      });
      expect(taken.statusCode).toBe(400);
      expect(taken.json()).toEqual({ email: [DUPLICATE_EMAIL] });
      const own = await call(admin.access, 'PUT', `/api/users/users/${a.id}/`, {
        email: a.email.toUpperCase(),
      });
      expect(own.statusCode).toBe(200);
      const moved = await call(admin.access, 'PUT', `/api/users/users/${a.id}/`, {
        email: 'Moved@Admin.Test',
      });
      expect(moved.json()).toMatchObject({ email: 'moved@admin.test', username: 'moved@admin.test' });
      expect((await call(admin.access, 'GET', '/api/users/users/?search=moved@')).json().count).toBe(1);
    });

    it('a new role takes effect on the next request', async () => {
      const user = await fresh({ role: 'staff' });
      const tokens = await signIn(t.app, user.email, SEED_PASSWORD);
      expect((await call(tokens.access, 'GET', '/api/users/users/')).statusCode).toBe(403);
      await call(admin.access, 'PUT', `/api/users/users/${user.id}/`, { role: 'admin' });
      expect((await call(tokens.access, 'GET', '/api/users/users/')).statusCode).toBe(200);
      const demoted = await call(admin.access, 'PUT', `/api/users/users/${user.id}/`, { role: 'ndf' });
      expect(demoted.json().role).toBe('ndf');
      expect((await call(tokens.access, 'GET', '/api/users/users/')).statusCode).toBe(403);
      expect((await call(tokens.access, 'GET', '/api/users/search/')).statusCode).toBe(200);
      const bad = await call(admin.access, 'PUT', `/api/users/users/${user.id}/`, { role: 'boss' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json())).toEqual(['role']);
    });

    it('a new password signs the user out everywhere', async () => {
      const user = await fresh();
      const tokens = await signIn(t.app, user.email, SEED_PASSWORD);
      const res = await call(admin.access, 'PUT', `/api/users/users/${user.id}/`, {
        password: 'brand-new-pass',
      });
      expect(res.statusCode).toBe(200);
      expect((await refresh(t, tokens.refresh)).statusCode).toBe(401);
      await signIn(t.app, user.email, 'brand-new-pass');
      const short = await call(admin.access, 'PUT', `/api/users/users/${user.id}/`, {
        password: 'short',
      });
      expect(short.statusCode).toBe(400);
      const common = await call(admin.access, 'PUT', `/api/users/users/${user.id}/`, {
        password: ' LETMEIN123 ',
      });
      expect(common.statusCode).toBe(400);
      expect(common.json()).toEqual({ password: ['This password is too common.'] });
      await signIn(t.app, user.email, 'brand-new-pass');
    });

    it('deactivating signs the user out; reactivating lets them sign in again', async () => {
      const user = await fresh();
      const tokens = await signIn(t.app, user.email, SEED_PASSWORD);
      const res = await call(admin.access, 'PUT', `/api/users/users/${user.id}/`, {
        is_active: 'false',
      });
      expect(res.json().is_active).toBe(false);
      expect((await refresh(t, tokens.refresh)).statusCode).toBe(401);
      expect((await profile(t, tokens.access)).statusCode).toBe(401);
      await call(admin.access, 'PUT', `/api/users/users/${user.id}/`, { is_active: true });
      await signIn(t.app, user.email, SEED_PASSWORD);
    });

    it('deletes a user, who is then gone and signed out', async () => {
      const user = await fresh();
      const tokens = await signIn(t.app, user.email, SEED_PASSWORD);
      const res = await call(admin.access, 'DELETE', `/api/users/users/${user.id}/`);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await call(admin.access, 'GET', `/api/users/users/${user.id}/`)).statusCode).toBe(404);
      expect((await refresh(t, tokens.refresh)).statusCode).toBe(401);
      expect((await profile(t, tokens.access)).statusCode).toBe(401);
    });

    it('an admin cannot delete or deactivate their own account', async () => {
      const del = await call(admin.access, 'DELETE', `/api/users/users/${admin.id}/`);
      expect(del.statusCode).toBe(400);
      expect(del.json()).toEqual({ detail: SELF_DELETE });
      const off = await call(admin.access, 'PUT', `/api/users/users/${admin.id}/`, {
        is_active: false,
      });
      expect(off.statusCode).toBe(400);
      expect(off.json()).toEqual({ detail: SELF_DEACTIVATE });
      expect((await profile(t, admin.access)).json()).toMatchObject({ is_active: true, role: 'admin' });
    });
  });

  describe('search for the game setup', () => {
    beforeAll(async () => {
      await seedUsers(t, [
        { email: 'player1@game.test', firstName: 'Hùng', lastName: 'Lý' },
        { email: 'player2@game.test' },
        { email: 'player3@game.test', firstName: 'Hưng', lastName: 'Lý', isActive: false },
        ...Array.from({ length: 55 }, (_, i) => ({ email: `bulk${i}@many.test`, lastName: 'Many' })),
      ]);
    });

    it('finds active users like the list does, with a display name', async () => {
      const res = await call(roles.ndf.access, 'GET', '/api/users/search/?q=ly%20hung');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([{ id: expect.any(Number), display_name: 'Lý Hùng' }]);
      const noName = await call(roles.ndf.access, 'GET', '/api/users/search/?q=player2');
      expect(noName.json()).toEqual([{ id: expect.any(Number), display_name: 'player2@game.test' }]);
      expect((await call(roles.ndf.access, 'GET', '/api/users/search/?q=player3')).json()).toEqual([]);
    });

    it('answers 10 by default and at most 50', async () => {
      const get = async (query: string) =>
        (await call(admin.access, 'GET', `/api/users/search/?q=many${query}`)).json();
      expect(await get('')).toHaveLength(10);
      expect(await get('&limit=3')).toHaveLength(3);
      expect(await get('&limit=500')).toHaveLength(50);
      const bad = await call(admin.access, 'GET', '/api/users/search/?limit=0');
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json())).toEqual(['limit']);
    });
  });
});

describe.each(testDatabases())('the last active administrator (%s)', (kind) => {
  let t: TestApp;
  let access: string;
  let adminId: number;
  const call: ReturnType<typeof caller> = (...args) => caller(t)(...args);

  beforeAll(async () => {
    t = await createTestApp(kind);
    const tokens = await signIn(t.app, ADMIN.email, ADMIN.password);
    access = tokens.access;
    adminId = tokens.user.id as number;
  });
  afterAll(() => t.close());

  it('cannot demote themselves while alone; can once another admin is active', async () => {
    const demote = await call(access, 'PUT', `/api/users/users/${adminId}/`, { role: 'manager' });
    expect(demote.statusCode).toBe(400);
    expect(demote.json()).toEqual({ detail: LAST_ADMIN });
    const [inactiveAdmin] = await seedUsers(t, [
      { email: 'sleeping@admin.test', role: 'admin', isActive: false },
    ]);
    expect((await call(access, 'PUT', `/api/users/users/${adminId}/`, { role: 'manager' })).statusCode).toBe(
      400,
    );
    await call(access, 'PUT', `/api/users/users/${inactiveAdmin}/`, { is_active: true });
    const ok = await call(access, 'PUT', `/api/users/users/${adminId}/`, { role: 'manager' });
    expect(ok.statusCode).toBe(200);
    expect((await call(access, 'GET', '/api/users/users/')).statusCode).toBe(403);
  });

  it('two admins removing each other at once leave one in charge', async () => {
    const [a, b] = await seedUsers(t, [
      { email: 'race-a@admin.test', role: 'admin' },
      { email: 'race-b@admin.test', role: 'admin' },
    ]);
    const ta = await signIn(t.app, 'race-a@admin.test', SEED_PASSWORD);
    const tb = await signIn(t.app, 'race-b@admin.test', SEED_PASSWORD);
    // Leave exactly these two active admins.
    await t.db
      .updateTable('users')
      .set({ is_active: 0 })
      .where('role', '=', 'admin')
      .where('id', 'not in', [a as number, b as number])
      .execute();
    const [one, two] = await Promise.all([
      call(ta.access, 'DELETE', `/api/users/users/${b}/`),
      call(tb.access, 'PUT', `/api/users/users/${a}/`, { is_active: false }),
    ]);
    const statuses = [one.statusCode, two.statusCode];
    expect(await activeAdminIds(t)).toHaveLength(1);
    // Whichever went first won; the other was refused (or, being signed out, not let in).
    expect(statuses.filter((s) => s === 200 || s === 204)).toHaveLength(1);
    expect(statuses.some((s) => s === 400 || s === 401 || s === 404)).toBe(true);
  });
});
