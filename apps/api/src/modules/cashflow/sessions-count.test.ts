// The history's count is the monthly roll-up's games summed, not a count of every stored game
// (decision 0027). It must equal that count after games stored every way they can be (one by one,
// at once, resent) and after a submitter's and a player's accounts are deleted, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness';
import { caller, makeUser, type TestUser } from '../../test/users';
import { finalizeBody, sessionCount } from './test-fixtures';

const FINALIZE = '/api/cashflow/sessions/finalize/';
const LIST = '/api/cashflow/sessions/';

describe.each(testDatabases())('cashflow history count (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: TestUser;
  let host: TestUser;
  let player: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    call = caller(t);
    admin = await makeUser(t, 'admin');
    host = await makeUser(t, 'ndf');
    player = await makeUser(t, 'staff');
  });
  afterAll(() => t.close());

  /** The count the list answers, checked against the rows. */
  async function expectCountMatches(expected: number) {
    const page = await call(admin, 'GET', LIST);
    expect(page.statusCode).toBe(200);
    expect(page.json().count).toBe(expected);
    expect(await sessionCount(t)).toBe(expected);
    return page.json();
  }

  it('equals the number of stored games however they were stored', async () => {
    const empty = await expectCountMatches(0);
    expect(empty.results).toEqual([]);

    // Games over several months, by two hosts, one with a registered player.
    for (let i = 0; i < 23; i++) {
      const end = new Date(Date.UTC(2025, i % 14, 3 + i, 10)).toISOString();
      const start = new Date(Date.parse(end) - 3_600_000).toISOString();
      const players =
        i % 3 === 0 ? [{ user_id: player.id }, { guest_name: 'Khách' }] : [{ guest_name: 'An' }];
      const res = await call(i % 2 ? host : admin, 'POST', FINALIZE, finalizeBody(players, { start, end }));
      expect(res.statusCode).toBe(201);
    }
    // Sent at the same moment, and a resend: one stored game each.
    const twice = finalizeBody([{ guest_name: 'Bình' }]);
    const burst = await Promise.all([
      call(host, 'POST', FINALIZE, twice),
      call(host, 'POST', FINALIZE, twice),
      call(host, 'POST', FINALIZE, finalizeBody([{ guest_name: 'Chi' }])),
    ]);
    expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 201, 201]);
    expect((await call(host, 'POST', FINALIZE, twice)).statusCode).toBe(200);
    const full = await expectCountMatches(25);
    expect(full.results).toHaveLength(20);
    expect(full.next).not.toBeNull();
    const second = await call(admin, 'GET', `${LIST}?page=2`);
    expect(second.json()).toMatchObject({ count: 25, next: null });
    expect(second.json().results).toHaveLength(5);

    // Deleting a submitter and a player keeps their games in the history and in the count.
    expect((await call(admin, 'DELETE', `/api/users/users/${host.id}/`)).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', `/api/users/users/${player.id}/`)).statusCode).toBe(204);
    await expectCountMatches(25);
  });
});
