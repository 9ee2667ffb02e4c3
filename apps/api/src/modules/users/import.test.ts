import {
  GENDERS,
  ROLES,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_MAX_BYTES,
  USER_IMPORT_MAX_ROWS,
} from '@staff/contracts';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { ADMIN, createTestApp, IMAGES, signIn, type TestApp, testDatabases } from '../../test/harness';
import { caller, seedUsers, sendForm } from '../../test/users';
import { IMPORT_EXAMPLE_EMAIL } from './import';
import { EMPTY_FILE, IMPORT_TOO_LARGE, NO_FILE } from './routes';
import { DUPLICATE_EMAIL, IMPORT_NO_ROWS, IMPORT_REFUSED } from './service';
import { type Cell, sheetData, workbook, workbookField } from './test-fixtures';
import { WORKBOOK_MESSAGES } from './workbook';
import { zipBomb } from './zip-fixtures';

const HEADER = [...USER_IMPORT_COLUMNS];
const IMPORT = '/api/users/users/import/';

describe.each(testDatabases())('user import and template (%s)', (kind) => {
  let t: TestApp;
  let access: string;
  let call: ReturnType<typeof caller>;

  const upload = async (file: Buffer, name = 'users.xlsx', type = 'application/octet-stream') => {
    const res = await sendForm(t, access, 'POST', IMPORT, workbookField(file, name, type));
    return { status: res.statusCode, body: res.json() };
  };
  const userCount = async () => {
    const row = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const template = async () => {
    const res = await call(access, 'GET', '/api/users/users/template/');
    expect(res.statusCode).toBe(200);
    return { res, bytes: res.rawPayload };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    access = (await signIn(t.app, ADMIN.email, ADMIN.password)).access;
    call = caller(t);
  });
  afterAll(() => t.close());

  it('serves a template with the import columns, an example row and the allowed values', async () => {
    const { res, bytes } = await template();
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe('attachment; filename="user_import_template.xlsx"');
    const sheets = await readXlsxFile(bytes);
    expect(sheets.map((s) => s.sheet)).toEqual(['Users', 'Allowed values']);
    const [users, allowed] = sheets;
    expect(users?.data[0]).toEqual(HEADER);
    expect(users?.data).toHaveLength(2);
    expect(users?.data[1]?.[0]).toBe(IMPORT_EXAMPLE_EMAIL);
    const listed = allowed?.data.flat().map(String).join('\n') ?? '';
    for (const role of ROLES) expect(listed).toMatch(new RegExp(`^${role}$`, 'm'));
    for (const gender of GENDERS) expect(listed).toMatch(new RegExp(`^${gender} \\(`, 'm'));
    expect(listed).toMatch(/^true$/m);
  });

  it('imports the downloaded template once its example row is replaced', async () => {
    const sheets = await readXlsxFile((await template()).bytes);
    const [users, allowed] = sheets as [(typeof sheets)[number], (typeof sheets)[number]];
    const rows = [
      users.data[0] as Cell[],
      ['lan.pham@import.test', 'Lan', 'Thị', 'Phạm', '0912 111 222', 'manager', 'F', 'true', 'password-lan'],
      ['Quang.Do@Import.Test', 'Quang', '', 'Đỗ', '', '', 'M', 'no', 'password-quang'],
      ['thu@import.test', 'Thu', null, null, null, 'ndf', null, null, 'password-thu'],
    ];
    const refilled = await writeXlsxFile([
      { sheet: users.sheet, data: sheetData(rows) },
      { sheet: allowed.sheet, data: sheetData(allowed.data) },
    ]).toBuffer();
    const before = await userCount();
    const res = await upload(refilled);
    expect(res).toEqual({ status: 201, body: { created: 3, detail: 'Imported 3 users.' } });
    expect(await userCount()).toBe(before + 3);

    const listed = await call(access, 'GET', '/api/users/users/?search=import.test&ordering=email');
    expect(listed.json().results).toMatchObject([
      {
        email: 'lan.pham@import.test',
        full_name: 'Phạm Thị Lan',
        role: 'manager',
        gender: 'F',
        is_active: true,
      },
      { email: 'quang.do@import.test', username: 'quang.do@import.test', role: 'staff', is_active: false },
      { email: 'thu@import.test', role: 'ndf', gender: null, is_active: true },
    ]);
    const signedIn = await signIn(t.app, 'lan.pham@import.test', 'password-lan');
    expect(signedIn.user.phone).toBe('0912 111 222');
    // Imported names are searchable without accents, like any other user.
    const found = await call(access, 'GET', '/api/users/users/?search=do%20quang');
    expect(found.json().count).toBe(1);
  });

  it('refuses the untouched template: its example row is not a real user', async () => {
    const before = await userCount();
    const res = await upload((await template()).bytes);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      detail: IMPORT_REFUSED,
      problems: [{ row: 2, column: 'email', message: expect.stringContaining("template's example row") }],
    });
    expect(await userCount()).toBe(before);
  });

  it('refuses a file with good and bad rows, naming each problem, and creates nobody', async () => {
    await seedUsers(t, [{ email: 'taken@import.test' }]);
    const file = await workbook([
      ['Email', ' First_Name ', 'last_name', 'ROLE', 'gender', 'is_active', 'password'], // any case, any order
      ['good1@mixed.test', 'Good', 'One', 'staff', 'M', 'yes', 'password-123'],
      ['not-an-email', 'Bad', 'Email', 'staff', '', '', 'password-123'],
      [null, null, null, null, null, null, null],
      ['good2@mixed.test', 'Good', 'Two', 'boss', '', '', 'password-123'],
      ['GOOD1@mixed.test', 'Again', '', '', '', '', 'password-123'],
      ['TAKEN@import.test', '', '', '', '', '', 'password-123'],
      ['short@mixed.test', '', '', '', 'X', 'maybe', 'short'],
      ['', 'No', 'Email', '', '', '', 'password-123'],
      ['good3@mixed.test', 'Good', 'Three', 'manager', 'f', 'FALSE', 73914628],
      ['common@mixed.test', '', '', '', '', '', ' Password1 '],
    ]);
    const before = await userCount();
    const res = await upload(file);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(IMPORT_REFUSED);
    expect(res.body.problems).toEqual([
      { row: 3, column: 'email', message: 'Enter a valid email address.' },
      { row: 5, column: 'role', message: expect.stringContaining('Unknown role "boss"') },
      { row: 6, column: 'email', message: 'This e-mail is already on row 2 of the file.' },
      { row: 7, column: 'email', message: DUPLICATE_EMAIL },
      { row: 8, column: 'gender', message: expect.stringContaining('Unknown gender "X"') },
      { row: 8, column: 'is_active', message: expect.stringContaining('"maybe" is not true or false') },
      {
        row: 8,
        column: 'password',
        message: 'This password is too short. It must contain at least 8 characters.',
      },
      { row: 9, column: 'email', message: 'This field may not be blank.' },
      { row: 11, column: 'password', message: 'This password is too common.' },
    ]);
    expect(await userCount()).toBe(before);
    const good = await t.db
      .selectFrom('users')
      .select('email')
      .where('email', 'like', '%@mixed.test')
      .execute();
    expect(good).toEqual([]);
  });

  it('refuses a header without the required columns, or with unknown ones, on row 1', async () => {
    const res = await upload(
      await workbook([
        ['e-mail', 'first_name'],
        ['a@header.test', 'A'],
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body.problems).toEqual([
      { row: 1, column: 'e-mail', message: 'Unknown column "e-mail".' },
      { row: 1, column: 'email', message: 'The required column "email" is missing.' },
      { row: 1, column: 'password', message: 'The required column "password" is missing.' },
    ]);
  });

  it('refuses a file with no users in it', async () => {
    expect(await upload(await workbook([HEADER]))).toEqual({ status: 400, body: { file: [IMPORT_NO_ROWS] } });
  });

  it('refuses files that are not .xlsx by their content, whatever their name', async () => {
    const notXlsx = { status: 400, body: { file: [WORKBOOK_MESSAGES.not_xlsx] } };
    expect(await upload(Buffer.from('email,password\nx@csv.test,password-123\n'), 'users.xlsx')).toEqual(
      notXlsx,
    );
    expect(
      await upload(
        IMAGES.png,
        'users.xlsx',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ),
    ).toEqual(notXlsx);
  });

  it('refuses a corrupt archive', async () => {
    const bytes = (await template()).bytes;
    const truncated = bytes.subarray(0, bytes.length - 40);
    expect(await upload(truncated)).toEqual({ status: 400, body: { file: [WORKBOOK_MESSAGES.corrupt] } });
    const scrambled = Buffer.from(bytes);
    scrambled.fill(0x55, 60, scrambled.length - 200); // local data destroyed, directory intact
    expect((await upload(scrambled)).body).toEqual({ file: [WORKBOOK_MESSAGES.corrupt] });
  });

  it(`refuses more than ${USER_IMPORT_MAX_ROWS} rows, and creates nobody`, async () => {
    const rows: Cell[][] = [['email', 'password']];
    for (let i = 0; i <= USER_IMPORT_MAX_ROWS; i++) rows.push([`bulk${i}@rows.test`, 'password-123']);
    const before = await userCount();
    expect(await upload(await workbook(rows))).toEqual({
      status: 400,
      body: { file: [WORKBOOK_MESSAGES.too_many_rows] },
    });
    expect(await userCount()).toBe(before);
  });

  it('refuses zip bombs, whether their directory tells the truth or not', async () => {
    const tooLarge = { status: 400, body: { file: [WORKBOOK_MESSAGES.too_large] } };
    expect(await upload(await zipBomb(200, true))).toEqual(tooLarge);
    expect(await upload(await zipBomb(200, false))).toEqual(tooLarge);
  });

  it('refuses a file over 5 MB while it streams in', async () => {
    const big = Buffer.alloc(USER_IMPORT_MAX_BYTES + 1, 0x50);
    expect(await upload(big)).toEqual({ status: 400, body: { file: [IMPORT_TOO_LARGE] } });
  });

  it('needs a file', async () => {
    expect(await upload(Buffer.alloc(0))).toEqual({ status: 400, body: { file: [EMPTY_FILE] } });
    const res = await sendForm(t, access, 'POST', IMPORT, { other: 'field' });
    expect(res.json()).toEqual({ file: [NO_FILE] });
  });
});
