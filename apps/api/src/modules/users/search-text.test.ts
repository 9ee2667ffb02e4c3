// The search text is derived data (DESIGN: "Derived data is never the truth"): every way a user
// row is written, by this module or by accounts through it, must leave `search` equal to a
// recomputation from the row. Run on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, IMAGES, signIn, type TestApp, testDatabases } from '../../test/harness';
import { caller, makeUser, seedUsers, sendForm, TEST_PASSWORD } from '../../test/users';
import { userSearchText } from './repo';
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
});
