// Issue 27, "A day of real use": the diary's screens as they read after a day of entries.
import type { Analysis, Category, Entry, Jar } from '@staff/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { AnalysisPage } from './analysis-page';
import { CategoriesPage } from './categories-page';
import { CreateEntryPage } from './create-entry-page';
import { EntriesPage } from './entries-page';
import { EntryDetailPage } from './entry-detail-page';
import { JarSetupPage } from './jar-setup-page';

// The browser's zone, fixed so the days do not depend on the machine running the tests. A spy, not a
// module mock: the web tests share their modules between files (isolate: false), and a mocked module
// would stay mocked for the files after this one.
const realResolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
beforeEach(() => {
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...realResolvedOptions.call(this), timeZone: 'Asia/Ho_Chi_Minh' };
  });
});

const JARS: Jar[] = [
  { id: 1, key: 'sleep', name: 'Ngủ', ratio: 0 },
  { id: 2, key: 'essential', name: 'Thiết yếu', ratio: 35 },
  { id: 3, key: 'investment', name: 'Đầu tư', ratio: 10 },
  { id: 4, key: 'development', name: 'Phát triển', ratio: 15 },
  { id: 5, key: 'education', name: 'Giáo dục', ratio: 15 },
  { id: 6, key: 'entertainment', name: 'Giải trí', ratio: 15 },
  { id: 7, key: 'sharing', name: 'Cho đi', ratio: 10 },
  { id: 8, key: 'unclassified', name: 'Chưa phân loại', ratio: 0 },
];

// As the server sends them: by code point.
const CATEGORIES: Category[] = [
  { id: 11, title: 'Bơi', user: 1, jar: 6, jar_key: 'entertainment' },
  { id: 12, title: 'Dọn dẹp', user: 1, jar: 2, jar_key: 'essential' },
  { id: 13, title: 'Thiết kế', user: 1, jar: 4, jar_key: 'development' },
  { id: 14, title: 'Ăn uống', user: 1, jar: 2, jar_key: 'essential' },
  { id: 15, title: 'Đầu tư CK', user: 1, jar: 3, jar_key: 'investment' },
];
const VIETNAMESE_ORDER = ['Ăn uống', 'Bơi', 'Dọn dẹp', 'Đầu tư CK', 'Thiết kế'];

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('categories in Vietnamese order', { timeout: 20_000 }, () => {
  it('lists them so on Manage Categories', async () => {
    fakeApi({
      'GET /api/diaries/categories/': () => jsonResponse(200, CATEGORIES),
      'GET /api/diaries/jars/': () => jsonResponse(200, JARS),
    });
    renderRoutes([{ path: '/diary/categories', element: <CategoriesPage /> }], '/diary/categories');
    await screen.findAllByTestId('category-row', {}, { timeout: 5000 });
    const titles = screen.getAllByTestId('category-row').map((row) => row.querySelector('p')?.textContent);
    expect(titles).toEqual(VIETNAMESE_ORDER);
  });

  it("offers them so in the entry form's picker, each with its jar beside it", async () => {
    fakeApi({
      'GET /api/diaries/categories/': () => jsonResponse(200, CATEGORIES),
      'GET /api/diaries/diaries/': () => jsonResponse(200, [{ id: 9, title: 'me@x.test', user: 1 }]),
    });
    renderRoutes([{ path: '/diary/entries/new', element: <CreateEntryPage /> }], '/diary/entries/new');
    const picker = await screen.findByRole('textbox', { name: 'Categories' }, { timeout: 5000 });
    await waitFor(() => expect(picker).toHaveProperty('disabled', false));
    fireEvent.focus(picker);
    fireEvent.click(picker);
    const badges = await screen.findAllByTestId('category-option-jar', {}, { timeout: 5000 });
    const options = badges.map((b) => b.closest('[role="option"]') as HTMLElement);
    expect(options.map((o) => o.textContent)).toEqual([
      'Ăn uốngThiết yếu',
      'BơiGiải trí',
      'Dọn dẹpThiết yếu',
      'Đầu tư CKĐầu tư',
      'Thiết kếPhát triển',
    ]);
    const jarBadge = within(options[0] as HTMLElement).getByTestId('category-option-jar');
    expect(jarBadge.textContent).toBe('Thiết yếu');
  });

  it('shows them so in the jar setup', async () => {
    fakeApi({
      'GET /api/diaries/categories/': () =>
        jsonResponse(
          200,
          CATEGORIES.map((c) => ({ ...c, jar: 2, jar_key: 'essential' })),
        ),
      'GET /api/diaries/jars/': () => jsonResponse(200, JARS),
    });
    renderRoutes([{ path: '/jar-setup', element: <JarSetupPage /> }], '/jar-setup');
    const [essential] = await screen.findAllByLabelText('Thiết yếu', { exact: true }, { timeout: 5000 });
    if (!essential) throw new Error('no Thiết yếu card');
    await waitFor(() => expect(essential.textContent).toContain('Thiết kế'));
    const chips = within(essential)
      .getAllByRole('button', { name: /^Remove / })
      .map((b) => b.getAttribute('aria-label')?.replace(/^Remove (.*) from Thiết yếu$/, '$1'));
    expect(chips).toEqual(VIETNAMESE_ORDER);
  });
});

