import type { AuditEvent } from '@staff/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_PAGE } from '../../http/pages';
import { ADMIN, bearer, createTestApp, signIn, type TestApp, testDatabases } from '../../test/harness';
import { makeUser, signedInRoles } from '../../test/users';
import { type AuditContext, type AuditEventInput, COMMAND_LINE, recordAuditEvent } from './record';

const URL_PATH = '/api/audit-events/';
/** Old token-reuse events, to have pages to turn: all on 2026-01-10 in Vietnam. */
const BULK = 25;

describe.each(testDatabases())('audit log API (%s)', (kind) => {
  let t: TestApp;
  let adminToken: string;
  let roles: Awaited<ReturnType<typeof signedInRoles>>;
  let admin: AuditContext;
  const ids: Record<string, number> = {};

  /** `token` null sends no Authorization header. */
  const list = async (query = '', token: string | null = adminToken) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${URL_PATH}?${query}`,
      headers: token ? bearer(token) : {},
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
  /** The names of the events a query lists, in the order listed. */
  const names = async (query: string) => {
    const { status, body } = await list(`${query}&page_size=50`);
    expect(status, JSON.stringify(body)).toBe(200);
    const byId = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
    return (body.results as AuditEvent[]).map((e) => byId.get(e.id) ?? `bulk`);
  };
  const record = async (name: string, context: AuditContext, event: AuditEventInput, at: string) => {
    await recordAuditEvent(t.db, context, event, new Date(at));
    const row = await t.db
      .selectFrom('audit_events')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    ids[name] = row.id;
  };
  const allRows = () => t.db.selectFrom('audit_events').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    t = await createTestApp(kind);
    const signedIn = await signIn(t.app, ADMIN.email, ADMIN.password);
    adminToken = signedIn.access;
    roles = await signedInRoles(t, 'audit');
    admin = { actor: { id: signedIn.user.id as number, email: ADMIN.email }, ip: '198.51.100.7' };
    const otherAdmin = { actor: { id: roles.admin.id, email: 'audit-admin@roles.test' }, ip: '198.51.100.8' };
    // Start from a known log: start-up and sign-ins may record events of their own.
    await t.db.deleteFrom('audit_events').execute();

    for (let i = 0; i < BULK; i++) {
      await recordAuditEvent(
        t.db,
        { actor: null, ip: '203.0.113.1' },
        { action: 'auth.token_reuse', target: { type: 'user', id: 900 } },
        new Date(Date.UTC(2026, 0, 10, 3, 0, i)),
      );
    }
    // 23:59:59.999 on 28 February in Vietnam.
    await record(
      'readOther',
      otherAdmin,
      { action: 'diary.read_other', target: { type: 'diary', id: 7 } },
      '2026-02-28T16:59:59.999Z',
    );
    // 00:00 on 1 March in Vietnam.
    await record(
      'throttled',
      { actor: null, ip: '203.0.113.9' },
      { action: 'auth.throttled', detail: { email: 'who@example.com' } },
      '2026-02-28T17:00:00.000Z',
    );
    // 23:59:59.999 on 1 March in Vietnam.
    await record(
      'create',
      admin,
      {
        action: 'user.create',
        target: { type: 'user', id: 5 },
        detail: { email: 'new@example.com', role: 'staff' },
      },
      '2026-03-01T16:59:59.999Z',
    );
    // 00:00 on 2 March in Vietnam.
    await record(
      'update',
      admin,
      { action: 'user.update', target: { type: 'user', id: 5 }, detail: { fields: ['role', 'is_active'] } },
      '2026-03-01T17:00:00.000Z',
    );
    // Two at the same instant: the later id is listed first.
    await record(
      'import',
      admin,
      { action: 'user.import', detail: { created: 12 } },
      '2026-03-05T03:00:00.000Z',
    );
    await record(
      'delete',
      admin,
      { action: 'user.delete', target: { type: 'user', id: 6 } },
      '2026-03-05T03:00:00.000Z',
    );
    await record(
      'passwordSet',
      COMMAND_LINE,
      { action: 'user.password_set', target: { type: 'user', id: 1 } },
      '2026-03-04T01:00:00.000Z',
    );
  });
  afterAll(() => t.close());

  const NEWEST = ['delete', 'import', 'passwordSet', 'update', 'create', 'throttled', 'readOther'];

  it('lists events newest first, ties by id, as a DRF page with detail as an object', async () => {
    const { status, body, headers } = await list('page_size=10');
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('no-store');
    expect(body.count).toBe(BULK + NEWEST.length);
    expect(await names('')).toEqual([...NEWEST, ...Array(BULK).fill('bulk')].slice(0, 50));
    const { actor_name, target_name, ...update } =
      (body.results as AuditEvent[]).find((e) => e.id === ids.update) ?? ({} as AuditEvent);
    expect(actor_name).toBeTypeOf('string');
    expect(target_name === null || typeof target_name === 'string').toBe(true);
    expect(update).toEqual({
      id: ids.update,
      at: '2026-03-01T17:00:00.000Z',
      actor_id: admin.actor?.id,
      actor_email: ADMIN.email,
      action: 'user.update',
      target_type: 'user',
      target_id: '5',
      ip: '198.51.100.7',
      detail: { fields: ['role', 'is_active'] },
    });
    const fromCommandLine = (body.results as AuditEvent[]).find((e) => e.id === ids.passwordSet);
    expect(fromCommandLine).toMatchObject({ actor_id: null, actor_email: null, ip: null, detail: {} });
    const imported = (body.results as AuditEvent[]).find((e) => e.id === ids.import);
    expect(imported).toMatchObject({ target_type: null, target_id: null, detail: { created: 12 } });
  });

  it('names the users an event mentions: full name, else e-mail; a deleted one by its recorded e-mail', async () => {
    const named = await makeUser(t, 'staff', { firstName: 'Hương', lastName: 'Nguyễn' });
    const unnamed = await makeUser(t, 'manager');
    const actor = { actor: { id: named.id, email: named.email }, ip: '198.51.100.20' };
    const at = '2027-01-01T00:00:00.000Z';
    await record(
      'namedUpdate',
      actor,
      {
        action: 'user.update',
        target: { type: 'user', id: unnamed.id },
        detail: { fields: ['is_active'], is_active: { from: true, to: false } },
      },
      at,
    );
    await record(
      'goneDelete',
      actor,
      {
        action: 'user.delete',
        target: { type: 'user', id: 987654 },
        detail: { email: 'gone@example.com' },
      },
      at,
    );
    await record('goneUpdate', actor, { action: 'user.update', target: { type: 'user', id: 987655 } }, at);
    await record('diaryRead', actor, { action: 'diary.read_other', target: { type: 'diary', id: 3 } }, at);
    try {
      const { status, body } = await list(`actor=${named.id}&page_size=50`);
      expect(status).toBe(200);
      const byId = new Map((body.results as AuditEvent[]).map((e) => [e.id, e]));
      expect(byId.get(ids.namedUpdate as number)).toMatchObject({
        actor_name: 'Nguyễn Hương',
        actor_email: named.email,
        target_name: unnamed.email,
      });
      expect(byId.get(ids.goneDelete as number)).toMatchObject({ target_name: 'gone@example.com' });
      expect(byId.get(ids.goneUpdate as number)).toMatchObject({ target_name: null });
      expect(byId.get(ids.diaryRead as number)).toMatchObject({
        target_name: null,
        actor_name: 'Nguyễn Hương',
      });
      // Stranger and command-line events name no one.
      const all = (await list('page_size=50')).body.results as AuditEvent[];
      expect(all.find((e) => e.id === ids.passwordSet)).toMatchObject({ actor_name: null });
    } finally {
      await t.db
        .deleteFrom('audit_events')
        .where('id', 'in', [ids.namedUpdate, ids.goneDelete, ids.goneUpdate, ids.diaryRead] as number[])
        .execute();
      for (const name of ['namedUpdate', 'goneDelete', 'goneUpdate', 'diaryRead']) delete ids[name];
    }
  });

  it('filters by action, actor, target type and target id, alone and together', async () => {
    expect(await names('action=user.update')).toEqual(['update']);
    expect(await names('action=auth.throttled')).toEqual(['throttled']);
    expect((await list('action=auth.token_reuse')).body.count).toBe(BULK);
    expect(await names(`actor=${admin.actor?.id}`)).toEqual(['delete', 'import', 'update', 'create']);
    expect(await names(`actor=${roles.admin.id}`)).toEqual(['readOther']);
    expect(await names('target_type=diary')).toEqual(['readOther']);
    expect(await names('target_type=user&target_id=5')).toEqual(['update', 'create']);
    expect(await names('target_id=6')).toEqual(['delete']);
    expect(await names(`target_type=user&target_id=5&actor=${admin.actor?.id}&action=user.create`)).toEqual([
      'create',
    ]);
    expect(await names('action=user.delete&target_id=5')).toEqual([]);
    expect(await names('actor=424242')).toEqual([]);
    // A filter left empty is no filter, as the screen sends it.
    expect((await list('action=&actor=&target_type=&target_id=&from=&to=')).body.count).toBe(BULK + 7);
  });

  it('takes from and to as inclusive calendar days in Vietnam (UTC+7)', async () => {
    // 1 March in Vietnam is 2026-02-28T17:00Z up to, not including, 2026-03-01T17:00Z.
    expect(await names('from=2026-03-01&to=2026-03-01')).toEqual(['create', 'throttled']);
    expect(await names('from=2026-02-28&to=2026-02-28')).toEqual(['readOther']);
    expect(await names('from=2026-03-02&to=2026-03-02')).toEqual(['update']);
    expect(await names('from=2026-03-02')).toEqual(['delete', 'import', 'passwordSet', 'update']);
    expect(await names('to=2026-02-28')).toEqual(['readOther', ...Array(BULK).fill('bulk')]);
    expect(await names('from=2026-02-28&to=2026-03-01&action=user.create')).toEqual(['create']);
    expect((await list('from=2026-01-10&to=2026-01-10')).body.count).toBe(BULK);
    expect((await list('from=2026-01-11&to=2026-02-27')).body).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    // The calendar's ends are answered, not failed on.
    expect((await list('from=0100-01-01&to=9999-12-31')).body.count).toBe(BULK + 7);
  });

  it('pages with next and previous links that keep the filters; past the end is 404', async () => {
    const first = await list('action=auth.token_reuse&page_size=10');
    expect(first.body.count).toBe(BULK);
    expect(first.body.results).toHaveLength(10);
    expect(first.body.previous).toBeNull();
    const next = new URL(first.body.next, 'http://relative.invalid');
    expect(next.pathname).toBe(URL_PATH);
    expect(Object.fromEntries(next.searchParams)).toEqual({
      action: 'auth.token_reuse',
      page_size: '10',
      page: '2',
    });
    const third = await list('action=auth.token_reuse&page_size=10&page=3');
    expect(third.body.results).toHaveLength(5);
    expect(third.body.next).toBeNull();
    expect(new URL(third.body.previous, 'http://relative.invalid').searchParams.get('page')).toBe('2');
    // The pages are consecutive slices of one order: nothing repeated, nothing skipped.
    const pages = await Promise.all(
      [1, 2, 3].map((p) => list(`action=auth.token_reuse&page_size=10&page=${p}`)),
    );
    const seen = pages.flatMap((p) => (p.body.results as AuditEvent[]).map((e) => e.id));
    expect(new Set(seen).size).toBe(BULK);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(await list('action=auth.token_reuse&page_size=10&page=4')).toMatchObject({
      status: 404,
      body: { detail: INVALID_PAGE },
    });
    expect((await list('page_size=20')).body.results).toHaveLength(20);
    expect((await list('')).body.results).toHaveLength(20); // the default page size
    expect((await list('action=user.delete&target_id=5')).status).toBe(200); // page 1 of nothing
  });

  it('answers 400 with field errors for invalid filters', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['action=user.hack', { action: ['"user.hack" is not a valid choice.'] }],
      ['actor=abc', { actor: ['A valid integer is required.'] }],
      ['actor=0', { actor: ['A valid integer is required.'] }],
      ['actor=99999999999', { actor: ['A valid integer is required.'] }],
      ['target_type=session', { target_type: ['"session" is not a valid choice.'] }],
      [`target_id=${'x'.repeat(65)}`, { target_id: ['Ensure this field has no more than 64 characters.'] }],
      ['from=2026-02-30', { from: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] }],
      ['to=01/03/2026', { to: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] }],
      ['from=2026-03-02&to=2026-03-01', { to: ['The end date must be on or after the start date.'] }],
      ['page=0', { page: ['Ensure this value is greater than or equal to 1.'] }],
      ['page_size=15', { page_size: ['Choose a page size of 10, 20, 50.'] }],
    ];
    // PostgreSQL cannot take a NUL in text, and neither database an offset past 64 bits: both are
    // answered, never failed on.
    const nul = await list('target_id=a%00b');
    expect(nul.status).toBe(400);
    expect(Object.keys(nul.body)).toEqual(['target_id']);
    for (const page of ['99999999999999999999', '9007199254740993']) {
      const res = await list(`page=${page}`);
      expect(res.status, page).toBe(400);
      expect(Object.keys(res.body)).toEqual(['page']);
    }
    for (const [query, errors] of cases) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toEqual(errors);
    }
  });

  it('is for administrators only: no token 401, other roles 403, before the query is validated', async () => {
    for (const query of ['', 'action=user.hack&page=0']) {
      const stranger = await list(query, null);
      expect(stranger.status).toBe(401);
      expect(stranger.body).toHaveProperty('detail');
      expect((await list(query, 'not-a-token')).status).toBe(401);
      for (const role of ['manager', 'staff', 'ndf'] as const) {
        const res = await list(query, roles[role].access);
        expect(res.status, role).toBe(403);
        expect(res.body).toMatchObject({ detail: 'You do not have permission to perform this action.' });
      }
    }
    expect((await list('', roles.admin.access)).status).toBe(200);
  });

  it('offers no way to change or add an event', async () => {
    const before = await allRows();
    const attempts = [
      ['POST', URL_PATH],
      ['PUT', URL_PATH],
      ['PATCH', URL_PATH],
      ['DELETE', URL_PATH],
      ['GET', `${URL_PATH}${ids.update}/`],
      ['PUT', `${URL_PATH}${ids.update}/`],
      ['PATCH', `${URL_PATH}${ids.update}/`],
      ['DELETE', `${URL_PATH}${ids.update}/`],
      ['POST', `${URL_PATH}${ids.update}/`],
    ] as const;
    for (const [method, url] of attempts) {
      const res = await t.app.inject({
        method,
        url,
        headers: bearer(adminToken),
        ...(method === 'DELETE' || method === 'GET'
          ? {}
          : { payload: { action: 'user.create', detail: {} } }),
      });
      expect([404, 405], `${method} ${url}`).toContain(res.statusCode);
    }
    expect(await allRows()).toEqual(before);
    // The published API agrees: one operation, a read, with the filters documented.
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operations = Object.entries(doc.paths).filter(([path]) => path.startsWith(URL_PATH));
    expect(operations.map(([path, ops]) => [path, Object.keys(ops as object)])).toEqual([
      [URL_PATH, ['get']],
    ]);
    const documented = doc.paths[URL_PATH].get.parameters.map((p: { name: string }) => p.name);
    expect(documented).toEqual(
      expect.arrayContaining([
        'action',
        'actor',
        'target_type',
        'target_id',
        'from',
        'to',
        'page',
        'page_size',
      ]),
    );
  });
});
