// API tests for the stocks calls, on SQLite and PostgreSQL: roles, search, stock creation,
// snapshots computed from recorded prices, realtime quotes, price records and the holiday table.
import { type Snapshot, STOCK_MESSAGES, type Stock } from '@staff/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness';
import { caller, makeUser, type TestUser } from '../../test/users';
import { marketInstant } from './calendar/calendar';
import { setMarketClock, writeQuote } from './test-kit';

describe.each(testDatabases())('stocks API (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: TestUser;
  let manager: TestUser;
  let staff: TestUser;
  let ndf: TestUser;
  const ids: Record<string, number> = {};

  const bar = (ticker: string, date: string, base: number, average?: number) => ({
    ticker,
    date,
    open: base,
    high: base + 500,
    low: base - 500,
    close: base + 100,
    volume: 1_000_000,
    ...(average ? { average } : {}),
  });

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
    for (const [ticker, name, code] of [
      ['VNM', 'Công ty Cổ phần Sữa Việt Nam', 'HOSE'],
      ['VCB', 'Ngân hàng TMCP Ngoại thương Việt Nam', 'HOSE'],
      ['ACV', 'Tổng Công ty Cảng hàng không Việt Nam - CTCP', 'UPCOM'],
      ['ZZZ', 'Công ty Acme Đà Lạt', 'HNX'],
    ] as const) {
      const res = await call(manager, 'POST', '/api/stocks/stocks/', {
        ticker,
        name,
        exchange_id: ids[code],
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    for (const b of [
      bar('VNM', '2026-04-01', 60_000),
      bar('VNM', '2026-04-28', 61_000),
      bar('VNM', '2026-04-29', 62_000),
      bar('VNM', '2026-05-04', 63_000),
      bar('VNM', '2026-05-05', 64_000),
      bar('ACV', '2026-05-04', 20_000, 20_050),
      bar('ACV', '2026-05-05', 21_000, 20_950),
    ]) {
      const res = await call(manager, 'POST', '/api/stocks/prices/', b);
      expect(res.statusCode, res.body).toBe(201);
    }
    const vnm = await t.db
      .selectFrom('stocks')
      .select('id')
      .where('ticker', '=', 'VNM')
      .executeTakeFirstOrThrow();
    await writeQuote(t.db, {
      stockId: vnm.id,
      at: marketInstant('2026-05-06', '09:45'),
      price: 65_000,
      volume: 123_400,
      open: 64_800,
      high: 65_300,
      low: 64_600,
      source: 'demo',
    });
  });
  afterAll(() => t.close());

  it('answers 401 without a token and 403 to ndf; only admin and manager create stocks and prices', async () => {
    expect((await call(null, 'GET', '/api/stocks/watchlists/')).statusCode).toBe(401);
    for (const url of [
      '/api/stocks/stocks/?q=vn',
      '/api/stocks/exchanges/',
      '/api/stocks/watchlists/',
      '/api/stocks/snapshots/?tickers=VNM',
      '/api/stocks/realtime/?tickers=VNM',
      '/api/stocks/prices/?ticker=VNM',
    ]) {
      const res = await call(ndf, 'GET', url);
      expect(res.statusCode, url).toBe(403);
    }
    const create = { ticker: 'NEW1', name: 'New', exchange_id: ids.HOSE };
    expect((await call(staff, 'POST', '/api/stocks/stocks/', create)).statusCode).toBe(403);
    expect(
      (await call(staff, 'POST', '/api/stocks/prices/', bar('VNM', '2026-05-05', 1000))).statusCode,
    ).toBe(403);
    expect(
      (await call(manager, 'POST', '/api/stocks/holidays/', { date: '2026-12-31', name: 'x' })).statusCode,
    ).toBe(403);
    expect((await call(admin, 'POST', '/api/stocks/stocks/', create)).statusCode).toBe(201);
  });

  it('lists the three exchanges', async () => {
    const res = await call(staff, 'GET', '/api/stocks/exchanges/');
    expect(res.json().map((e: { code: string; board: string }) => [e.code, e.board])).toEqual([
      ['HOSE', 'HSX'],
      ['HNX', 'HNX'],
      ['UPCOM', 'UPCOM'],
    ]);
  });

  it('creates stocks upper-cased with the default lot size, and refuses bad or duplicate ones', async () => {
    const res = await call(manager, 'POST', '/api/stocks/stocks/', {
      ticker: ' fpt9 ',
      name: 'FPT thử',
      exchange_id: ids.HOSE,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      ticker: 'FPT9',
      lot_size: 100,
      sector: '',
      is_active: true,
      exchange: { code: 'HOSE' },
    });
    const dup = await call(manager, 'POST', '/api/stocks/stocks/', {
      ticker: 'FPT9',
      name: 'x',
      exchange_id: ids.HOSE,
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ ticker: [STOCK_MESSAGES.tickerTaken('FPT9')] });
    const bad = await call(manager, 'POST', '/api/stocks/stocks/', {
      ticker: 'FP-T',
      name: 'x',
      exchange_id: ids.HOSE,
    });
    expect(bad.json()).toEqual({ ticker: [STOCK_MESSAGES.tickerFormat] });
    const noExchange = await call(manager, 'POST', '/api/stocks/stocks/', {
      ticker: 'ABC1',
      name: 'x',
      exchange_id: 999,
    });
    expect(noExchange.statusCode).toBe(400);
    expect(Object.keys(noExchange.json())).toEqual(['exchange_id']);
    // Beyond the databases' integer ids: PostgreSQL failed the query with a 500 (found while fuzzing).
    const hugeExchange = await call(manager, 'POST', '/api/stocks/stocks/', {
      ticker: 'ABC3',
      name: 'x',
      exchange_id: 2_147_483_648,
    });
    expect(hugeExchange.statusCode).toBe(400);
    expect(Object.keys(hugeExchange.json())).toEqual(['exchange_id']);
    expect(
      (await call(manager, 'POST', '/api/stocks/stocks/', { ticker: 'ABC2', exchange_id: ids.HOSE })).json(),
    ).toHaveProperty('name');
  });

  it('searches ticker prefixes and names without accents, tickers first, limited', async () => {
    const tickers = async (q: string) =>
      ((await call(staff, 'GET', `/api/stocks/stocks/?q=${encodeURIComponent(q)}`)).json() as Stock[]).map(
        (s) => s.ticker,
      );
    expect(await tickers('sua')).toEqual(['VNM']); // "Sữa"
    expect(await tickers('ngoại thuong')).toEqual(['VCB']);
    expect(await tickers('ac')).toEqual(['ACV', 'ZZZ']); // ticker ACV before the name "Acme"
    expect(await tickers('da lat')).toEqual(['ZZZ']); // "Đà Lạt"
    expect(await tickers('vn')).toEqual(['VNM']);
    expect(await tickers('%')).toEqual([]);
    // The names people use, whole or begun, any case, accents and spaces optional (issue 27).
    expect(await tickers('vietcombank')).toEqual(['VCB']);
    expect(await tickers('Vietcom')).toEqual(['VCB']);
    expect(await tickers('viet com')).toEqual(['VCB']);
    expect(await tickers('vinamilk')).toEqual(['VNM']);
    expect(await tickers('khong co cong ty nay')).toEqual([]);
    const limited = await call(staff, 'GET', '/api/stocks/stocks/?q=c&limit=2');
    expect(limited.json()).toHaveLength(2);
    expect((await call(staff, 'GET', '/api/stocks/stocks/?limit=500')).statusCode).toBe(400);
    const exact = (await call(staff, 'GET', '/api/stocks/stocks/?ticker=vcb')).json() as Stock[];
    expect(exact.map((s) => s.ticker)).toEqual(['VCB']);
  });

  it('gets one stock by ticker, case-insensitively, and 404 for an unknown one', async () => {
    const res = await call(staff, 'GET', '/api/stocks/stocks/vnm/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ticker: 'VNM',
      name: 'Công ty Cổ phần Sữa Việt Nam',
      exchange: { code: 'HOSE' },
    });
    expect((await call(staff, 'GET', '/api/stocks/stocks/NOPE/')).statusCode).toBe(404);
  });

  it('computes batch snapshots from the recorded prices and the live quote, leaving unknown tickers out', async () => {
    const res = await call(staff, 'GET', '/api/stocks/snapshots/?tickers=vnm,NOPE,ACV,VNM');
    expect(res.statusCode).toBe(200);
    const [vnm, acv] = res.json() as Snapshot[];
    expect(res.json()).toHaveLength(2);
    expect(vnm).toMatchObject({
      ticker: 'VNM',
      exchange: 'HOSE',
      trading_date: '2026-05-06',
      current_price: 65_000,
      open_price: 64_800,
      high_price: 65_300,
      low_price: 64_600,
      volume: 123_400,
      prev_close: 64_100,
      week_open: 63_000,
      month_open: 63_000,
      live_as_of: '2026-05-06T02:45:00.000Z',
      is_holiday: false,
    });
    // UPCOM: no trade yet today, so the last close; the reference is the previous average.
    expect(acv).toMatchObject({
      ticker: 'ACV',
      current_price: 21_100,
      prev_close: 20_950,
      live_as_of: null,
      open_price: null,
    });
    const one = await call(staff, 'GET', '/api/stocks/snapshots/VNM/');
    expect(one.json()).toEqual(vnm);
    expect((await call(staff, 'GET', '/api/stocks/snapshots/NOPE/')).statusCode).toBe(404);
    const many = Array.from({ length: 101 }, (_, i) => `T${i}`).join(',');
    const tooMany = await call(staff, 'GET', `/api/stocks/snapshots/?tickers=${many}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ tickers: [STOCK_MESSAGES.tooManyTickers] });
    expect((await call(staff, 'GET', '/api/stocks/snapshots/')).statusCode).toBe(400);
  });

  it('answers realtime quotes for tickers that have one', async () => {
    const res = await call(staff, 'GET', '/api/stocks/realtime/?tickers=VNM,ACV,NOPE');
    expect(res.json()).toEqual([
      { ticker: 'VNM', price: 65_000, volume: 123_400, as_of: '2026-05-06T02:45:00.000Z', source: 'demo' },
    ]);
  });

  it('records and lists price records by ticker and since, and rejects inconsistent ones', async () => {
    const res = await call(staff, 'GET', '/api/stocks/prices/?ticker=vnm&since=2026-04-29');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { date: string; close: number }) => [p.date, p.close])).toEqual([
      ['2026-04-29', 62_100],
      ['2026-05-04', 63_100],
      ['2026-05-05', 64_100],
    ]);
    expect(res.json()[0]).toMatchObject({
      ticker: 'VNM',
      source: 'manual',
      volume: 1_000_000,
      average: null,
    });
    // A second record for a day replaces it.
    await call(manager, 'POST', '/api/stocks/prices/', {
      ...bar('VNM', '2026-04-29', 62_000),
      close: 62_200,
    });
    const again = await call(staff, 'GET', '/api/stocks/prices/?ticker=VNM&since=2026-04-29');
    expect(again.json()[0].close).toBe(62_200);
    const wrong = await call(manager, 'POST', '/api/stocks/prices/', {
      ...bar('VNM', '2026-05-05', 1000),
      high: 10,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toHaveProperty('high');
    const badDate = await call(manager, 'POST', '/api/stocks/prices/', bar('VNM', '2026-02-30', 1000));
    expect(badDate.json()).toHaveProperty('date');
    const unknown = await call(manager, 'POST', '/api/stocks/prices/', bar('NOPE', '2026-05-05', 1000));
    expect(unknown.json()).toEqual({ ticker: [STOCK_MESSAGES.unknownTicker('NOPE')] });
    expect((await call(staff, 'GET', '/api/stocks/prices/?ticker=NOPE')).statusCode).toBe(404);
    expect((await call(staff, 'GET', '/api/stocks/prices/')).statusCode).toBe(400);
  });

  it('refuses an implausible price in a price record (zero, negative, huge, infinite) and stores nothing', async () => {
    const day = '2026-03-02';
    const post = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/stocks/prices/',
        headers: { ...manager.headers, 'content-type': 'application/json' },
        payload: JSON.stringify(body).replace('"close":"INFINITY"', '"close":1e400'),
      });
    const cases: [unknown, string][] = [
      [1e308, 'Ensure this value is less than or equal to 10000000.'],
      [10_000_001, 'Ensure this value is less than or equal to 10000000.'],
      ['INFINITY', 'A valid number is required.'],
      [0, 'Ensure this value is greater than 0.'],
      [-1, 'Ensure this value is greater than 0.'],
    ];
    for (const [close, message] of cases) {
      // The other prices stay plausible, so the refusal is close's own.
      const res = await post({ ...bar('VNM', day, 1000), open: 1, low: 1, high: 10_000_000, close });
      expect(res.statusCode, String(close)).toBe(400);
      expect(res.json(), String(close)).toEqual({ close: [message] });
    }
    const average = await post({ ...bar('VNM', day, 1000), average: 1e308 });
    expect(average.json()).toEqual({ average: ['Ensure this value is less than or equal to 10000000.'] });
    expect(
      (await call(staff, 'GET', `/api/stocks/prices/?ticker=VNM&since=${day}`)).json(),
    ).not.toContainEqual(expect.objectContaining({ date: day }));
    // The ceiling itself is a price (10 million dong a share, far above any listed share's).
    const top = await post({
      ...bar('VNM', day, 1000),
      open: 10_000_000,
      high: 10_000_000,
      close: 10_000_000,
    });
    expect(top.statusCode, top.body).toBe(201);
  });

  it('lets an administrator extend the holiday table, which the snapshots follow at once', async () => {
    const year = (await call(staff, 'GET', '/api/stocks/holidays/?year=2026')).json() as { date: string }[];
    expect(year.map((h) => h.date)).toContain('2026-04-27');
    expect(year.every((h) => h.date.startsWith('2026-'))).toBe(true);
    // Declare today (Wed 2026-05-06) closed: the board shows Tuesday's session, not live, and a holiday.
    const add = await call(admin, 'POST', '/api/stocks/holidays/', {
      date: '2026-05-06',
      name: 'Ngày nghỉ đột xuất',
    });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toEqual({
      date: '2026-05-06',
      name: 'Ngày nghỉ đột xuất',
      kind: 'holiday',
      source: '',
    });
    const closed = (await call(staff, 'GET', '/api/stocks/snapshots/VNM/')).json() as Snapshot;
    expect(closed).toMatchObject({
      is_holiday: true,
      live_as_of: null,
      trading_date: '2026-05-05',
      current_price: 64_100,
      prev_close: 63_100,
    });
    expect(
      (await call(admin, 'POST', '/api/stocks/holidays/', { date: '2026-05-06', name: 'x' })).json(),
    ).toEqual({
      date: [STOCK_MESSAGES.holidayExists],
    });
    expect(
      (await call(admin, 'POST', '/api/stocks/holidays/', { date: '2026-05-09', name: 'x' })).json(),
    ).toEqual({
      date: [STOCK_MESSAGES.notAWeekday],
    });
    expect((await call(admin, 'DELETE', '/api/stocks/holidays/2026-05-06/')).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', '/api/stocks/holidays/2026-05-06/')).statusCode).toBe(404);
    const open = (await call(staff, 'GET', '/api/stocks/snapshots/VNM/')).json() as Snapshot;
    expect(open).toMatchObject({ is_holiday: false, current_price: 65_000 });
  });
});
