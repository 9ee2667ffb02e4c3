// Issue 22: which kept answers a browser may keep (decision 0021). An answer with one user's data
// (their diary, their watchlist) or with personal data (lists of people, their e-mails) goes out
// `no-store` without an ETag, kept on the server only; an answer the same for every reader and free
// of personal data carries an ETag and `private, no-cache`. And the CashFlow history and board, which
// are of the second kind, never name a player by e-mail — not while the account lives, nor after it
// is deleted. On both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalizeBody } from '../modules/cashflow/test-fixtures';
import { diaryOf } from '../modules/diary/test-fixtures';
import { storeForexPoints } from '../modules/forex/repo';
import { seedStocksDemo } from '../modules/stocks/index';
import { ADMIN, bearer, createTestApp, signIn, type TestApp, testDatabases } from '../test/harness';
import { caller, makeUser, type TestUser } from '../test/users';

const SESSIONS = '/api/cashflow/sessions/';
const BOARD = '/api/cashflow/leaderboard/?range=all&include_guests=true';

describe.each(testDatabases())('what a browser may keep (%s)', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let owner: TestUser;
  let personal: string[];
  let shared: string[];
  /** Players without a name: the history and board must not show their e-mails. */
  let nameless: TestUser[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    const call = caller(t);
    const adminToken = (await signIn(t.app, ADMIN.email, ADMIN.password)).access;
    admin = bearer(adminToken);
    owner = await makeUser(t, 'staff', { firstName: 'Lan', lastName: 'Trần' });
    nameless = [await makeUser(t, 'ndf'), await makeUser(t, 'staff'), await makeUser(t, 'staff')];
    const [host, player, gone] = nameless as [TestUser, TestUser, TestUser];

    const diary = await diaryOf(t, owner);
    const reading = await diary.category('Đọc', 'education');
    await diary.entry({ category: [reading.id], start_date: '2030-01-10', end_date: '2030-01-10' });
    await seedStocksDemo(t.db, t.clock.now());
    const stock = await t.db
      .selectFrom('stocks')
      .select('ticker')
      .orderBy('ticker')
      .executeTakeFirstOrThrow();
    const list = await call(owner, 'POST', '/api/stocks/watchlists/', { name: 'Theo dõi' });
    expect(list.statusCode).toBe(201);
    const added = await call(owner, 'POST', `/api/stocks/watchlists/${list.json().id}/add_item/`, {
      ticker: stock.ticker,
      note: 'mua thêm',
      target_price: 12,
    });
    expect(added.statusCode, added.body).toBe(201);
    const now = t.clock.now().getTime();
    await storeForexPoints(
      t.db,
      [{ symbol: 'USD', time: new Date(now - 3_600_000), last: 26_000, bid: null, ask: null }],
      { source: 'vcb', arrivedAt: new Date(now - 60_000), staleAfterMs: 3_600_000 },
    );

    // Games with nameless players, one of whom then leaves.
    for (const [i, winner] of [host, player, gone].entries()) {
      const res = await call(
        host,
        'POST',
        '/api/cashflow/sessions/finalize/',
        finalizeBody([{ user_id: winner.id }, { guest_name: 'Khách' }], { pendingTs: 1_000 + i }),
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.body).not.toContain('@');
    }
    expect((await call(adminToken, 'DELETE', `/api/users/users/${gone.id}/`)).statusCode).toBe(204);

    personal = [
      '/api/users/users/?ordering=last_name',
      '/api/users/search/?q=a',
      `/api/diaries/${diary.diaryId}/entries/?start_date=2030-01-07&end_date=2030-01-13`,
      '/api/diaries/entries/?start_date=2030-01-07',
      '/api/diaries/analysis/?days=7',
      `/api/stocks/watchlists/${list.json().id}/`,
    ];
    shared = [
      SESSIONS,
      BOARD,
      '/api/forex/daily/?symbol=USD',
      `/api/stocks/snapshots/?tickers=${stock.ticker}`,
      `/api/stocks/snapshots/${stock.ticker}/`,
      `/api/stocks/realtime/?tickers=${stock.ticker}`,
    ];
    // The demo market's seeding alone can pass the 30 s hook limit on PostgreSQL on a loaded machine.
  }, 120_000);
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  it('sends answers with personal data no-store and without an ETag, computed or kept', async () => {
    for (const url of personal) {
      // The users list is for administrators; the rest are the owner's own.
      const headers = url.startsWith('/api/users/') ? admin : owner.headers;
      for (const round of ['computed', 'kept']) {
        const res = await get(url, headers);
        expect(res.statusCode, `${url} ${res.body}`).toBe(200);
        expect(res.headers['cache-control'], `${url} ${round}`).toBe('no-store');
        expect(res.headers.etag, `${url} ${round}`).toBeUndefined();
      }
    }
  });

  it('sends shared answers with an ETag a browser revalidates', async () => {
    for (const url of shared) {
      const headers = url.startsWith('/api/cashflow/') ? admin : owner.headers;
      const res = await get(url, headers);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-cache');
      expect(res.headers.etag, url).toMatch(/^"[\w-]{27}"$/);
      const again = await get(url, { ...headers, 'if-none-match': res.headers.etag as string });
      expect(again.statusCode, url).toBe(304);
    }
  });

  it('never names a player by e-mail in the history or the board', async () => {
    const [host, player] = nameless as [TestUser, TestUser, TestUser];
    for (const url of [SESSIONS, BOARD]) {
      const body = (await get(url, admin)).body;
      for (const user of nameless) expect(body, url).not.toContain(user.email);
      expect(body, url).not.toContain('@');
    }
    const board = (await get(BOARD, admin)).json();
    expect(board.users).toEqual(
      expect.arrayContaining([
        { user_id: host.id, display_name: `#${host.id}`, wins: 1 },
        { user_id: player.id, display_name: `#${player.id}`, wins: 1 },
      ]),
    );
    const names = (await get(SESSIONS, admin))
      .json()
      .results.flatMap((s: { results: { display_name: string }[] }) => s.results.map((r) => r.display_name));
    expect(names).toEqual(expect.arrayContaining([`#${host.id}`, `#${player.id}`, 'Khách']));
  });
});
