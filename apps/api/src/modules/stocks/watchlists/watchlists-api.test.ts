// API tests for watchlists on SQLite and PostgreSQL: the first list is the default, names are
// required and unique per user, add_item / remove_item with their 400s, and ownership (404).
import { STOCK_MESSAGES, type Watchlist, type WatchlistDetail } from '@staff/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness';
import { caller, makeUser, type TestUser } from '../../../test/users';
import { setMarketClock } from '../test-kit';
import { createWatchlistsService } from './service';

describe.each(testDatabases())('watchlists API (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser;
  let other: TestUser;
  let first: WatchlistDetail;
  let second: WatchlistDetail;

  beforeAll(async () => {
    t = await createTestApp(kind);
    call = caller(t);
    setMarketClock(t, '2026-11-20', '10:00');
    const manager = await makeUser(t, 'manager');
    [owner, other] = await Promise.all([makeUser(t), makeUser(t)]);
    const exchanges = (await call(owner, 'GET', '/api/stocks/exchanges/')).json() as { id: number }[];
    for (const ticker of ['VNM', 'FPT', 'HPG']) {
      await call(manager, 'POST', '/api/stocks/stocks/', {
        ticker,
        name: `${ticker} Co`,
        exchange_id: exchanges[0]?.id,
      });
    }
    await call(manager, 'POST', '/api/stocks/prices/', {
      ticker: 'VNM',
      date: '2026-11-19',
      open: 60_000,
      high: 61_000,
      low: 59_500,
      close: 60_500,
      volume: 5000,
    });
  });
  afterAll(() => t.close());

  it('makes the first list the default and the next ones not, unless asked', async () => {
    const a = await call(owner, 'POST', '/api/stocks/watchlists/', { name: 'Ngân hàng', is_default: false });
    expect(a.statusCode).toBe(201);
    first = a.json();
    expect(first).toMatchObject({ name: 'Ngân hàng', is_default: true, item_count: 0, items: [] });
    second = (await call(owner, 'POST', '/api/stocks/watchlists/', { name: 'Công nghệ' })).json();
    expect(second.is_default).toBe(false);
    const lists = (await call(owner, 'GET', '/api/stocks/watchlists/')).json() as Watchlist[];
    expect(lists.map((l) => [l.name, l.is_default])).toEqual([
      ['Ngân hàng', true],
      ['Công nghệ', false],
    ]);
    // Another user's first list is their own default.
    const theirs = (await call(other, 'POST', '/api/stocks/watchlists/', { name: 'Ngân hàng' })).json();
    expect(theirs.is_default).toBe(true);
    // is_default on a later list moves the default.
    const third = (
      await call(owner, 'POST', '/api/stocks/watchlists/', { name: 'Tạm', is_default: true })
    ).json();
    expect(third.is_default).toBe(true);
    const after = (await call(owner, 'GET', '/api/stocks/watchlists/')).json() as Watchlist[];
    expect(after.filter((l) => l.is_default).map((l) => l.name)).toEqual(['Tạm']);
    // Deleting the default hands it to the oldest remaining list.
    expect((await call(owner, 'DELETE', `/api/stocks/watchlists/${third.id}/`)).statusCode).toBe(204);
    const left = (await call(owner, 'GET', '/api/stocks/watchlists/')).json() as Watchlist[];
    expect(left.map((l) => [l.name, l.is_default])).toEqual([
      ['Ngân hàng', true],
      ['Công nghệ', false],
    ]);
  });

  it('keeps one default when a user creates lists at the same time, asked or not', async () => {
    const busy = await makeUser(t);
    // Straight to the service, so the creates meet in the database rather than queue in the router.
    const service = createWatchlistsService({ db: t.db, now: () => t.clock.now() });
    await Promise.all(
      ['A', 'B', 'C', 'D', 'E', 'F'].map((name, i) =>
        service.createWatchlist({ id: busy.id, role: 'staff' }, { name, is_default: i % 2 === 0 }),
      ),
    );
    const lists = (await call(busy, 'GET', '/api/stocks/watchlists/')).json() as Watchlist[];
    expect(lists).toHaveLength(6);
    expect(lists.filter((l) => l.is_default)).toHaveLength(1);
  });

  it('requires a name, unique per user regardless of case', async () => {
    const blank = await call(owner, 'POST', '/api/stocks/watchlists/', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ name: [STOCK_MESSAGES.nameRequired] });
    expect((await call(owner, 'POST', '/api/stocks/watchlists/', {})).json()).toEqual({
      name: [STOCK_MESSAGES.nameRequired],
    });
    const dup = await call(owner, 'POST', '/api/stocks/watchlists/', { name: 'ngân HÀNG' });
    expect(dup.json()).toEqual({ name: [STOCK_MESSAGES.nameTaken] });
    const rename = await call(owner, 'PATCH', `/api/stocks/watchlists/${second.id}/`, { name: 'Ngân hàng' });
    expect(rename.json()).toEqual({ name: [STOCK_MESSAGES.nameTaken] });
    const ok = await call(owner, 'PATCH', `/api/stocks/watchlists/${second.id}/`, { name: 'Công nghệ 2' });
    expect(ok.json()).toMatchObject({ name: 'Công nghệ 2', is_default: false });
  });

  it('refuses an implausible target price (zero, negative, huge, infinite) and adds nothing', async () => {
    const list = (await call(owner, 'POST', '/api/stocks/watchlists/', { name: 'Giá mục tiêu' })).json();
    const add = (targetPrice: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/stocks/watchlists/${list.id}/add_item/`,
        headers: { ...owner.headers, 'content-type': 'application/json' },
        // JSON's 1e400 parses to Infinity.
        payload: JSON.stringify({ ticker: 'HPG', target_price: targetPrice }).replace('"INFINITY"', '1e400'),
      });
    const cases: [unknown, string][] = [
      [1e308, 'Ensure this value is less than or equal to 10000000.'],
      [10_000_001, 'Ensure this value is less than or equal to 10000000.'],
      ['INFINITY', 'A valid number is required.'],
      [0, 'Ensure this value is greater than 0.'],
      [-25_000, 'Ensure this value is greater than 0.'],
    ];
    for (const [targetPrice, message] of cases) {
      const res = await add(targetPrice);
      expect(res.statusCode, String(targetPrice)).toBe(400);
      expect(res.json(), String(targetPrice)).toEqual({ target_price: [message] });
    }
    const detail = (await call(owner, 'GET', `/api/stocks/watchlists/${list.id}/`)).json() as WatchlistDetail;
    expect(detail.items).toEqual([]);
    // The ceiling itself is a price (10 million dong a share), and no target at all stays allowed.
    expect((await add(10_000_000)).statusCode).toBe(201);
    expect((await call(owner, 'DELETE', `/api/stocks/watchlists/${list.id}/`)).statusCode).toBe(204);
  });

  it('adds tickers with a note and target price, with snapshots; unknown and duplicate tickers are 400s naming them', async () => {
    const add = await call(owner, 'POST', `/api/stocks/watchlists/${first.id}/add_item/`, {
      ticker: 'vnm',
      note: 'theo dõi',
      target_price: 70_000,
    });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({
      stock: { ticker: 'VNM', name: 'VNM Co', exchange: 'HOSE' },
      note: 'theo dõi',
      target_price: 70_000,
      snapshot: { ticker: 'VNM', current_price: 60_500, open_price: null, prev_close: 60_500 },
    });
    await call(owner, 'POST', `/api/stocks/watchlists/${first.id}/add_item/`, { ticker: 'FPT' });
    const dup = await call(owner, 'POST', `/api/stocks/watchlists/${first.id}/add_item/`, { ticker: 'VNM' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ ticker: [STOCK_MESSAGES.duplicateTicker('VNM')] });
    const unknown = await call(owner, 'POST', `/api/stocks/watchlists/${first.id}/add_item/`, {
      ticker: 'XYZ9',
    });
    expect(unknown.json()).toEqual({ ticker: [STOCK_MESSAGES.unknownTicker('XYZ9')] });
    const missing = await call(owner, 'POST', `/api/stocks/watchlists/${first.id}/add_item/`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toHaveProperty('ticker');
    // The same ticker may sit in another list.
    expect(
      (await call(owner, 'POST', `/api/stocks/watchlists/${second.id}/add_item/`, { ticker: 'VNM' }))
        .statusCode,
    ).toBe(201);
    const detail = (
      await call(owner, 'GET', `/api/stocks/watchlists/${first.id}/`)
    ).json() as WatchlistDetail;
    expect(detail.items.map((i) => i.stock.ticker)).toEqual(['VNM', 'FPT']);
    expect(detail.item_count).toBe(2);
    expect(detail.items[1]?.snapshot).toMatchObject({ ticker: 'FPT', current_price: null });
  });

  it('removes a ticker, and says so when it is not in the list', async () => {
    const res = await call(owner, 'POST', `/api/stocks/watchlists/${first.id}/remove_item/`, {
      ticker: 'fpt',
    });
    expect(res.statusCode).toBe(204);
    const again = await call(owner, 'POST', `/api/stocks/watchlists/${first.id}/remove_item/`, {
      ticker: 'FPT',
    });
    expect(again.json()).toEqual({ ticker: [STOCK_MESSAGES.notInList('FPT')] });
    const detail = (
      await call(owner, 'GET', `/api/stocks/watchlists/${first.id}/`)
    ).json() as WatchlistDetail;
    expect(detail.items.map((i) => i.stock.ticker)).toEqual(['VNM']);
  });

  it("answers 404 for another user's list on every call", async () => {
    const base = `/api/stocks/watchlists/${first.id}/`;
    expect((await call(other, 'GET', base)).statusCode).toBe(404);
    expect((await call(other, 'PATCH', base, { name: 'mine' })).statusCode).toBe(404);
    expect((await call(other, 'POST', `${base}add_item/`, { ticker: 'HPG' })).statusCode).toBe(404);
    expect((await call(other, 'POST', `${base}remove_item/`, { ticker: 'VNM' })).statusCode).toBe(404);
    expect((await call(other, 'DELETE', base)).statusCode).toBe(404);
    expect((await call(owner, 'GET', '/api/stocks/watchlists/999999/')).statusCode).toBe(404);
    const theirs = (await call(other, 'GET', '/api/stocks/watchlists/')).json() as Watchlist[];
    expect(theirs.map((l) => l.name)).toEqual(['Ngân hàng']);
    // The owner's list is untouched.
    expect((await call(owner, 'GET', base)).json().items).toHaveLength(1);
  });

  it("lists every watchlist with its items (ticker, note, target price), the owner's only", async () => {
    // Spec section 3: "Watchlist: id, name, is_default, items".
    await call(owner, 'POST', `/api/stocks/watchlists/${second.id}/add_item/`, {
      ticker: 'HPG',
      note: 'thép',
      target_price: 30_000,
    });
    const mine = (await call(other, 'POST', '/api/stocks/watchlists/', { name: 'Của tôi' })).json();
    await call(other, 'POST', `/api/stocks/watchlists/${mine.id}/add_item/`, { ticker: 'FPT' });
    const res = await call(owner, 'GET', '/api/stocks/watchlists/');
    expect(res.statusCode).toBe(200);
    const lists = res.json() as Watchlist[];
    const shape = (l: Watchlist) => ({
      name: l.name,
      item_count: l.item_count,
      items: l.items.map((i) => [i.stock.ticker, i.stock.name, i.stock.exchange, i.note, i.target_price]),
    });
    expect(lists.map(shape)).toEqual([
      { name: 'Ngân hàng', item_count: 1, items: [['VNM', 'VNM Co', 'HOSE', 'theo dõi', 70_000]] },
      {
        name: 'Công nghệ 2',
        item_count: 2,
        items: [
          ['VNM', 'VNM Co', 'HOSE', '', null],
          ['HPG', 'HPG Co', 'HOSE', 'thép', 30_000],
        ],
      },
    ]);
    // The same items, ids and times as the detail gives, without the snapshot.
    const detail = (
      await call(owner, 'GET', `/api/stocks/watchlists/${second.id}/`)
    ).json() as WatchlistDetail;
    expect(lists[1]?.items).toEqual(detail.items.map(({ snapshot: _, ...item }) => item));
    const again = (await call(other, 'GET', '/api/stocks/watchlists/')).json() as Watchlist[];
    expect(again.map(shape)).toEqual([
      { name: 'Ngân hàng', item_count: 0, items: [] },
      { name: 'Của tôi', item_count: 1, items: [['FPT', 'FPT Co', 'HOSE', '', null]] },
    ]);
  });

  it("refuses a list id beyond the databases' integers with 400, not a failed query (found by the fuzz test)", async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await call(owner, method, '/api/stocks/watchlists/2147483648/')).statusCode, method).toBe(400);
    }
  });
});
