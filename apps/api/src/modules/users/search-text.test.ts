// The search text is derived data (DESIGN: "Derived data is never the truth"): every way a user
// row is written, by this module or by accounts through it, must leave `search` equal to a
// recomputation from the row. So must the trigram index over it (migration 0013: SQLite's
// `users_fts`, kept by triggers; PostgreSQL's GIN index), and a search through the index must
// answer what a plain LIKE over every row answers. Run on SQLite and PostgreSQL.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/index';
import { ADMIN, createTestApp, IMAGES, signIn, type TestApp, testDatabases } from '../../test/harness';
import { caller, makeUser, seedUsers, sendForm, TEST_PASSWORD } from '../../test/users';
import { createUsersRepo, ftsQuery, type UsersRepo, userSearchText } from './repo';
import { searchWords } from './service';
import { workbook, workbookField } from './test-fixtures';

describe.each(testDatabases())('the search text after every writer of users (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await signIn(t.app, ADMIN.email, ADMIN.password)).access;
    call = caller(t);
  });
  afterAll(() => t.close());

  const rows = () =>
    t.db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'middle_name', 'last_name', 'phone', 'search'])
      .orderBy('id')
      .execute();
  const searchOf = async (email: string) => (await rows()).find((r) => r.email === email)?.search;

  it('matches a recomputation from the row, whoever wrote it', async () => {
    // accounts' createUser (the command line, the first administrator, the test kit's makeUser).
    const made = await makeUser(t, 'staff', { firstName: 'Hạnh', lastName: 'Nguyễn' });
    // A bulk insert (the test kit's seed, the import's path through the same repo).
    const [seeded] = await seedUsers(t, [
      { email: 'seeded@search.test', firstName: 'Đức', lastName: 'Trần', phone: '0912 345 678' },
    ]);

    // The administrator's form: create, then edit the searched fields and the e-mail.
    const created = await call(admin, 'POST', '/api/users/users/', {
      email: 'Created@Search.Test',
      password: 'password-123',
      first_name: 'Lan',
      last_name: 'Phạm',
      phone: '+84 90 111 2222',
    });
    expect(created.statusCode, created.body).toBe(201);
    const createdId = created.json().id as number;
    const edited = await call(admin, 'PUT', `/api/users/users/${createdId}/`, {
      email: 'Renamed@Search.Test',
      middle_name: 'Thị',
      phone: '024 3333 4444',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // Concurrent edits of different searched fields, each without If-Match.
    const racing = await Promise.all([
      call(admin, 'PUT', `/api/users/users/${seeded}/`, { first_name: 'Minh' }),
      call(admin, 'PUT', `/api/users/users/${seeded}/`, { last_name: 'Võ' }),
      call(admin, 'PUT', `/api/users/users/${seeded}/`, { phone: '0987 654 321' }),
    ]);
    expect(racing.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    // A new password and a deactivation from the form (no searched field changes).
    expect(
      (
        await call(admin, 'PUT', `/api/users/users/${seeded}/`, {
          password: 'another-pass-77',
          is_active: false,
        })
      ).statusCode,
    ).toBe(200);

    // The import.
    const file = await workbook([
      ['email', 'password', 'last_name', 'phone'],
      ['imported@search.test', 'password-123', 'Đặng', '0909 000 111'],
    ]);
    const imported = await sendForm(t, admin, 'POST', '/api/users/users/import/', workbookField(file));
    expect(imported.statusCode, imported.body).toBe(201);

    // The user's own profile: the searched fields, then only the avatar and gender.
    const profile = await call(made, 'PUT', '/api/users/profile/', {
      middle_name: 'Ngọc',
      phone: '0911 222 333',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const avatarSaved = await sendForm(t, made, 'PUT', '/api/users/profile/', {
      gender: 'F',
      avatar: { file: IMAGES.png, name: 'a.png', type: 'image/png' },
    });
    expect(avatarSaved.statusCode, avatarSaved.body).toBe(200);
    // The command line's middle name (manage.ts create-user) and password.
    const cli = await t.app.accounts.createUser({
      email: 'cli@search.test',
      password: 'cli-pass-123',
      role: 'ndf',
    });
    const cliUser = await t.app.accounts.getUser(cli.id);
    if (!cliUser) throw new Error('the command line user is missing');
    await t.app.accounts.updateProfile(cliUser, { middle_name: 'Quốc' });
    await t.app.accounts.setPassword('cli@search.test', 'cli-pass-456');

    // Sign-in (last login) and the user's own password change.
    await signIn(t.app, made.email, TEST_PASSWORD);
    const changed = await call(made, 'PUT', '/api/users/change-password/', {
      old_password: TEST_PASSWORD,
      new_password: 'changed-pass-88',
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const all = await rows();
    // The initial admin, the made, seeded, created, imported and command-line users.
    expect(all.length).toBe(6);
    for (const row of all)
      expect({ id: row.id, search: row.search }).toEqual({ id: row.id, search: userSearchText(row) });

    // And the recomputation is not trivially empty: folded names, the phone as typed and as digits.
    expect(await searchOf(made.email)).toEqual(
      expect.stringContaining('nguyen ngoc hanh 0911 222 333 0911222333'),
    );
    expect(await searchOf('seeded@search.test')).toEqual(
      expect.stringContaining('vo minh 0987 654 321 0987654321'),
    );
    expect(await searchOf('renamed@search.test')).toEqual(expect.stringContaining('pham thi lan'));
    expect(await searchOf('imported@search.test')).toEqual(expect.stringContaining('dang 0909 000 111'));
    expect(await searchOf('cli@search.test')).toEqual(expect.stringContaining('quoc'));
  });

  it('keeps the trigram index equal to the rows, and a search through it answers as a LIKE scan', async () => {
    // The benchmarks' bulk loader writes the table straight, as the load generator does.
    const generator = path.resolve(
      path.dirname(fileURLToPath(import.meta.url)),
      '../../../../../bench/generators/users.mjs',
    );
    const { insertCrowd } = (await import(generator)) as {
      insertCrowd: (db: Db, options: Record<string, unknown>) => Promise<void>;
    };
    let seed = 17;
    await insertCrowd(t.db, {
      random: () => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed / 2 ** 31;
      },
      count: 60,
      passwordHash: 'not-a-hash',
      nowIso: new Date().toISOString(),
    });
    // Characters that mean something to LIKE or to an FTS5 query, stored as typed.
    const [odd] = await seedUsers(t, [
      { email: 'odd_100%@search.test', firstName: 'X_y', lastName: 'Lê "Ba"!', phone: '(028) 100%' },
    ]);
    // An edit of a searched field, then deletions, through the API.
    const doomed = await seedUsers(t, [
      { email: 'gone-1@search.test', lastName: 'Quách' },
      { email: 'gone-2@search.test', lastName: 'Quách' },
    ]);
    expect((await call(admin, 'PUT', `/api/users/users/${odd}/`, { middle_name: 'Đoàn' })).statusCode).toBe(
      200,
    );
    for (const id of doomed)
      expect((await call(admin, 'DELETE', `/api/users/users/${id}/`)).statusCode).toBe(204);

    const all = await t.db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'middle_name', 'last_name', 'phone', 'search', 'is_active'])
      .orderBy('id')
      .execute();
    expect(all.length).toBeGreaterThan(60);
    for (const row of all)
      expect({ id: row.id, search: row.search }).toEqual({ id: row.id, search: userSearchText(row) });

    if (kind === 'sqlite') {
      // FTS5's own check of an external-content index against its table (rank 1)...
      await sql`insert into users_fts (users_fts, rank) values ('integrity-check', 1)`.execute(t.db);
      // ...and the index read term by term, against the trigrams recomputed from each row's text.
      await sql`create virtual table if not exists temp.users_fts_terms using fts5vocab(main, users_fts, instance)`.execute(
        t.db,
      );
      const indexed = await sql<{ term: string; doc: number; offset: number }>`
        select term, doc, "offset" from temp.users_fts_terms order by doc, "offset"
      `.execute(t.db);
      const recomputed = all.flatMap((row) => {
        const chars = [...row.search];
        return chars.slice(0, Math.max(0, chars.length - 2)).map((_, i) => ({
          term: chars.slice(i, i + 3).join(''),
          doc: row.id,
          offset: i,
        }));
      });
      expect(indexed.rows.map((r) => ({ ...r, doc: Number(r.doc), offset: Number(r.offset) }))).toEqual(
        recomputed,
      );
    }

    // What each query must find: every word a substring of the folded text (short words too).
    const texts = all.map((r) => r.search);
    const sample = (i: number, from: number, length: number) => {
      const text = texts[i % texts.length] ?? '';
      return [...text].slice(from, from + length).join('');
    };
    const queries = [
      'nguyen',
      'Nguyễn Thị',
      'tran van',
      'an',
      'a',
      'th an',
      '@corp',
      '09',
      '100%',
      '%',
      '_',
      '_y',
      '!',
      '"ba"',
      'ba"!',
      'lê "',
      'doan',
      'quach',
      'zzzz',
      ...Array.from({ length: 24 }, (_, i) => sample(i * 7, i % 5, 1 + (i % 6))),
      ...Array.from({ length: 8 }, (_, i) => `${sample(i * 11, 0, 3)} ${sample(i * 5, 4, 2)}`),
    ];
    const matching = (words: string[], activeOnly = false) =>
      all
        .filter((r) => (!activeOnly || Boolean(r.is_active)) && words.every((w) => r.search.includes(w)))
        .map((r) => r.id)
        .sort((a, b) => a - b);
    const order = { field: 'last_name', descending: false } as const;

    const check = async (db: Db) => {
      // Through the index whenever a word has three letters (SQLite), never, and as the app chooses.
      const repos = (['always', 'never', 'auto'] as const).map((searchIndex) =>
        createUsersRepo(db, { searchIndex }),
      );
      const [indexed, scanned] = repos as [UsersRepo, UsersRepo];
      let throughIndex = 0;
      for (const query of queries) {
        const words = searchWords(query);
        if (kind === 'sqlite' && ftsQuery(words) !== undefined) throughIndex++;
        const expected = matching(words);
        for (const repo of repos) {
          const all = await repo.listUsers({ words }, order, { offset: 0, limit: 1000 });
          expect({ query, count: all.count, ids: all.rows.map((r) => r.id).sort((a, b) => a - b) }).toEqual({
            query,
            count: expected.length,
            ids: expected,
          });
          // The player search: active users only.
          const hits = await repo.searchActiveUsers(words, 1000);
          expect({ query, ids: hits.map((h) => h.id).sort((x, y) => x - y) }).toEqual({
            query,
            ids: matching(words, true),
          });
        }
        // A middle page, in order, is the same through the index as through the scan.
        const page = { offset: 2, limit: 3 };
        const [a, b] = await Promise.all([
          indexed.listUsers({ words, role: 'staff' }, order, page),
          scanned.listUsers({ words, role: 'staff' }, order, page),
        ]);
        expect({ query, ...a }).toEqual({ query, ...b });
      }
      if (kind === 'sqlite') expect(throughIndex).toBeGreaterThan(20);
    };
    if (kind === 'postgres') {
      // Small tables are read whole by the planner; without sequential scans it must use the index.
      await t.db.transaction().execute(async (tx) => {
        await sql`set local enable_seqscan = off`.execute(tx);
        await check(tx);
      });
    } else {
      await check(t.db);
    }
  });
});
