// The diary's export (issue 24) on SQLite and PostgreSQL: the rows and their local times, the CSV's
// BOM and quoting, formula-looking text kept as text in both formats, who may export whose entries
// (and the audit record of an administrator's), and the refused queries.
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness';
import { caller, makeUser, type TestUser } from '../../test/users';
import { csvText, looksLikeFormula } from './export';
import { diaryOf } from './test-fixtures';

const HEADER = [
  'Title',
  'Feeling',
  'Start',
  'End',
  'Time zone',
  'Duration (minutes)',
  'Place',
  'Categories',
  'Jars',
  'Note',
  'Feedback',
];
const BOM = [0xef, 0xbb, 0xbf];

/** The CSV's rows, its BOM checked and taken off. */
function csvRows(body: Buffer): string[][] {
  expect([...body.subarray(0, 3)]).toEqual(BOM);
  return parse(body.subarray(3).toString('utf8'), { relaxColumnCount: false }) as string[][];
}

describe('formula-looking text', () => {
  it('is each text that starts with =, +, -, @, a tab or a carriage return, and nothing else', () => {
    for (const text of ['=1+1', '+84', '-3', '@SUM(A1)', '\tx', '\rx'])
      expect(looksLikeFormula(text)).toBe(true);
    for (const text of ['Họp', ' =1', '1-2', 'a=b', '', "'=1"]) expect(looksLikeFormula(text)).toBe(false);
  });

  it('gets an apostrophe in CSV, inside quotes with quotes doubled', () => {
    expect(csvText('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvText('\t1')).toBe(`"'\t1"`);
    expect(csvText('Ăn, uống')).toBe('"Ăn, uống"');
  });
});

describe.each(testDatabases())('GET /api/diaries/entries/export/ (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: TestUser;
  let owner: TestUser;
  let stranger: TestUser;

  const url = (query: string) => `/api/diaries/entries/export/?${query}`;
  const march = (format: string, extra = '') =>
    url(`start_date=2030-03-01&end_date=2030-03-31&format=${format}${extra}`);
  const events = async () =>
    (await t.db.selectFrom('audit_events').selectAll().orderBy('id').execute()).map((e) => ({
      ...e,
      detail: JSON.parse(e.detail) as unknown,
    }));

  beforeAll(async () => {
    t = await createTestApp(kind);
    call = caller(t);
    [admin, owner, stranger] = await Promise.all([makeUser(t, 'admin'), makeUser(t), makeUser(t)]);
    const mine = await diaryOf(t, owner);
    const meeting = await mine.category('Họp', 'essential');
    const reading = await mine.category('Đọc sách', 'education');
    const loose = await mine.category('Ăn uống', null);
    // In the range by its own zone's date, though already April in UTC; written second, listed last.
    await mine.entry({
      title: 'Gọi điện về nhà',
      feeling: 'tired',
      start_date: '2030-03-31',
      start_time: '23:30',
      end_date: '2030-04-01',
      end_time: '01:15',
      time_zone: 'America/New_York',
      place: 'Boston',
      note: 'Dài',
      feedback: '',
      category: [loose.id, reading.id],
    });
    await mine.entry({
      title: '=HYPERLINK("http://evil.example","Bấm")',
      feeling: 'happy',
      start_date: '2030-03-01',
      start_time: '00:30',
      end_date: '2030-03-01',
      end_time: '02:00',
      place: '+84 912 345 678',
      note: '-3 kg, "nhẹ"',
      feedback: '@SUM(A1)',
      category: [reading.id, meeting.id],
    });
    // Outside the range by their own zone's start date (the second is still 31 March in UTC).
    for (const start_date of ['2030-02-28', '2030-04-01']) {
      await mine.entry({
        title: 'Outside',
        start_date,
        start_time: '00:10',
        end_date: start_date,
        end_time: '01:00',
        category: [meeting.id],
      });
    }
    // Someone else's entry in the range: never in the owner's file.
    const theirs = await diaryOf(t, stranger);
    await theirs.entry({
      title: 'Not yours',
      start_date: '2030-03-10',
      end_date: '2030-03-10',
      category: [(await theirs.category('Riêng', null)).id],
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('audit_events').execute();
  });

  const expectedRows = [
    [
      `'=HYPERLINK("http://evil.example","Bấm")`,
      'happy',
      '2030-03-01 00:30',
      '2030-03-01 02:00',
      'Asia/Ho_Chi_Minh',
      '90',
      "'+84 912 345 678",
      'Đọc sách; Họp',
      'Thiết yếu; Giáo dục',
      `'-3 kg, "nhẹ"`,
      "'@SUM(A1)",
    ],
    [
      'Gọi điện về nhà',
      'tired',
      '2030-03-31 23:30',
      '2030-04-01 01:15',
      'America/New_York',
      '105',
      'Boston',
      'Ăn uống; Đọc sách',
      'Giáo dục; Chưa phân loại',
      'Dài',
      '',
    ],
  ];

  it('sends a CSV with a BOM: one row per entry starting in the range, in its own zone, oldest first', async () => {
    const res = await call(owner, 'GET', march('csv'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="diary-entries_2030-03-01_2030-03-31.csv"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(csvRows(res.rawPayload)).toEqual([HEADER, ...expectedRows]);
    // Every text field quoted, lines ended CRLF.
    expect(res.rawPayload.toString('utf8')).toContain(
      `\r\n"'=HYPERLINK(""http://evil.example"",""Bấm"")","happy",`,
    );
  });

  it('sends an xlsx whose text cells are strings, never formulas, and whose times are the local ones', async () => {
    const res = await call(owner, 'GET', march('xlsx'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="diary-entries_2030-03-01_2030-03-31.xlsx"',
    );
    const sheets = await readXlsxFile(res.rawPayload);
    expect(sheets.map((s) => s.sheet)).toEqual(['Entries']);
    const [header, ...rows] = sheets[0]?.data ?? [];
    expect(header).toEqual(HEADER);
    // The serial number written is the one Excel stores for that minute; reading it back into a Date
    // may come a millisecond short.
    const toMinute = (cell: unknown) =>
      cell instanceof Date ? new Date(Math.round(cell.getTime() / 60_000) * 60_000) : cell;
    expect(rows.map((row) => row.map(toMinute))).toEqual([
      [
        '=HYPERLINK("http://evil.example","Bấm")',
        'happy',
        new Date('2030-03-01T00:30:00Z'),
        new Date('2030-03-01T02:00:00Z'),
        'Asia/Ho_Chi_Minh',
        90,
        '+84 912 345 678',
        'Đọc sách; Họp',
        'Thiết yếu; Giáo dục',
        '-3 kg, "nhẹ"',
        '@SUM(A1)',
      ],
      [
        'Gọi điện về nhà',
        'tired',
        new Date('2030-03-31T23:30:00Z'),
        new Date('2030-04-01T01:15:00Z'),
        'America/New_York',
        105,
        'Boston',
        'Ăn uống; Đọc sách',
        'Giáo dục; Chưa phân loại',
        'Dài',
        null,
      ],
    ]);
    const parts = unzipSync(new Uint8Array(res.rawPayload));
    const sheetXml = strFromU8(parts['xl/worksheets/sheet1.xml'] as Uint8Array);
    expect(sheetXml).not.toMatch(/<f[ >]/);
    expect(sheetXml).toMatch(/<c r="A2"[^>]* t="s"/);
  });

  it('answers a range without entries with the header alone', async () => {
    const res = await call(owner, 'GET', url('start_date=2031-01-01&end_date=2031-01-31&format=csv'));
    expect(res.statusCode).toBe(200);
    expect(csvRows(res.rawPayload)).toEqual([HEADER]);
  });

  it('exports only the signed-in user’s own entries; `user` naming someone else is 404 for a non-admin', async () => {
    const own = await call(stranger, 'GET', march('csv'));
    expect(own.statusCode).toBe(200);
    expect(csvRows(own.rawPayload).map((r) => r[0])).toEqual(['Title', 'Not yours']);
    expect((await call(stranger, 'GET', march('csv', `&user=${stranger.id}`))).statusCode).toBe(200);
    for (const user of [owner.id, 2_000_000]) {
      const res = await call(stranger, 'GET', march('csv', `&user=${user}`));
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('HYPERLINK');
    }
    expect(await events()).toEqual([]);
  });

  it('lets an administrator export another user’s entries, recorded in the audit log before it answers', async () => {
    const res = await call(admin, 'GET', march('xlsx', `&user=${owner.id}`));
    expect(res.statusCode).toBe(200);
    const rows = (await readXlsxFile(res.rawPayload))[0]?.data ?? [];
    expect(rows.map((r) => r[0])).toEqual(['Title', expectedRows[0]?.[0]?.slice(1), 'Gọi điện về nhà']);
    expect(await events()).toEqual([
      expect.objectContaining({
        actor_id: admin.id,
        actor_email: admin.email,
        action: 'diary.read_other',
        target_type: 'user',
        target_id: String(owner.id),
        detail: { read: 'export' },
      }),
    ]);
  });

  it('records nothing for an administrator’s own export, and 404 for a user who does not exist', async () => {
    expect((await call(admin, 'GET', march('csv'))).statusCode).toBe(200);
    expect((await call(admin, 'GET', march('csv', `&user=${admin.id}`))).statusCode).toBe(200);
    expect((await call(admin, 'GET', march('csv', '&user=2000000'))).statusCode).toBe(404);
    expect(await events()).toEqual([]);
  });

  it('answers an administrator naming a user without a diary as the other reads do: their (empty) file, recorded', async () => {
    const newcomer = await makeUser(t);
    const res = await call(admin, 'GET', march('csv', `&user=${newcomer.id}`));
    expect(res.statusCode).toBe(200);
    expect(csvRows(res.rawPayload)).toEqual([HEADER]);
    expect(await events()).toEqual([
      expect.objectContaining({ action: 'diary.read_other', target_id: String(newcomer.id) }),
    ]);
  });

  it('answers nothing when the administrator’s read could not be recorded', async () => {
    await t.db.schema.alterTable('audit_events').renameTo('audit_events_away').execute();
    try {
      const res = await call(admin, 'GET', march('csv', `&user=${owner.id}`));
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('Boston');
    } finally {
      await t.db.schema.alterTable('audit_events_away').renameTo('audit_events').execute();
    }
  });

  it('takes a range of up to 366 days, both ends counted', async () => {
    const res = await call(owner, 'GET', url('start_date=2030-01-01&end_date=2031-01-01&format=csv'));
    expect(res.statusCode).toBe(200);
    expect(csvRows(res.rawPayload)).toHaveLength(1 + 4);
  });

  it.each([
    [
      'an end before the start',
      'start_date=2030-03-02&end_date=2030-03-01&format=csv',
      {
        end_date: ['The end date cannot be before the start date.'],
      },
    ],
    [
      'a range over 366 days',
      'start_date=2030-01-01&end_date=2031-01-02&format=csv',
      {
        end_date: ['An export covers at most 366 days.'],
      },
    ],
    [
      'an unknown format',
      'start_date=2030-03-01&end_date=2030-03-31&format=pdf',
      {
        format: ['Choose csv or xlsx.'],
      },
    ],
    ['no format', 'start_date=2030-03-01&end_date=2030-03-31', { format: ['Choose csv or xlsx.'] }],
    [
      'no dates',
      'format=csv',
      {
        start_date: ['This field is required.'],
        end_date: ['This field is required.'],
      },
    ],
    [
      'a date that is not one',
      'start_date=2030-02-30&end_date=2030-03-31&format=csv',
      {
        start_date: ['Enter a valid date (YYYY-MM-DD).'],
      },
    ],
  ])('answers 400 for %s', async (_case, query, errors) => {
    const res = await call(owner, 'GET', url(query));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errors);
  });

  it('answers 401 without a token, before the query is read', async () => {
    const res = await call(null, 'GET', url('format=pdf'));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'not_authenticated' });
  });
});
