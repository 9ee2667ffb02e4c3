// Issue 24, Export: 'Xuất' on the entries list downloads the filtered range, and the file's rows are
// the entries the list shows (as CSV with a BOM and as an Excel workbook), times as entered in the
// entry's zone, formula-looking text kept as text.
import { expect, type Page, test } from '@playwright/test';
import { ENTRY_EXPORT_COLUMNS, type Entry } from '@staff/contracts';
import { parse } from 'csv-parse/sync';
import readXlsxFile from 'read-excel-file/node';
import { ensureUsers } from './support/admin-api';
import { storeSignIn } from './support/session';

const ZONE = 'Asia/Ho_Chi_Minh';
const user = { email: 'diary-export@e2e.test', password: 'Diary-export-pass-2024' };
const RANGE = { start: '2030-05-10', end: '2030-05-12' };

test.use({ locale: 'en-US', timezoneId: ZONE });

async function bearer(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem('access'));
  return { Authorization: `Bearer ${token}` };
}

/** What a row of the file says of an entry (the CSV's apostrophe before formula-looking text aside). */
function expectedRow(entry: Entry): string[] {
  const titles = entry.category.map((c) => c.title).sort(new Intl.Collator('vi').compare);
  return [
    entry.title,
    entry.feeling,
    `${entry.start_date} ${entry.start_time}`,
    `${entry.end_date} ${entry.end_time}`,
    entry.time_zone,
    String(entry.duration_minutes),
    entry.place,
    titles.join('; '),
    'Giáo dục',
    entry.note,
    entry.feedback,
  ];
}

test('Xuất downloads the filtered entries, as CSV and as Excel, row for row', async ({ page, request }) => {
  await ensureUsers(request, [
    { ...user, first_name: 'Xuân', last_name: 'Lê', role: 'staff', is_active: true },
  ]);
  await storeSignIn(page, user);
  const headers = await bearer(page);
  const listed = async () =>
    (await (
      await page.request.get(
        `/api/diaries/entries/?start_date=${RANGE.start}&end_date=${RANGE.end}&time_zone=${ZONE}`,
        { headers },
      )
    ).json()) as Entry[];

  // Three entries in the range, one the day before it (a retried run finds them there already).
  if ((await listed()).length === 0) {
    const [diary] = (await (await page.request.get('/api/diaries/diaries/', { headers })).json()) as {
      id: number;
    }[];
    const jars = (await (await page.request.get('/api/diaries/jars/', { headers })).json()) as {
      id: number;
      key: string;
    }[];
    const category = await page.request.post('/api/diaries/categories/', {
      headers,
      data: { title: 'Đọc sách', jar_id: jars.find((j) => j.key === 'education')?.id },
    });
    expect(category.status()).toBe(201);
    const categoryId = ((await category.json()) as { id: number }).id;
    for (const [title, day, start, end] of [
      ['Học tiếng Anh', RANGE.start, '07:00', '08:15'],
      ['=1+1 ôn bài', '2030-05-11', '20:00', '21:30'],
      ['Đọc "Nhà giả kim", chương 3', RANGE.end, '21:00', '22:00'],
      ['Ngoài khoảng', '2030-05-09', '21:00', '22:00'],
    ] as const) {
      const response = await page.request.post(`/api/diaries/${diary?.id}/entries/`, {
        headers,
        data: {
          title,
          feeling: 'happy',
          start_date: day,
          start_time: start,
          end_date: day,
          end_time: end,
          category: [categoryId],
          place: 'Nhà',
          note: '-đủ 1 giờ',
          time_zone: ZONE,
        },
      });
      expect(response.status(), await response.text()).toBe(201);
    }
  }
  const entries = (await listed()).sort((a, b) => a.start_at.localeCompare(b.start_at));
  expect(entries).toHaveLength(3);

  await page.goto(`/diary/entries?start_date=${RANGE.start}&end_date=${RANGE.end}`);
  const cards = page.getByTestId('entry-card');
  await expect(cards).toHaveCount(3, { timeout: 30_000 });
  const shown = await cards.evaluateAll((all) => all.map((card) => card.getAttribute('aria-label')));
  expect(shown.sort()).toEqual(entries.map((e) => e.title).sort());

  const exportAs = async (label: string) => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Xuất' }).click();
    await page.getByRole('menuitem', { name: label }).click();
    const download = await downloading;
    const path = test.info().outputPath(download.suggestedFilename());
    await download.saveAs(path);
    return { name: download.suggestedFilename(), path };
  };

  const csv = await exportAs('CSV (.csv)');
  expect(csv.name).toBe(`diary-entries_${RANGE.start}_${RANGE.end}.csv`);
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile(csv.path);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csvRows = parse(bytes.subarray(3).toString('utf8')) as string[][];
  const guarded = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
  expect(csvRows).toEqual([[...ENTRY_EXPORT_COLUMNS], ...entries.map((e) => expectedRow(e).map(guarded))]);

  const xlsx = await exportAs('Excel (.xlsx)');
  expect(xlsx.name).toBe(`diary-entries_${RANGE.start}_${RANGE.end}.xlsx`);
  const [sheet] = await readXlsxFile(xlsx.path);
  const asText = (cell: unknown) =>
    cell instanceof Date
      ? new Date(Math.round(cell.getTime() / 60_000) * 60_000).toISOString().slice(0, 16).replace('T', ' ')
      : cell === null
        ? ''
        : String(cell);
  expect(sheet?.data.map((row) => row.map(asText))).toEqual([
    [...ENTRY_EXPORT_COLUMNS],
    ...entries.map(expectedRow),
  ]);
});
