// API tests of stock administration (issue 26), on SQLite and PostgreSQL: the catalogue's paged
// list with inactive stocks, editing and deactivating a stock (validation, If-Match, the kept
// answers that follow it), price records entered by hand feeding the snapshot and the chart exactly
// as a provider's bars do, and the roles of the catalogue, the price records and the holiday table.
import { type Snapshot, STOCK_ADMIN_MESSAGES, type Stock, type StockPage } from '@staff/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness';
import { caller, makeUser, type TestUser } from '../../test/users';
import { createBarsRepo } from './snapshots/repo';
import { expectSnapshotRowsConsistent, instantsAround, setMarketClock } from './test-kit';

describe.each(testDatabases())('stock administration API (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: TestUser;
  let manager: TestUser;
  let staff: TestUser;
  let ndf: TestUser;
  const ids: Record<string, number> = {};

  /** A PATCH of a stock with an If-Match header. */
  const patchWith = (user: TestUser, ticker: string, body: object, ifMatch: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/stocks/stocks/${ticker}/`,
      headers: { ...user.headers, 'if-match': ifMatch },
      payload: body,
    });

  const create = async (ticker: string, name: string, code: string, extra: object = {}) => {
    const res = await call(manager, 'POST', '/api/stocks/stocks/', {
      ticker,
      name,
      exchange_id: ids[code],
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Stock;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    call = caller(t);
    // Wednesday 2026-05-06, 10:00 in Ho Chi Minh City: a session, after the 30/4–1/5 holidays.
    setMarketClock(t, '2026-05-06', '10:00');
    [admin, manager, staff, ndf] = await Promise.all([
      makeUser(t, 'admin'),
      makeUser(t, 'manager'),
      makeUser(t, 'staff'),
      makeUser(t, 'ndf'),
    ]);
    const exchanges = (await call(staff, 'GET', '/api/stocks/exchanges/')).json() as {
      id: number;
      code: string;
    }[];
    for (const e of exchanges) ids[e.code] = e.id;
    await create('AAA', 'Công ty Cổ phần Nhựa An Phát Xanh', 'HOSE', { sector: 'Nhựa' });
    await create('ABB', 'Ngân hàng TMCP An Bình', 'UPCOM');
    await create('BBC', 'Công ty Cổ phần Bibica', 'HOSE', { is_active: false });
    await create('CEO', 'Công ty Cổ phần Tập đoàn C.E.O', 'HNX');
  });
  afterAll(() => t.close());

  it('lets admin and manager use the catalogue and edit stocks; staff and ndf get 403, strangers 401', async () => {
    for (const url of ['/api/stocks/catalogue/']) {
      expect((await call(null, 'GET', url)).statusCode, url).toBe(401);
      expect((await call(staff, 'GET', url)).statusCode, url).toBe(403);
      expect((await call(ndf, 'GET', url)).statusCode, url).toBe(403);
      expect((await call(manager, 'GET', url)).statusCode, url).toBe(200);
      expect((await call(admin, 'GET', url)).statusCode, url).toBe(200);
    }
    // The role is checked before the body: a stranger's or staff's bad body is still 401 / 403.
    expect((await call(null, 'PATCH', '/api/stocks/stocks/AAA/', { lot_size: 'x' })).statusCode).toBe(401);
    expect((await call(staff, 'PATCH', '/api/stocks/stocks/AAA/', { lot_size: 'x' })).statusCode).toBe(403);
    expect((await call(ndf, 'PATCH', '/api/stocks/stocks/AAA/', { sector: 'x' })).statusCode).toBe(403);
    expect((await call(staff, 'GET', '/api/stocks/stocks/AAA/')).json()).toMatchObject({ sector: 'Nhựa' });
    // The price records: staff reads them, only admin and manager write them.
    const bar = { ticker: 'AAA', date: '2026-05-05', open: 10_000, high: 10_000, low: 10_000, close: 10_000 };
    expect((await call(staff, 'POST', '/api/stocks/prices/', bar)).statusCode).toBe(403);
    expect((await call(ndf, 'POST', '/api/stocks/prices/', bar)).statusCode).toBe(403);
    expect((await call(staff, 'GET', '/api/stocks/prices/?ticker=AAA')).statusCode).toBe(200);
    // The holiday table: everyone with stocks reads it, only an administrator adds or removes a day.
    const day = { date: '2026-12-30', name: 'Thử' };
    for (const user of [manager, staff, ndf]) {
      expect((await call(user, 'POST', '/api/stocks/holidays/', day)).statusCode).toBe(403);
      expect((await call(user, 'DELETE', '/api/stocks/holidays/2026-04-27/')).statusCode).toBe(403);
    }
    expect((await call(null, 'DELETE', '/api/stocks/holidays/2026-04-27/')).statusCode).toBe(401);
    expect((await call(staff, 'GET', '/api/stocks/holidays/?year=2026')).statusCode).toBe(200);
    // Nothing was removed by the refused calls.
    const year = (await call(staff, 'GET', '/api/stocks/holidays/?year=2026')).json() as { date: string }[];
    expect(year.map((h) => h.date)).toContain('2026-04-27');
  });

  it('removes a holiday for an administrator, and answers 404 for a day not in the table', async () => {
    expect(
      (await call(admin, 'POST', '/api/stocks/holidays/', { date: '2026-12-30', name: 'Thử' })).statusCode,
    ).toBe(201);
    expect((await call(admin, 'DELETE', '/api/stocks/holidays/2026-12-30/')).statusCode).toBe(204);
    const year = (await call(staff, 'GET', '/api/stocks/holidays/?year=2026')).json() as { date: string }[];
    expect(year.map((h) => h.date)).not.toContain('2026-12-30');
    const gone = await call(admin, 'DELETE', '/api/stocks/holidays/2026-12-30/');
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ detail: 'Not found.' });
    // A weekday never in the table, and a date that does not exist.
    expect((await call(admin, 'DELETE', '/api/stocks/holidays/2026-06-10/')).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', '/api/stocks/holidays/2026-02-30/')).statusCode).toBe(400);
  });

  it('lists every stock, inactive ones too, by ticker, a page at a time, with filters', async () => {
    const page = async (query: string) => {
      const res = await call(manager, 'GET', `/api/stocks/catalogue/${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as StockPage;
    };
    const all = await page('');
    expect(all.count).toBeGreaterThanOrEqual(4);
    const tickers = all.results.map((s) => s.ticker);
    expect(tickers).toEqual([...tickers].sort());
    expect(all.results.find((s) => s.ticker === 'BBC')).toMatchObject({ is_active: false });

    expect((await page('?search=a')).results.map((s) => s.ticker)).toEqual(
      expect.arrayContaining(['AAA', 'ABB']),
    );
    // A name without its accents, in any case.
    expect((await page('?search=NHUA AN PHAT')).results.map((s) => s.ticker)).toEqual(['AAA']);
    expect((await page('?search=bibica&is_active=false')).results.map((s) => s.ticker)).toEqual(['BBC']);
    expect((await page('?search=bibica&is_active=true')).results).toEqual([]);
    expect((await page('?exchange=HNX&search=ceo')).results.map((s) => s.ticker)).toEqual(['CEO']);
    expect((await page('?exchange=UPCOM&search=ceo')).count).toBe(0);

    // Pages: the count stays the whole list's, the links carry the filters.
    const first = await page('?search=a&page_size=20');
    expect(first.results.length).toBe(Math.min(first.count, 20));
    const past = await call(manager, 'GET', '/api/stocks/catalogue/?search=zzzzzz&page=2');
    expect(past.statusCode).toBe(404);
    const badSize = await call(manager, 'GET', '/api/stocks/catalogue/?page_size=7');
    expect(badSize.statusCode).toBe(400);
    expect(Object.keys(badSize.json())).toEqual(['page_size']);
    expect((await call(manager, 'GET', '/api/stocks/catalogue/?exchange=NYSE')).json()).toHaveProperty(
      'exchange',
    );
  });

  it('edits a stock: the search follows its name, deactivating takes it out of the search, errors name their fields', async () => {
    const before = await call(manager, 'GET', '/api/stocks/stocks/CEO/');
    const etag = before.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const res = await call(manager, 'PATCH', '/api/stocks/stocks/ceo/', {
      name: 'Tập đoàn Đầu tư Đại Dương',
      exchange_id: ids.HOSE,
      lot_size: 10,
      sector: ' Bất động sản ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ticker: 'CEO',
      name: 'Tập đoàn Đầu tư Đại Dương',
      exchange: { code: 'HOSE' },
      lot_size: 10,
      sector: 'Bất động sản',
      is_active: true,
    });
    expect(res.headers.etag).not.toBe(etag);
    expect((await call(staff, 'GET', '/api/stocks/stocks/CEO/')).headers.etag).toBe(res.headers.etag);
    // The search text follows the new name.
    const found = (await call(staff, 'GET', '/api/stocks/stocks/?q=dai duong')).json() as Stock[];
    expect(found.map((s) => s.ticker)).toEqual(['CEO']);

    // Deactivated: out of the search and the active list, still in the catalogue and by its ticker.
    const off = await call(admin, 'PATCH', '/api/stocks/stocks/CEO/', { is_active: false });
    expect(off.json()).toMatchObject({ is_active: false, name: 'Tập đoàn Đầu tư Đại Dương' });
    expect((await call(staff, 'GET', '/api/stocks/stocks/?q=dai duong')).json()).toEqual([]);
    expect(
      ((await call(staff, 'GET', '/api/stocks/stocks/')).json() as Stock[]).map((s) => s.ticker),
    ).not.toContain('CEO');
    expect((await call(staff, 'GET', '/api/stocks/stocks/CEO/')).json()).toMatchObject({ is_active: false });
    const listed = (await call(manager, 'GET', '/api/stocks/catalogue/?search=CEO')).json() as StockPage;
    expect(listed.results).toMatchObject([{ ticker: 'CEO', is_active: false }]);
    expect((await call(admin, 'PATCH', '/api/stocks/stocks/CEO/', { is_active: true })).json()).toMatchObject(
      {
        is_active: true,
      },
    );

    // Each refused field under its name, and nothing changed.
    const stored = (await call(staff, 'GET', '/api/stocks/stocks/CEO/')).json();
    for (const [body, field] of [
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(256) }, 'name'],
      [{ lot_size: 0 }, 'lot_size'],
      [{ lot_size: 2.5 }, 'lot_size'],
      [{ sector: 'x'.repeat(101) }, 'sector'],
      [{ is_active: 'maybe' }, 'is_active'],
      [{ exchange_id: 999 }, 'exchange_id'],
      [{ exchange_id: 'HOSE' }, 'exchange_id'],
    ] as const) {
      const refused = await call(manager, 'PATCH', '/api/stocks/stocks/CEO/', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.json()), JSON.stringify(body)).toEqual([field]);
    }
    expect((await call(manager, 'PATCH', '/api/stocks/stocks/CEO/', { exchange_id: 999 })).json()).toEqual({
      exchange_id: ['Invalid pk "999" - object does not exist.'],
    });
    expect((await call(staff, 'GET', '/api/stocks/stocks/CEO/')).json()).toEqual(stored);
    // The ticker is the stock's key: sent, it changes nothing.
    const renamed = await call(manager, 'PATCH', '/api/stocks/stocks/CEO/', { ticker: 'NEW', sector: 'BĐS' });
    expect(renamed.json()).toMatchObject({ ticker: 'CEO', sector: 'BĐS' });
    expect((await call(manager, 'PATCH', '/api/stocks/stocks/NOPE/', { sector: 'x' })).statusCode).toBe(404);
  });

  it('refuses an edit from a form filled before someone else saved (412) and changes nothing', async () => {
    const read = await call(manager, 'GET', '/api/stocks/stocks/ABB/');
    const etag = read.headers.etag as string;
    const first = await patchWith(admin, 'ABB', { sector: 'Ngân hàng' }, etag);
    expect(first.statusCode, first.body).toBe(200);
    const stale = await patchWith(manager, 'ABB', { sector: 'Tài chính', lot_size: 50 }, etag);
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({
      detail: STOCK_ADMIN_MESSAGES.changedSinceRead,
      code: 'precondition_failed',
    });
    expect((await call(staff, 'GET', '/api/stocks/stocks/ABB/')).json()).toMatchObject({
      sector: 'Ngân hàng',
      lot_size: 100,
    });
    // The new tag, or `*`, lets it through.
    const fresh = await patchWith(manager, 'ABB', { lot_size: 50 }, first.headers.etag as string);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await patchWith(manager, 'ABB', { lot_size: 100 }, '*')).statusCode).toBe(200);
  });

  it('moves the kept answers that show the stock when it is edited', async () => {
    const first = await call(staff, 'GET', '/api/stocks/snapshots/AAA/');
    expect(first.json()).toMatchObject({ name: 'Công ty Cổ phần Nhựa An Phát Xanh' });
    const tag = first.headers.etag as string;
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/stocks/snapshots/AAA/',
      headers: { ...staff.headers, 'if-none-match': tag },
    });
    expect(again.statusCode).toBe(304);

    await call(manager, 'PATCH', '/api/stocks/stocks/AAA/', { name: 'Nhựa An Phát' });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/stocks/snapshots/AAA/',
      headers: { ...staff.headers, 'if-none-match': tag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ name: 'Nhựa An Phát' });
    const batch = (await call(staff, 'GET', '/api/stocks/snapshots/?tickers=AAA')).json() as Snapshot[];
    expect(batch.map((s) => s.name)).toEqual(['Nhựa An Phát']);
  });

  it("feeds a stock's snapshot and chart with bars entered by hand exactly as with a provider's bars", async () => {
    await create('MANU', 'Cổ phần Nhập Tay', 'HOSE');
    await create('PROV', 'Cổ phần Nhà Cung Cấp', 'HOSE');
    const prov = await t.db
      .selectFrom('stocks')
      .select('id')
      .where('ticker', '=', 'PROV')
      .executeTakeFirstOrThrow();

    // Before any bar: the kept snapshot has no prices.
    const empty = await call(staff, 'GET', '/api/stocks/snapshots/MANU/');
    expect(empty.json()).toMatchObject({ current_price: null, prev_close: null, trading_date: null });

    // The month's first trading day (Mon 4 May after the holidays), the day before today, and an
    // older bar of April; today (Wed 6 May, 10:00) has no trade yet.
    const bars = [
      { date: '2026-04-28', open: 41_000, high: 41_900, low: 40_500, close: 41_500, volume: 900_000 },
      { date: '2026-05-04', open: 42_000, high: 43_000, low: 41_800, close: 42_600, volume: 1_200_000 },
      { date: '2026-05-05', open: 42_600, high: 44_200, low: 42_100, close: 44_000, volume: 2_500_000 },
    ];
    for (const bar of bars) {
      const res = await call(manager, 'POST', '/api/stocks/prices/', { ticker: 'manu', ...bar });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ ticker: 'MANU', ...bar, average: null, source: 'manual' });
    }
    await createBarsRepo(t.db).upsertBars(
      bars.map((bar) => ({ ...bar, stock_id: prov.id, average: null, source: 'vci' })),
    );

    const manual = (await call(staff, 'GET', '/api/stocks/snapshots/MANU/')).json() as Snapshot;
    const provided = (await call(staff, 'GET', '/api/stocks/snapshots/PROV/')).json() as Snapshot;
    expect(manual).toMatchObject({
      trading_date: '2026-05-05',
      current_price: 44_000,
      prev_close: 44_000,
      week_open: 42_000,
      month_open: 42_000,
      ceiling: 47_050,
      floor: 40_950,
    });
    expect({ ...manual, ticker: 'X', name: 'X' }).toEqual({ ...provided, ticker: 'X', name: 'X' });
    // In the batch call, through the snapshot rows, alike.
    const batch = (await call(staff, 'GET', '/api/stocks/snapshots/?tickers=MANU,PROV')).json() as Snapshot[];
    expect(batch.map((s) => ({ ...s, ticker: 'X', name: 'X' }))).toEqual([
      { ...manual, ticker: 'X', name: 'X' },
      { ...manual, ticker: 'X', name: 'X' },
    ]);

    // The chart's data (GET /prices/ as the stock page asks it): the bars as entered, oldest first.
    const chart = (await call(staff, 'GET', '/api/stocks/prices/?ticker=MANU&since=2026-04-01')).json();
    expect(chart).toEqual(bars.map((bar) => ({ ticker: 'MANU', ...bar, average: null, source: 'manual' })));
    const providedChart = (
      await call(staff, 'GET', '/api/stocks/prices/?ticker=PROV&since=2026-04-01')
    ).json();
    expect(providedChart).toEqual(
      bars.map((bar) => ({ ticker: 'PROV', ...bar, average: null, source: 'vci' })),
    );

    // A bar entered for the provider's day replaces it, and the snapshot follows.
    const fix = {
      ticker: 'PROV',
      date: '2026-05-05',
      open: 42_600,
      high: 45_000,
      low: 42_100,
      close: 45_000,
    };
    expect((await call(admin, 'POST', '/api/stocks/prices/', fix)).statusCode).toBe(201);
    expect((await call(staff, 'GET', '/api/stocks/snapshots/PROV/')).json()).toMatchObject({
      current_price: 45_000,
      prev_close: 45_000,
    });
    const replaced = (await call(staff, 'GET', '/api/stocks/prices/?ticker=PROV&since=2026-05-05')).json();
    expect(replaced).toEqual([{ ...fix, volume: 0, average: null, source: 'manual' }]);

    // The derived snapshot rows equal a recomputation from the bars, at every moment of these days.
    await expectSnapshotRowsConsistent(t.db, instantsAround('2026-05-04', '2026-05-07'));
  });
});
