// API tests for a watchlist item's note and target (issue 26) on SQLite and PostgreSQL: PATCH
// .../items/{item_id}/ round-trips and clears, refuses bad values with add_item's words and changes
// nothing, answers 404 for another user's list or item and for an item of another list, and the
// crossing rule (the side a target takes when set, and when the price has crossed it) through the API.
import { targetCrossed, type Watchlist, type WatchlistDetail, type WatchlistItem } from '@staff/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness';
import { caller, makeUser, type TestUser } from '../../../test/users';
import { setMarketClock, writeQuote } from '../test-kit';

describe.each(testDatabases())('watchlist items: note and target (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser;
  let other: TestUser;
  let list: WatchlistDetail;
  let spare: WatchlistDetail;
  const stockIds = new Map<string, number>();

  const itemUrl = (listId: number, itemId: number) => `/api/stocks/watchlists/${listId}/items/${itemId}/`;
  const detailOf = async (listId: number) =>
    (await call(owner, 'GET', `/api/stocks/watchlists/${listId}/`)).json() as WatchlistDetail;
  const itemOf = async (listId: number, ticker: string) =>
    (await detailOf(listId)).items.find((i) => i.stock.ticker === ticker) as WatchlistItem;
  const add = async (listId: number, body: Record<string, unknown>) => {
    const res = await call(owner, 'POST', `/api/stocks/watchlists/${listId}/add_item/`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as WatchlistItem;
  };
  const patch = (listId: number, itemId: number, body: unknown, user: TestUser = owner) =>
    call(user, 'PATCH', itemUrl(listId, itemId), body);
  /** A trade at this price now, in the session (the card's current price follows it). */
  const trade = (ticker: string, price: number) =>
    writeQuote(t.db, { stockId: stockIds.get(ticker) as number, at: t.clock.now(), price, volume: 1000 });

  beforeAll(async () => {
    t = await createTestApp(kind);
    call = caller(t);
    // Friday 2026-11-20, 10:00: in the morning session.
    setMarketClock(t, '2026-11-20', '10:00');
    const manager = await makeUser(t, 'manager');
    [owner, other] = await Promise.all([makeUser(t), makeUser(t)]);
    const exchanges = (await call(owner, 'GET', '/api/stocks/exchanges/')).json() as { id: number }[];
    for (const ticker of ['VNM', 'FPT', 'HPG', 'MWG', 'NEW']) {
      const res = await call(manager, 'POST', '/api/stocks/stocks/', {
        ticker,
        name: `${ticker} Co`,
        exchange_id: exchanges[0]?.id,
      });
      stockIds.set(ticker, (res.json() as { id: number }).id);
    }
    // Every stock but NEW closed at 50 000 yesterday: today's price until a trade moves it.
    for (const ticker of ['VNM', 'FPT', 'HPG', 'MWG']) {
      const res = await call(manager, 'POST', '/api/stocks/prices/', {
        ticker,
        date: '2026-11-19',
        open: 50_000,
        high: 50_000,
        low: 50_000,
        close: 50_000,
        volume: 1000,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    list = (await call(owner, 'POST', '/api/stocks/watchlists/', { name: 'Theo dõi' })).json();
    spare = (await call(owner, 'POST', '/api/stocks/watchlists/', { name: 'Khác' })).json();
  });
  afterAll(() => t.close());

  it('changes the note and the target, clears each, and the kept detail and the list of lists follow', async () => {
    const added = await add(list.id, { ticker: 'VNM' });
    expect(added).toMatchObject({ note: '', target_price: null, target_direction: null });
    // Read once first, so the detail is an answer kept ready (decision 0021) that the write must renew.
    expect((await itemOf(list.id, 'VNM')).note).toBe('');

    const res = await patch(list.id, added.id, { note: '  Chờ vượt đỉnh  ', target_price: 55_000 });
    expect(res.statusCode, res.body).toBe(200);
    const changed = res.json() as WatchlistItem;
    expect(changed).toMatchObject({
      id: added.id,
      stock: { ticker: 'VNM', name: 'VNM Co', exchange: 'HOSE' },
      note: 'Chờ vượt đỉnh',
      target_price: 55_000,
      target_direction: 'above',
      added_at: added.added_at,
      snapshot: { ticker: 'VNM', current_price: 50_000 },
    });
    // The answer is the item exactly as the list detail shows it.
    expect(await itemOf(list.id, 'VNM')).toEqual(changed);
    const lists = (await call(owner, 'GET', '/api/stocks/watchlists/')).json() as Watchlist[];
    const { snapshot: _, ...withoutSnapshot } = changed;
    expect(lists.find((l) => l.id === list.id)?.items).toEqual([withoutSnapshot]);

    // Either field alone: the other stays.
    const noteOnly = (await patch(list.id, added.id, { note: 'Mua thêm' })).json() as WatchlistItem;
    expect(noteOnly).toMatchObject({ note: 'Mua thêm', target_price: 55_000, target_direction: 'above' });
    const targetOnly = (await patch(list.id, added.id, { target_price: 45_000 })).json() as WatchlistItem;
    expect(targetOnly).toMatchObject({ note: 'Mua thêm', target_price: 45_000, target_direction: 'below' });

    // '' clears the note, null the target and its side.
    const cleared = (
      await patch(list.id, added.id, { note: '', target_price: null })
    ).json() as WatchlistItem;
    expect(cleared).toMatchObject({ note: '', target_price: null, target_direction: null });
    expect(await itemOf(list.id, 'VNM')).toMatchObject({
      note: '',
      target_price: null,
      target_direction: null,
    });
  });

  it("refuses a target that is not a positive price and a note over 500 characters with add_item's words, changing nothing", async () => {
    const item = await add(list.id, { ticker: 'FPT', note: 'giữ', target_price: 60_000 });
    const before = await itemOf(list.id, 'FPT');
    const cases: [unknown, Record<string, string[]>][] = [
      [{ target_price: 0 }, { target_price: ['Ensure this value is greater than 0.'] }],
      [{ target_price: -25_000 }, { target_price: ['Ensure this value is greater than 0.'] }],
      [{ target_price: 'abc' }, { target_price: ['A valid number is required.'] }],
      [{ target_price: '55000' }, { target_price: ['A valid number is required.'] }],
      [
        { target_price: 10_000_001 },
        { target_price: ['Ensure this value is less than or equal to 10000000.'] },
      ],
      [
        { note: 'x'.repeat(501), target_price: 70_000 },
        { note: ['Ensure this field has no more than 500 characters.'] },
      ],
      [{ note: 42 }, { note: ['Not a valid string.'] }],
      [{}, { non_field_errors: ['Send a note or a target_price.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await patch(list.id, item.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual(errors);
    }
    // add_item refuses the same values with the same words.
    const addRes = await call(owner, 'POST', `/api/stocks/watchlists/${spare.id}/add_item/`, {
      ticker: 'FPT',
      note: 'x'.repeat(501),
      target_price: 0,
    });
    expect(addRes.json()).toEqual({
      note: ['Ensure this field has no more than 500 characters.'],
      target_price: ['Ensure this value is greater than 0.'],
    });
    expect(await itemOf(list.id, 'FPT')).toEqual(before);
    // 500 characters (after trimming) is a note.
    const longest = await patch(list.id, item.id, { note: ` ${'y'.repeat(500)} ` });
    expect(longest.statusCode).toBe(200);
    expect((longest.json() as WatchlistItem).note).toHaveLength(500);
  });

  it("answers 404 for another user's list or item, an item of another list and an unknown item, changing nothing", async () => {
    const item = await itemOf(list.id, 'FPT');
    const theirs = (await call(other, 'POST', '/api/stocks/watchlists/', { name: 'Của tôi' })).json();
    const theirItem = (
      await call(other, 'POST', `/api/stocks/watchlists/${theirs.id}/add_item/`, {
        ticker: 'HPG',
        note: 'của họ',
      })
    ).json() as WatchlistItem;
    const body = { note: 'đổi', target_price: 12_345 };
    const refused: [string, TestUser, number, number][] = [
      ["another user's item in the owner's list", other, list.id, item.id],
      ["the owner's item through another user's list", other, theirs.id, item.id],
      ["another user's item through the owner's list", owner, list.id, theirItem.id],
      ["another user's item in their list", owner, theirs.id, theirItem.id],
      ['an item of another of the owner’s lists', owner, spare.id, item.id],
      ['an unknown item', owner, list.id, 999_999],
      ['an unknown list', owner, 999_999, item.id],
    ];
    for (const [what, user, listId, itemId] of refused) {
      const res = await patch(listId, itemId, body, user);
      expect(res.statusCode, what).toBe(404);
      expect(res.json(), what).toMatchObject({ detail: 'Not found.' });
    }
    expect(await itemOf(list.id, 'FPT')).toEqual(item);
    const theirsNow = (
      await call(other, 'GET', `/api/stocks/watchlists/${theirs.id}/`)
    ).json() as WatchlistDetail;
    expect(theirsNow.items[0]).toMatchObject({ note: 'của họ', target_price: null });
    // A stranger is refused before the body is read; an id past the databases' integers is a 400.
    expect((await call(null, 'PATCH', itemUrl(list.id, item.id), body)).statusCode).toBe(401);
    expect((await patch(list.id, 2_147_483_648, body)).statusCode).toBe(400);
  });

  it('marks a target crossed once the price reaches it from the side it was set on, in either direction', async () => {
    // At 50 000: a target above waits for a rise, one below for a fall.
    const rise = await add(list.id, { ticker: 'HPG', target_price: 52_000 });
    const fall = await add(spare.id, { ticker: 'HPG', target_price: 48_000 });
    expect([rise.target_direction, fall.target_direction]).toEqual(['above', 'below']);
    expect(targetCrossed(rise, rise.snapshot?.current_price)).toBe(false);
    expect(targetCrossed(fall, fall.snapshot?.current_price)).toBe(false);

    const crossed = async () => {
      const [up, down] = [await itemOf(list.id, 'HPG'), await itemOf(spare.id, 'HPG')];
      return [up, down].map((i) => [i.snapshot?.current_price, targetCrossed(i, i.snapshot?.current_price)]);
    };
    await trade('HPG', 51_900);
    expect(await crossed()).toEqual([
      [51_900, false],
      [51_900, false],
    ]);
    // Exactly at the target counts as crossed.
    await trade('HPG', 52_000);
    expect(await crossed()).toEqual([
      [52_000, true],
      [52_000, false],
    ]);
    await trade('HPG', 47_500);
    expect(await crossed()).toEqual([
      [47_500, false],
      [47_500, true],
    ]);
  });

  it('keeps a crossed target on its side when the same target is sent again, and gives a new one the side of the price now', async () => {
    // HPG trades at 47 500; the spare list's 48 000 target (set from above) is crossed.
    const item = await itemOf(spare.id, 'HPG');
    expect(targetCrossed(item, item.snapshot?.current_price)).toBe(true);
    // Saving the note with the same target: still the target below, still crossed.
    const again = (
      await patch(spare.id, item.id, { note: 'đã chạm', target_price: 48_000 })
    ).json() as WatchlistItem;
    expect(again).toMatchObject({ note: 'đã chạm', target_price: 48_000, target_direction: 'below' });
    expect(targetCrossed(again, again.snapshot?.current_price)).toBe(true);
    // A new target is set against today's price: 48 000 → 47 000 is below 47 500 again, not crossed.
    const lower = (await patch(spare.id, item.id, { target_price: 47_000 })).json() as WatchlistItem;
    expect(lower.target_direction).toBe('below');
    expect(targetCrossed(lower, lower.snapshot?.current_price)).toBe(false);
    // Back to 48 000 is a change of target: now above the price, waiting for a rise.
    const back = (await patch(spare.id, item.id, { target_price: 48_000 })).json() as WatchlistItem;
    expect(back.target_direction).toBe('above');
    expect(targetCrossed(back, back.snapshot?.current_price)).toBe(false);
  });

  it('gives no side to a target set at the price or with no price known, so it is never crossed until set again', async () => {
    // MWG is at 50 000: a target at the price has no side to cross from.
    const atPrice = await add(list.id, { ticker: 'MWG', target_price: 50_000 });
    expect(atPrice.target_direction).toBeNull();
    await trade('MWG', 51_000);
    const moved = await itemOf(list.id, 'MWG');
    expect(targetCrossed(moved, moved.snapshot?.current_price)).toBe(false);
    // Set again away from the price it takes a side; set at the price (now 51 000), none again.
    const away = (await patch(list.id, atPrice.id, { target_price: 52_000 })).json() as WatchlistItem;
    expect(away.target_direction).toBe('above');
    const atNewPrice = (await patch(list.id, atPrice.id, { target_price: 51_000 })).json() as WatchlistItem;
    expect(atNewPrice).toMatchObject({ target_price: 51_000, target_direction: null });
    expect(targetCrossed(atNewPrice, atNewPrice.snapshot?.current_price)).toBe(false);

    // NEW has no price at all yet.
    const unpriced = await add(list.id, { ticker: 'NEW', note: 'mới niêm yết', target_price: 20_000 });
    expect(unpriced).toMatchObject({ target_direction: null, snapshot: { current_price: null } });
    expect(targetCrossed(unpriced, unpriced.snapshot?.current_price)).toBe(false);
    // Its first trades come: still no side, so never crossed (a target set blind is not guessed at).
    await trade('NEW', 21_000);
    const priced = await itemOf(list.id, 'NEW');
    expect(priced.snapshot?.current_price).toBe(21_000);
    expect(targetCrossed(priced, priced.snapshot?.current_price)).toBe(false);
    // Setting it again, even to the same value, gives it the side of the price now.
    const reset = (await patch(list.id, unpriced.id, { target_price: 20_000 })).json() as WatchlistItem;
    expect(reset.target_direction).toBe('below');
    await trade('NEW', 19_900);
    const fallen = await itemOf(list.id, 'NEW');
    expect(targetCrossed(fallen, fallen.snapshot?.current_price)).toBe(true);
  });
});
