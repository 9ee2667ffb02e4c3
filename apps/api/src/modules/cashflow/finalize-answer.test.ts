// Finalize answers the stored game from what it wrote, without reading it back (decision 0027). That
// answer must be the one a read gives: the resend's (which reads it), the history's, and each
// result's id the id stored for its seat, on SQLite and PostgreSQL.
import type { FinishedSession } from '@staff/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness';
import { caller, makeUser, type TestUser } from '../../test/users';
import { finalizeBody } from './test-fixtures';

const FINALIZE = '/api/cashflow/sessions/finalize/';

describe.each(testDatabases())('cashflow finalize answer (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let host: TestUser;
  let named: TestUser;
  let unnamed: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    // Finalize refuses a game in the future: the server's clock is past the games sent below.
    t.clock.advance((Date.UTC(2032, 0, 1) - t.clock.now().getTime()) / 1000);
    call = caller(t);
    host = await makeUser(t, 'ndf');
    named = await makeUser(t, 'staff', { firstName: 'Thảo', lastName: 'Trần' });
    unnamed = await makeUser(t, 'staff');
  });
  afterAll(() => t.close());

  it('is the game as a resend and the history read it', async () => {
    const body = finalizeBody(
      [
        { guest_name: 'Khách một' },
        { user_id: named.id },
        { guest_name: 'Khách hai' },
        { user_id: unnamed.id },
        { guest_name: 'Khách ba' },
        { user_id: host.id },
      ],
      { winner: 5, start: '2031-02-03T23:59:59.400+07:00', end: '2031-02-04T01:00:00.900+07:00' },
    );
    body.results[2] = { ...body.results[2], passive_income: 0.1 + 0.2, cash_on_hand_end: -12.75 } as never;
    const created = await call(host, 'POST', FINALIZE, body);
    expect(created.statusCode).toBe(201);
    const answer = created.json() as FinishedSession;

    const resent = await call(host, 'POST', FINALIZE, body);
    expect(resent.statusCode).toBe(200);
    expect(answer).toEqual(resent.json());
    const history = await call(host, 'GET', '/api/cashflow/sessions/');
    expect(history.json().results[0]).toEqual(answer);

    const ids = await t.db
      .selectFrom('cashflow_results')
      .select(['id', 'position'])
      .where('session_id', '=', answer.id)
      .orderBy('position')
      .execute();
    expect(answer.results.map((r) => r.id)).toEqual(ids.map((r) => r.id));
    expect(answer.results.map((r) => r.display_name)).toEqual([
      'Khách một',
      'Trần Thảo',
      'Khách hai',
      `#${unnamed.id}`,
      'Khách ba',
      `#${host.id}`,
    ]);
    expect(answer.duration_seconds).toBe(3602);
  });
});
