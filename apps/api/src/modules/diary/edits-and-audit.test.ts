// The diary entry edit under concurrency (one transaction, ETag and If-Match) and the audit event
// of an administrator reading another user's diary, on SQLite and PostgreSQL.
import type { Entry } from '@staff/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness';
import { caller, makeUser, type TestUser } from '../../test/users';
import { ENTRY_CHANGED_SINCE_READ } from './service';
import { diaryOf } from './test-fixtures';

describe.each(testDatabases())('diary entry edits and reads of other diaries (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: TestUser;
  let owner: TestUser;
  let mine: Awaited<ReturnType<typeof diaryOf>>;
  let work: number;
  let study: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    call = caller(t);
    [admin, owner] = await Promise.all([makeUser(t, 'admin'), makeUser(t)]);
    mine = await diaryOf(t, owner);
    work = (await mine.category('Work', 'essential')).id;
    study = (await mine.category('Study', 'education')).id;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('audit_events').execute();
  });

  const url = (id: number) => `/api/diaries/entries/${id}/`;
  const read = (id: number, user = owner) => call(user, 'GET', url(id));
  const edit = (id: number, payload: object, ifMatch?: string) =>
    t.app.inject({
      method: 'PATCH',
      url: url(id),
      headers: { ...owner.headers, ...(ifMatch !== undefined ? { 'if-match': ifMatch } : {}) },
      payload,
    });
  const events = async () =>
    (await t.db.selectFrom('audit_events').selectAll().orderBy('id').execute()).map((e) => ({
      ...e,
      detail: JSON.parse(e.detail) as unknown,
    }));
  const weekTotal = async () => {
    const row = await t.db
      .selectFrom('diary_week_totals')
      .select((eb) => eb.fn.sum<number>('ms').as('ms'))
      .where('user_id', '=', owner.id)
      .executeTakeFirst();
    return Number(row?.ms ?? 0);
  };

  describe('ETag and If-Match', () => {
    it('a read carries a strong ETag; the edit answers the new one, which the next read repeats', async () => {
      const entry = await mine.entry({ category: [work] });
      const first = await read(entry.id);
      expect(first.headers.etag).toMatch(/^"[^"]+"$/);
      const res = await edit(entry.id, { note: 'Changed' }, first.headers.etag as string);
      expect(res.statusCode).toBe(200);
      expect((res.json() as Entry).note).toBe('Changed');
      expect(res.headers.etag).not.toBe(first.headers.etag);
      expect((await read(entry.id)).headers.etag).toBe(res.headers.etag);
    });

    it('the ETag follows the stored entry, not what is derived from other rows', async () => {
      const entry = await mine.entry({ start_date: '2031-03-01', end_date: '2031-03-01', category: [work] });
      const before = (await read(entry.id)).headers.etag;
      // An overlapping entry flips this one's `overlaps` flag, but this entry is unchanged.
      await mine.entry({ start_date: '2031-03-01', end_date: '2031-03-01', category: [work] });
      const after = await read(entry.id);
      expect((after.json() as Entry).overlaps).toBe(true);
      expect(after.headers.etag).toBe(before);
    });

    it('a stale If-Match answers 412 and changes nothing, the week totals included', async () => {
      const entry = await mine.entry({ category: [work] });
      const etag = (await read(entry.id)).headers.etag as string;
      expect((await edit(entry.id, { category: [work, study] })).statusCode).toBe(200);
      const stored = (await read(entry.id)).json();
      const total = await weekTotal();

      const res = await edit(entry.id, { title: 'Stale', end_time: '11:00', category: [study] }, etag);
      expect(res.statusCode).toBe(412);
      expect(res.json()).toEqual({ detail: ENTRY_CHANGED_SINCE_READ, code: 'precondition_failed' });
      expect((await read(entry.id)).json()).toEqual(stored);
      expect(await weekTotal()).toBe(total);
    });

    it('a category change alone makes the old ETag stale', async () => {
      const entry = await mine.entry({ category: [work] });
      const etag = (await read(entry.id)).headers.etag as string;
      expect((await edit(entry.id, { category: [study] })).statusCode).toBe(200);
      expect((await edit(entry.id, { note: 'x' }, etag)).statusCode).toBe(412);
    });

    it('If-Match: * matches an existing entry; a missing entry is 404 and another user’s stays 404', async () => {
      const entry = await mine.entry({ category: [work] });
      expect((await edit(entry.id, { note: 'star' }, '*')).statusCode).toBe(200);
      expect((await edit(9_999_999, { note: 'star' }, '*')).statusCode).toBe(404);
      const stranger = await makeUser(t);
      const theirs = await diaryOf(t, stranger);
      const foreign = await theirs.entry({ category: [(await theirs.category('Theirs', null)).id] });
      const res = await edit(foreign.id, { note: 'mine now' }, '*');
      expect(res.statusCode).toBe(404);
    });

    it('of two edits at once with the same If-Match, exactly one lands and the other gets 412', async () => {
      const entry = await mine.entry({ title: 'Original', place: 'Office', category: [work] });
      const etag = (await read(entry.id)).headers.etag as string;
      const [one, two] = await Promise.all([
        edit(entry.id, { title: 'By the first' }, etag),
        edit(entry.id, { place: 'By the second' }, etag),
      ]);
      expect([one.statusCode, two.statusCode].sort()).toEqual([200, 412]);
      const now = (await read(entry.id)).json() as Entry;
      expect([now.title, now.place]).toEqual(
        one.statusCode === 200 ? ['By the first', 'Office'] : ['Original', 'By the second'],
      );
    });

    it('edits at once without If-Match all land: no field of one is lost to the other', async () => {
      const entry = await mine.entry({ category: [work] });
      const results = await Promise.all([
        edit(entry.id, { title: 'New title' }),
        edit(entry.id, { place: 'New place' }),
        edit(entry.id, { note: 'New note' }),
        edit(entry.id, { feedback: 'New feedback' }),
        edit(entry.id, { category: [study] }),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect((await read(entry.id)).json()).toMatchObject({
        title: 'New title',
        place: 'New place',
        note: 'New note',
        feedback: 'New feedback',
        category: [{ id: study, title: 'Study' }],
      });
    });
  });

  describe('an administrator reading another user’s diary', () => {
    const actor = () => ({ actor_id: admin.id, actor_email: admin.email, ip: '127.0.0.1' });

    it('records diary.read_other for each read: diary, categories, entries, one entry', async () => {
      const entry = await mine.entry({ category: [work] });
      const reads = [
        `/api/diaries/diaries/?user=${owner.id}`,
        `/api/diaries/categories/?user=${owner.id}`,
        `/api/diaries/${mine.diaryId}/entries/`,
        url(entry.id),
      ];
      for (const path of reads) expect((await call(admin, 'GET', path)).statusCode).toBe(200);
      expect(await events()).toEqual([
        expect.objectContaining({
          ...actor(),
          action: 'diary.read_other',
          target_type: 'user',
          target_id: String(owner.id),
          detail: { read: 'diary' },
        }),
        expect.objectContaining({
          ...actor(),
          action: 'diary.read_other',
          target_type: 'user',
          target_id: String(owner.id),
          detail: { read: 'categories' },
        }),
        expect.objectContaining({
          ...actor(),
          action: 'diary.read_other',
          target_type: 'diary',
          target_id: String(mine.diaryId),
          detail: { read: 'entries' },
        }),
        expect.objectContaining({
          ...actor(),
          action: 'diary.read_other',
          target_type: 'diary',
          target_id: String(mine.diaryId),
          detail: { read: 'entry' },
        }),
      ]);
    });

    it('records nothing when the admin reads their own diary, or anyone reads their own', async () => {
      const own = await diaryOf(t, admin);
      const mineToo = await own.category('Admin work', 'essential');
      const entry = await own.entry({ category: [mineToo.id] });
      for (const path of [
        `/api/diaries/diaries/?user=${admin.id}`,
        '/api/diaries/categories/',
        `/api/diaries/${own.diaryId}/entries/`,
        url(entry.id),
      ]) {
        expect((await call(admin, 'GET', path)).statusCode).toBe(200);
      }
      expect((await call(owner, 'GET', `/api/diaries/${mine.diaryId}/entries/`)).statusCode).toBe(200);
      expect(await events()).toEqual([]);
    });

    it('records nothing for a read that is refused or finds nothing', async () => {
      const stranger = await makeUser(t);
      expect((await call(stranger, 'GET', `/api/diaries/categories/?user=${owner.id}`)).statusCode).toBe(404);
      expect((await call(stranger, 'GET', `/api/diaries/${mine.diaryId}/entries/`)).statusCode).toBe(404);
      expect((await call(admin, 'GET', '/api/diaries/diaries/?user=2000000')).statusCode).toBe(404);
      expect(await events()).toEqual([]);
    });

    it('answers nothing when the read could not be recorded', async () => {
      await t.db.schema.alterTable('audit_events').renameTo('audit_events_away').execute();
      try {
        const res = await call(admin, 'GET', `/api/diaries/categories/?user=${owner.id}`);
        expect(res.statusCode).toBe(500);
        expect(res.body).not.toContain('Work');
      } finally {
        await t.db.schema.alterTable('audit_events_away').renameTo('audit_events').execute();
      }
    });
  });
});