describe('jar targets that do not total 100 %', { timeout: 20_000 }, () => {
  it('are saved only after a question naming the total, and the message says what was saved', async () => {
    const user = userEvent.setup({ delay: null });
    const saved = { ...Object.fromEntries(JARS.map((j) => [j.id, j.ratio])) } as Record<number, number>;
    const api = fakeApi({
      'GET /api/diaries/categories/': () => jsonResponse(200, []),
      'GET /api/diaries/jars/': () =>
        jsonResponse(
          200,
          JARS.map((j) => ({ ...j, ratio: saved[j.id] })),
        ),
      'PATCH /api/diaries/jars/2/': (request) => {
        saved[2] = (JSON.parse(String(request.body)) as { ratio: number }).ratio;
        return jsonResponse(200, { ...JARS[1], ratio: saved[2] });
      },
    });
    renderRoutes([{ path: '/jar-setup', element: <JarSetupPage /> }], '/jar-setup');
    const essential = await screen.findByRole('textbox', { name: 'Tỷ lệ Thiết yếu (%)' }, { timeout: 5000 });
    await user.clear(essential);
    await user.type(essential, '45');
    expect(screen.getByTestId('ratio-sum').textContent).toBe('Tổng tỷ lệ mục tiêu: 110%');

    await user.click(screen.getByRole('button', { name: 'Lưu tỷ lệ' }));
    const question = await screen.findByRole('dialog');
    expect(question.textContent).toContain('Tổng là 110%. Vẫn lưu?');
    expect(screen.queryByText(/Đã lưu tỷ lệ các hũ thành công!/)).toBeNull();
    await user.click(within(question).getByRole('button', { name: 'Hủy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PATCH /api/diaries/jars/2/')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Lưu tỷ lệ' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Vẫn lưu' }));
    const status = await screen.findByText(/Đã lưu tỷ lệ các hũ thành công!/);
    expect(status.textContent).toContain('Thiết yếu 45%');
    expect(status.textContent).toContain('tổng 110%');
    expect(api.callsTo('PATCH /api/diaries/jars/2/')).toHaveLength(1);
  });

  it('are not asked about when they total 100 %', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      'GET /api/diaries/categories/': () => jsonResponse(200, []),
      'GET /api/diaries/jars/': () => jsonResponse(200, JARS),
      'PATCH /api/diaries/jars/2/': () => jsonResponse(200, { ...JARS[1], ratio: 30 }),
      'PATCH /api/diaries/jars/3/': () => jsonResponse(200, { ...JARS[2], ratio: 15 }),
    });
    renderRoutes([{ path: '/jar-setup', element: <JarSetupPage /> }], '/jar-setup');
    const essential = await screen.findByRole('textbox', { name: 'Tỷ lệ Thiết yếu (%)' }, { timeout: 5000 });
    await user.clear(essential);
    await user.type(essential, '30');
    const investment = screen.getByRole('textbox', { name: 'Tỷ lệ Đầu tư (%)' });
    await user.clear(investment);
    await user.type(investment, '15');
    await user.click(screen.getByRole('button', { name: 'Lưu tỷ lệ' }));
    expect(await screen.findByText(/Đã lưu tỷ lệ các hũ thành công!/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('PATCH /api/diaries/jars/2/')).toHaveLength(1);
  });
});

