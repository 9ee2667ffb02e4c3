// The administrator's user edit under concurrency (one transaction, ETag and If-Match) and the
// audit events of user administration, on SQLite and PostgreSQL.
import type { AuditAction } from '@staff/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createTestApp, signIn, type TestApp, testDatabases } from '../../test/harness';
import { seedUsers, sendForm } from '../../test/users';
import { DUPLICATE_EMAIL, LAST_ADMIN, USER_CHANGED_SINCE_READ } from './service';
import { activeAdminIds, workbook, workbookField } from './test-fixtures';

describe.each(testDatabases())('user edits and their audit events (%s)', (kind) => {
  let t: TestApp;
  let admin: { id: number; access: string };
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const tokens = await signIn(t.app, ADMIN.email, ADMIN.password);
    admin = { id: tokens.user.id as number, access: tokens.access };
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('audit_events').execute();
  });

  const fresh = async (extra: Partial<Parameters<typeof seedUsers>[1][number]> = {}) => {
    const email = `edited${++n}@edits.test`;
    const [id] = await seedUsers(t, [{ email, ...extra }]);
    return { id: id as number, email };
  };
  const read = (id: number) =>
    t.app.inject({ method: 'GET', url: `/api/users/users/${id}/`, headers: bearer(admin.access) });
  const edit = (id: number, payload: object, ifMatch?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/users/users/${id}/`,
      headers: { ...bearer(admin.access), ...(ifMatch !== undefined ? { 'if-match': ifMatch } : {}) },
      payload,
    });
  const stored = (id: number) =>
    t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const events = async (action?: AuditAction) => {
    let q = t.db.selectFrom('audit_events').selectAll().orderBy('id');
    if (action) q = q.where('action', '=', action);
    return (await q.execute()).map((e) => ({ ...e, detail: JSON.parse(e.detail) as unknown }));
  };

  describe('ETag and If-Match', () => {
    it('a read carries a strong ETag that does not depend on the Host it was asked through', async () => {
      const user = await fresh();
      const first = await read(user.id);
      const other = await t.app.inject({
        method: 'GET',
        url: `/api/users/users/${user.id}/`,
        headers: { ...bearer(admin.access), host: 'elsewhere.example' },
      });
      expect(first.statusCode).toBe(200);
      expect(first.headers.etag).toMatch(/^"[^"]+"$/);
      expect(other.headers.etag).toBe(first.headers.etag);
    });

    it('the OpenAPI document describes If-Match and 412 on both edits', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      for (const op of [
        doc.paths['/api/users/users/{id}/'].put,
        doc.paths['/api/diaries/entries/{id}/'].patch,
      ]) {
        expect(op.parameters).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ in: 'header', name: 'if-match', required: false }),
          ]),
        );
        expect(Object.keys(op.responses)).toContain('412');
      }
    });

    it('a stale If-Match answers 412 and changes nothing', async () => {
      const user = await fresh({ firstName: 'Before' });
      const etag = (await read(user.id)).headers.etag as string;
      expect((await edit(user.id, { phone: '0900 000 001' })).statusCode).toBe(200);
      const before = await stored(user.id);

      const res = await edit(user.id, { first_name: 'Stale', role: 'manager' }, etag);
      expect(res.statusCode).toBe(412);
      expect(res.json()).toEqual({ detail: USER_CHANGED_SINCE_READ, code: 'precondition_failed' });
      expect(await stored(user.id)).toEqual(before);
      expect(await events('user.update')).toHaveLength(1); // the phone edit only
    });

    it('a fresh If-Match saves and answers the new ETag, which the next read repeats', async () => {
      const user = await fresh();
      const etag = (await read(user.id)).headers.etag as string;
      const res = await edit(user.id, { first_name: 'Fresh' }, etag);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ first_name: 'Fresh' });
      expect(res.headers.etag).not.toBe(etag);
      expect((await read(user.id)).headers.etag).toBe(res.headers.etag);
      // The old tag is now stale; the new one in a list of candidates matches, a weak one never.
      expect((await edit(user.id, { last_name: 'X' }, etag)).statusCode).toBe(412);
      expect((await edit(user.id, { last_name: 'X' }, `W/${res.headers.etag}`)).statusCode).toBe(412);
      expect((await edit(user.id, { last_name: 'Y' }, `"other", ${res.headers.etag}`)).statusCode).toBe(200);
    });

    it('If-Match: * matches any existing user, and a missing user is still 404', async () => {
      const user = await fresh();
      await edit(user.id, { phone: '1' });
      expect((await edit(user.id, { phone: '2' }, '*')).statusCode).toBe(200);
      expect((await edit(2_000_000, { phone: '2' }, '*')).statusCode).toBe(404);
    });

    it('of two edits at once with the same If-Match, exactly one lands and the other gets 412', async () => {
      const user = await fresh({ firstName: 'A', lastName: 'B' });
      const etag = (await read(user.id)).headers.etag as string;
      const [one, two] = await Promise.all([
        edit(user.id, { first_name: 'First' }, etag),
        edit(user.id, { last_name: 'Second' }, etag),
      ]);
      expect([one.statusCode, two.statusCode].sort()).toEqual([200, 412]);
      const row = await stored(user.id);
      const winner = one.statusCode === 200 ? 'first' : 'second';
      expect([row.first_name, row.last_name]).toEqual(winner === 'first' ? ['First', 'B'] : ['A', 'Second']);
      expect(await events('user.update')).toHaveLength(1);
    });

    it('edits at once without If-Match all land, each field kept', async () => {
      const user = await fresh();
      const results = await Promise.all([
        edit(user.id, { first_name: 'Given' }),
        edit(user.id, { middle_name: 'Middle' }),
        edit(user.id, { last_name: 'Family' }),
        edit(user.id, { phone: '0911 222 333' }),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const row = await stored(user.id);
      expect([row.first_name, row.middle_name, row.last_name, row.phone]).toEqual([
        'Given',
        'Middle',
        'Family',
        '0911 222 333',
      ]);
      // The search text was recomputed from all four, not from one edit's view of the row.
      expect(row.search).toContain('given');
      expect(row.search).toContain('family');
      expect(row.search).toContain('0911');
    });

    it('two edits at once taking the same e-mail: one lands, the other gets the field error', async () => {
      const [a, b] = [await fresh(), await fresh()];
      const email = `wanted${n}@edits.test`;
      const results = await Promise.all([edit(a.id, { email }), edit(b.id, { email })]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const refused = results.find((r) => r.statusCode === 400);
      expect(refused?.json()).toEqual({ email: [DUPLICATE_EMAIL] });
      expect(await events('user.update')).toHaveLength(1);
    });
  });

  describe('audit events', () => {
    const context = () => ({ actor_id: admin.id, actor_email: ADMIN.email, ip: '127.0.0.1' });

    it('user.create names the new user, its e-mail and role', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/users/',
        headers: bearer(admin.access),
        payload: { email: 'Created@Edits.Test', password: 'password-123', role: 'manager' },
      });
      expect(res.statusCode).toBe(201);
      expect(await events()).toEqual([
        expect.objectContaining({
          ...context(),
          action: 'user.create',
          target_type: 'user',
          target_id: String(res.json().id),
          detail: { email: 'created@edits.test', role: 'manager' },
        }),
      ]);
    });

    it('user.update lists only the fields that changed, with role and active from and to', async () => {
      const user = await fresh({ firstName: 'Same', role: 'staff' });
      const res = await edit(user.id, {
        first_name: 'Same',
        phone: '0123',
        role: 'manager',
        is_active: false,
      });
      expect(res.statusCode).toBe(200);
      const [event, ...more] = await events();
      expect(more).toEqual([]);
      expect(event).toMatchObject({
        ...context(),
        action: 'user.update',
        target_type: 'user',
        target_id: String(user.id),
        detail: {
          fields: ['phone', 'role', 'is_active'],
          role: { from: 'staff', to: 'manager' },
          is_active: { from: true, to: false },
        },
      });
      expect(new Date(event?.at as string | Date).toISOString()).toBe(t.clock.now().toISOString());
    });

    it('a password set in the form is user.password_set, beside user.update only when more changed', async () => {
      const user = await fresh();
      expect((await edit(user.id, { password: 'brand-new-pass-1' })).statusCode).toBe(200);
      expect((await events()).map((e) => [e.action, e.detail])).toEqual([['user.password_set', {}]]);
      expect(JSON.stringify(await events())).not.toContain('brand-new-pass-1');

      await t.db.deleteFrom('audit_events').execute();
      expect((await edit(user.id, { password: 'another-pass-22', last_name: 'L' })).statusCode).toBe(200);
      expect((await events()).map((e) => [e.action, e.detail])).toEqual([
        ['user.update', { fields: ['last_name'] }],
        ['user.password_set', {}],
      ]);
      await signIn(t.app, user.email, 'another-pass-22');
    });

    it('a save that changes nothing records nothing', async () => {
      const user = await fresh({ firstName: 'Kept' });
      expect((await edit(user.id, { first_name: 'Kept', email: user.email.toUpperCase() })).statusCode).toBe(
        200,
      );
      expect(await events()).toEqual([]);
    });

    it('user.delete keeps the deleted e-mail', async () => {
      const user = await fresh();
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/users/users/${user.id}/`,
        headers: bearer(admin.access),
      });
      expect(res.statusCode).toBe(204);
      expect(await events()).toEqual([
        expect.objectContaining({
          ...context(),
          action: 'user.delete',
          target_type: 'user',
          target_id: String(user.id),
          detail: { email: user.email },
        }),
      ]);
    });

    it('user.import counts the users created, with no target', async () => {
      const file = await workbook([
        ['email', 'password'],
        ['imported1@edits.test', 'password-123'],
        ['imported2@edits.test', 'password-123'],
      ]);
      const res = await sendForm(t, admin.access, 'POST', '/api/users/users/import/', workbookField(file));
      expect(res.statusCode, res.body).toBe(201);
      expect(await events()).toEqual([
        expect.objectContaining({
          ...context(),
          action: 'user.import',
          target_type: null,
          target_id: null,
          detail: { created: 2 },
        }),
      ]);
    });

    it('the command line set-password records user.password_set with no actor', async () => {
      const user = await fresh();
      await t.app.accounts.setPassword(user.email, 'command-line-pass-1');
      expect(await events()).toEqual([
        expect.objectContaining({
          actor_id: null,
          actor_email: null,
          ip: null,
          action: 'user.password_set',
          target_type: 'user',
          target_id: String(user.id),
          detail: {},
        }),
      ]);
      await signIn(t.app, user.email, 'command-line-pass-1');
    });

    it('refused changes leave no event: duplicate e-mail, last admin, stale If-Match', async () => {
      const [a, b] = [await fresh(), await fresh()];
      const dup = await t.app.inject({
        method: 'POST',
        url: '/api/users/users/',
        headers: bearer(admin.access),
        payload: { email: a.email, password: 'password-123' },
      });
      expect(dup.statusCode).toBe(400);
      expect((await edit(b.id, { email: a.email, first_name: 'Z' })).statusCode).toBe(400);

      // The harness's admin is the only active admin: demoting them is refused.
      expect(await activeAdminIds(t)).toEqual([admin.id]);
      const demote = await edit(admin.id, { role: 'staff' });
      expect(demote.json()).toEqual({ detail: LAST_ADMIN });

      const etag = (await read(b.id)).headers.etag as string;
      await t.db.updateTable('users').set({ phone: 'changed behind' }).where('id', '=', b.id).execute();
      expect((await edit(b.id, { first_name: 'Stale' }, etag)).statusCode).toBe(412);
      expect(await events()).toEqual([]);
    });

    it('an event and its change commit together: a failing audit write undoes the change', async () => {
      const user = await fresh({ firstName: 'Untouched' });
      // With the audit table out of the way the event's insert fails inside the edit's transaction.
      await t.db.schema.alterTable('audit_events').renameTo('audit_events_away').execute();
      try {
        const res = await edit(user.id, { first_name: 'Changed' });
        expect(res.statusCode).toBe(500);
        expect((await stored(user.id)).first_name).toBe('Untouched');
      } finally {
        await t.db.schema.alterTable('audit_events_away').renameTo('audit_events').execute();
      }
      expect((await edit(user.id, { first_name: 'Changed' })).statusCode).toBe(200);
      expect((await stored(user.id)).first_name).toBe('Changed');
      expect(await events('user.update')).toHaveLength(1);
    });
  });
});
