// GET /api/stocks/status/ on SQLite and PostgreSQL (issue 26, honest demo labels): demo by default,
// live with MARKET_DATA=live; any stocks role reads it, a stranger gets 401 and ndf 403.
import { StocksStatus } from '@staff/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness';
import { caller, makeUser } from '../../../test/users';

const STATUS = '/api/stocks/status/';

describe.each(testDatabases())('stocks status API (%s)', (kind) => {
  let demo: TestApp;
  let live: TestApp;

  beforeAll(async () => {
    [demo, live] = await Promise.all([createTestApp(kind), createTestApp(kind, { MARKET_DATA: 'live' })]);
  });
  afterAll(async () => {
    await Promise.all([demo?.close(), live?.close()]);
  });

  it('says the prices are generated in demo mode, the default', async () => {
    const staff = await makeUser(demo, 'staff');
    const res = await caller(demo)(staff, 'GET', STATUS);
    expect(res.statusCode, res.body).toBe(200);
    expect(StocksStatus.parse(res.json())).toEqual({ market_data: 'demo', demo: true, sources: ['demo'] });
  });

  it('says nothing is generated in live mode, and names the providers', async () => {
    const manager = await makeUser(live, 'manager');
    const res = await caller(live)(manager, 'GET', STATUS);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ market_data: 'live', demo: false, sources: ['vci', 'kbs'] });
  });

  it('answers every stocks role, refuses a stranger (401) and a role without stocks (403)', async () => {
    const call = caller(demo);
    for (const role of ['admin', 'manager', 'staff'] as const) {
      expect((await call(await makeUser(demo, role), 'GET', STATUS)).statusCode).toBe(200);
    }
    const stranger = await call(null, 'GET', STATUS);
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json()).toMatchObject({ detail: expect.any(String) });
    const ndf = await call(await makeUser(demo, 'ndf'), 'GET', STATUS);
    expect(ndf.statusCode).toBe(403);
    expect(ndf.json()).toMatchObject({ code: 'permission_denied' });
  });
});