function analysisOf(minutes: Partial<Record<Jar['key'], number>>): Analysis {
  const total = Object.values(minutes).reduce((a, b) => a + b, 0);
  const sleep = minutes.sleep ?? 0;
  const waking = total - sleep;
  return {
    days: 7,
    window_start: '2030-01-03T00:00:00.000Z',
    window_end: '2030-01-10T00:00:00.000Z',
    total_minutes: total,
    waking_minutes: waking,
    jars: JARS.map((jar) => {
      const m = minutes[jar.key] ?? 0;
      const hasTarget = jar.key !== 'sleep' && jar.key !== 'unclassified';
      const percent = jar.key === 'sleep' ? null : waking > 0 ? (m / waking) * 100 : 0;
      return {
        id: jar.id,
        key: jar.key,
        name: jar.name,
        minutes: m,
        percent,
        target: hasTarget ? jar.ratio : null,
        status: hasTarget ? 'below_target' : null,
        colour: hasTarget ? 'yellow' : null,
      };
    }),
    sleep: {
      minutes: sleep,
      hours_per_day: sleep / 60 / 7,
      advice: 'sleep_more',
      advice_label: 'should sleep more',
    },
    unclassified_categories: [],
  };
}

describe('the analysis with nothing logged', { timeout: 20_000 }, () => {
  it('says nothing was logged on each card, not a verdict', async () => {
    fakeApi({ 'GET /api/diaries/analysis/': () => jsonResponse(200, analysisOf({})) });
    renderRoutes([{ path: '/diary/dashboard', element: <AnalysisPage /> }], '/diary/dashboard');
    const sleep = await screen.findByTestId('jar-card-sleep', {}, { timeout: 5000 });
    expect(sleep.textContent).toContain('Nothing logged');
    expect(sleep.textContent).not.toContain('should sleep more');
    const sharing = screen.getByTestId('jar-card-sharing');
    expect(sharing.textContent).toContain('Nothing logged');
    expect(sharing.textContent).not.toContain('below target');
    expect(sharing.getAttribute('data-colour')).toBeNull();
    expect(screen.queryByText('below target')).toBeNull();
    expect(screen.queryByText('should sleep more')).toBeNull();
  });

  it('keeps the verdicts for what was logged', async () => {
    fakeApi({
      'GET /api/diaries/analysis/': () => jsonResponse(200, analysisOf({ sleep: 480, essential: 60 })),
    });
    renderRoutes([{ path: '/diary/dashboard', element: <AnalysisPage /> }], '/diary/dashboard');
    const sleep = await screen.findByTestId('jar-card-sleep', {}, { timeout: 5000 });
    expect(sleep.textContent).toContain('should sleep more');
    const sharing = screen.getByTestId('jar-card-sharing');
    expect(sharing.textContent).toContain('below target');
    expect(sharing.getAttribute('data-colour')).toBe('yellow');
    expect(screen.queryByText('Nothing logged')).toBeNull();
  });
});

let nextId = 100;
function entry(title: string, startAt: string, minutes: number, extra: Partial<Entry> = {}): Entry {
  return {
    id: nextId++,
    diary: 3,
    title,
    feeling: 'happy',
    start_date: '2030-01-10',
    start_time: '08:00',
    end_date: '2030-01-10',
    end_time: '09:00',
    time_zone: 'Asia/Ho_Chi_Minh',
    start_at: startAt,
    end_at: new Date(Date.parse(startAt) + minutes * 60_000).toISOString(),
    duration_minutes: minutes,
    place: 'Xưởng',
    category: [],
    note: '',
    feedback: '',
    overlaps: false,
    ...extra,
  };
}

describe('the entries list', { timeout: 20_000 }, () => {
  function renderList(entries: Entry[]) {
    signInAs('staff');
    fakeApi({
      'GET /api/diaries/diaries/': () => jsonResponse(200, [{ id: 3, title: 'me@x.test', user: 1 }]),
      'GET /api/diaries/categories/': () => jsonResponse(200, []),
      'GET /api/diaries/3/entries/': () => jsonResponse(200, entries),
    });
    return renderRoutes([{ path: '/diary/entries', element: <EntriesPage /> }], '/diary/entries');
  }

  it("labels its button '+ Add New Entry' with no second plus", async () => {
    const { router } = renderList([]);
    const add = await screen.findByRole('link', { name: '+ Add New Entry' }, { timeout: 5000 });
    await screen.findByText('No entries found.');
    // Opening the list navigates nowhere (a navigation then could cancel a click on the link).
    expect(router.state.historyAction).toBe('POP');
    expect(router.state.location.search).toBe('');
    expect(add.textContent).toBe('+ Add New Entry');
    expect(add.querySelector('svg')).toBeNull();
  });

  it('groups the cards by day, newest day first, each day in time order with its total', async () => {
    // The API's order, newest first; the browser's zone (Hà Nội here, UTC+7) reads the days.
    renderList([
      entry('Họp giao ban', '2030-01-10T03:00:00Z', 60, { overlaps: true }), // 10:00
      entry('Gọi khách', '2030-01-10T03:30:00Z', 30, { overlaps: true }), // 10:30
      entry('Kiểm tra máy ép', '2030-01-10T01:00:00Z', 150), // 08:00
      entry('Ngủ', '2030-01-09T16:00:00Z', 480), // 23:00 on the 9th, into the 10th
      entry('Đọc sách', '2030-01-09T06:00:00Z', 45), // 13:00 on the 9th
    ]);
    const days = await screen.findAllByTestId('entry-day', {}, { timeout: 5000 });
    expect(days.map((d) => within(d).getByRole('heading').textContent)).toEqual(['10/01/2030', '09/01/2030']);
    const [today, yesterday] = days as [HTMLElement, HTMLElement];
    expect(
      within(today)
        .getAllByTestId('entry-card')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual(['Kiểm tra máy ép', 'Họp giao ban', 'Gọi khách']);
    expect(within(today).getByTestId('entry-day-total').textContent).toBe(
      'Total 4 h (overlaps counted in full)',
    );
    expect(
      within(yesterday)
        .getAllByTestId('entry-card')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual(['Đọc sách', 'Ngủ']);
    expect(within(yesterday).getByTestId('entry-day-total').textContent).toBe('Total 8 h 45 min');
  });
});

describe('confirmations after an edit and a delete', { timeout: 20_000 }, () => {
  const ENTRY = entry('Họp giao ban', '2030-01-10T01:00:00Z', 60, {
    id: 12,
    category: [{ id: 12, title: 'Dọn dẹp' }],
    note: 'Tuần 2',
  });

  function renderEntry(path: string) {
    fakeApi({
      'GET /api/diaries/categories/': () => jsonResponse(200, CATEGORIES),
      'GET /api/diaries/entries/12/': () => jsonResponse(200, ENTRY),
      'PATCH /api/diaries/entries/12/': () => jsonResponse(200, { ...ENTRY, title: 'Họp giao ban tuần' }),
      'DELETE /api/diaries/entries/12/': () => new Response(null, { status: 204 }),
    });
    return renderRoutes(
      [
        { path: '/entries/:id', element: <EntryDetailPage mode="view" /> },
        { path: '/entries/:id/edit', element: <EntryDetailPage mode="edit" /> },
        { path: '/diary', element: <p>Diary home</p> },
      ],
      path,
      { notifications: true },
    );
  }

  it('says the entry was saved', async () => {
    const user = userEvent.setup({ delay: null });
    renderEntry('/entries/12/edit');
    const title = await screen.findByLabelText(/^Title/, {}, { timeout: 5000 });
    await waitFor(() => expect(title).toHaveProperty('value', 'Họp giao ban'));
    await user.type(title, ' tuần');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Entry "Họp giao ban tuần" saved.')).toBeTruthy();
  });

  it('says the entry was deleted', async () => {
    const user = userEvent.setup({ delay: null });
    renderEntry('/entries/12');
    await user.click(await screen.findByRole('button', { name: 'Delete' }, { timeout: 5000 }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Diary home');
    expect(await screen.findByText('Entry "Họp giao ban" deleted.')).toBeTruthy();
  });
});
