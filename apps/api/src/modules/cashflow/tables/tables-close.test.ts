// CashFlow shared tables left unfinished (issue 25), on SQLite and PostgreSQL: an open table idle for
// TABLE_IDLE_CLOSE_HOURS is closed (by the sweep, and for every read and action at once, before it);
// actions on it are refused and write nothing; the tables a user hosts or sits at, paged; the host's
// export of a whole table; and the host's resume of a closed one. The app's clock is moved, never
// waited for.
import {
  TABLE_DEFAULT_PAGE_SIZE,
  TABLE_IDLE_CLOSE_HOURS,
  TABLE_MESSAGES,
  type Table,
  type TableActionAnswer,
  type TableExport,
  type TableSummary,
  type TableSummaryPage,
} from '@staff/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness';
import { caller, makeUser, type TestUser } from '../../../test/users';
import { replayTable, type TableSetup } from './service';

const TABLES = '/api/cashflow/tables/';
const JOIN = '/api/cashflow/tables/join/';
const HOUR = 3600;
/** A month of access token: the tests move the clock by days. */
const LONG_TOKENS = { ACCESS_TOKEN_TTL: String(30 * 24 * HOUR), REFRESH_TOKEN_TTL: String(30 * 24 * HOUR) };

let clientIds = 0;
const clientId = () => `close-${String(++clientIds).padStart(4, '0')}`;

describe.each(testDatabases())('cashflow tables closed when idle, listed, exported, resumed (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let host: TestUser;
  let lan: TestUser;
  let other: TestUser;
  let staff: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind, LONG_TOKENS);
    call = caller(t);
    [host, lan, other, staff] = await Promise.all([
      makeUser(t, 'ndf'),
      makeUser(t, 'ndf', { firstName: 'Lan', lastName: 'Trần' }),
      makeUser(t, 'admin'),
      makeUser(t, 'staff'),
    ]);
  });
  afterAll(() => t.close());

  /** Hosted by `by`: Lan's seat (first in turn order) reserved for her, Bình's open to anyone. */
  async function newTable(by: TestUser = host, auditor = false): Promise<Table> {
    const res = await call(by, 'POST', TABLES, {
      players: [
        { name: 'Bình', dice_sum: 3 },
        { name: 'Lan', dice_sum: 12, user_id: lan.id },
      ],
      auditor,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Table;
  }

  async function seat(user: TestUser, table: Table, seatIndex: number) {
    const res = await call(user, 'POST', JOIN, { code: table.code, seat: seatIndex });
    expect(res.statusCode, res.body).toBe(200);
  }

  const post = (user: TestUser, table: Table, action: object, id = clientId()) =>
    call(user, 'POST', `${TABLES}${table.id}/actions/`, { client_id: id, device_id: 'phone-1', action });

  const gift = (table: Table, seatIndex = 1, amount = 100) => ({
    type: 'receiveCash',
    playerId: table.seats[seatIndex]?.player_id,
    name: 'Quà',
    amount,
  });

  async function read(user: TestUser, table: Table): Promise<Table> {
    const res = await call(user, 'GET', `${TABLES}${table.id}/`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Table;
  }

  /** The table's row and every stored event (refused ones too): what a refused request must not change. */
  async function stored(table: Table) {
    const row = await t.db
      .selectFrom('cashflow_tables')
      .select(['status', 'seq', 'state', 'updated_at'])
      .where('id', '=', table.id)
      .executeTakeFirstOrThrow();
    const events = await t.db
      .selectFrom('cashflow_table_events')
      .select(['seq', 'client_id', 'kind'])
      .where('table_id', '=', table.id)
      .orderBy('id')
      .execute();
    return { row: { ...row, updated_at: new Date(row.updated_at).toISOString() }, events };
  }

  const statusOf = async (table: Table) => (await stored(table)).row.status;
  const sweep = () => t.app.cashflowTables.closeStale();

  it('closes exactly the open tables idle for 24 hours, and treats them as closed before the sweep', async () => {
    await sweep(); // the tables earlier runs left idle are not this test's
    const idle = await newTable();
    const finished = await newTable();
    const played = await newTable();
    const finish = { type: 'finishGame', winnerId: finished.seats[0]?.player_id, winMethod: 'DREAM' };
    expect((await post(host, finished, finish)).statusCode).toBe(201);
    t.clock.advance(23 * HOUR);
    expect((await post(host, played, gift(played))).statusCode).toBe(201);
    const recent = await newTable();
    // A second short of its hours, the idle table is still open.
    t.clock.advance(HOUR - 1);
    expect((await read(host, idle)).status).toBe('open');
    expect(await sweep()).toEqual([]);
    t.clock.advance(1);

    // 24 hours after its last change: closed for every read, before the sweep has written it.
    expect(TABLE_IDLE_CLOSE_HOURS).toBe(24);
    expect(await statusOf(idle)).toBe('open');
    expect((await read(host, idle)).status).toBe('closed');
    expect((await read(host, played)).status).toBe('open');

    expect(await sweep()).toEqual([idle.id]);
    expect(await Promise.all([idle, finished, played, recent].map(statusOf))).toEqual([
      'closed',
      'finished',
      'open',
      'open',
    ]);
    // Nothing else is idle: a second sweep (another process's) closes nothing.
    expect(await sweep()).toEqual([]);
    expect((await read(host, idle)).status).toBe('closed');
  });

  it('refuses actions and decisions on a closed table with 409, writing nothing; its code finds nothing', async () => {
    const table = await newTable(host, true);
    await seat(lan, table, 0);
    const asked = await post(lan, table, gift(table, 0));
    expect((asked.json() as TableActionAnswer).event).toMatchObject({ seq: 1, kind: 'pending' });
    const sentId = clientId();
    expect((await post(host, table, gift(table), sentId)).statusCode).toBe(201);

    t.clock.advance(24 * HOUR);
    const refusedEverywhere = async () => {
      const before = await stored(table);
      const attempts = [
        post(host, table, gift(table)),
        post(lan, table, { type: 'nextTurn' }),
        call(host, 'POST', `${TABLES}${table.id}/pending/1/approve/`, { client_id: clientId() }),
        call(host, 'POST', `${TABLES}${table.id}/pending/1/reject/`, { client_id: clientId() }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toEqual({ detail: TABLE_MESSAGES.tableClosed, code: 'table_closed' });
      }
      expect(await stored(table)).toEqual(before);
      // A resend of an action posted before the close is answered with its first result, as ever.
      const resent = await post(host, table, gift(table), sentId);
      expect(resent.statusCode, resent.body).toBe(201);
      expect((resent.json() as TableActionAnswer).event.seq).toBe(2);
      // The code no longer finds it, like a finished table's.
      const joined = await call(other, 'POST', JOIN, { code: table.code });
      expect(joined.statusCode).toBe(404);
      expect(await stored(table)).toEqual(before);
    };
    // Idle but not yet swept, then swept.
    expect(await statusOf(table)).toBe('open');
    await refusedEverywhere();
    expect(await sweep()).toContain(table.id);
    expect(await statusOf(table)).toBe('closed');
    await refusedEverywhere();
    // Still readable by its host and players, events included.
    expect((await read(lan, table)).pending).toEqual([1]);
    const events = await call(lan, 'GET', `${TABLES}${table.id}/events/`);
    expect(events.json()).toMatchObject({ seq: 2 });
  });

  it('lists the tables you host or sit at, newest first, paged; never another user’s', async () => {
    const lister = await makeUser(t, 'ndf');
    const stranger = await makeUser(t, 'ndf');
    const hosted: Table[] = [];
    for (let i = 0; i < 3; i++) {
      hosted.push(await newTable(lister));
      t.clock.advance(60);
    }
    const seatedAt = await newTable(host);
    await seat(lister, seatedAt, 1);
    t.clock.advance(60);
    const notMine = await newTable(stranger);
    await seat(lan, notMine, 0);
    // The first one goes idle (closed in the list too: 24 hours since it was made), the seated one finishes.
    t.clock.advance(24 * HOUR - 240);
    expect((await post(lister, hosted[1] as Table, gift(hosted[1] as Table))).statusCode).toBe(201);
    expect((await post(lister, hosted[2] as Table, gift(hosted[2] as Table))).statusCode).toBe(201);
    const finish = { type: 'finishGame', winnerId: seatedAt.seats[0]?.player_id, winMethod: 'DREAM' };
    expect((await post(host, seatedAt, finish)).statusCode).toBe(201);

    const res = await call(lister, 'GET', `${TABLES}?page_size=10`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as TableSummaryPage;
    expect(page.count).toBe(4);
    expect(page.next).toBeNull();
    expect(page.previous).toBeNull();
    const [h0, h1, h2] = hosted as [Table, Table, Table];
    const summary = (table: Table, fields: Partial<TableSummary>): TableSummary => ({
      id: table.id,
      code: table.code,
      status: 'open',
      auditor: false,
      players: ['Lan', 'Bình'],
      seq: 0,
      is_host: true,
      your_seat: null,
      created_at: table.created_at,
      updated_at: table.updated_at,
      ...fields,
    });
    const now = t.clock.now().toISOString();
    expect(page.results).toEqual([
      summary(seatedAt, { status: 'finished', seq: 1, is_host: false, your_seat: 1, updated_at: now }),
      summary(h2, { seq: 1, updated_at: now }),
      summary(h1, { seq: 1, updated_at: now }),
      summary(h0, { status: 'closed' }),
    ]);

    // Paged as the other lists, 10 by default.
    expect(TABLE_DEFAULT_PAGE_SIZE).toBe(10);
    for (let i = 0; i < 8; i++) await newTable(lister);
    const full = (await call(lister, 'GET', TABLES)).json() as TableSummaryPage;
    expect(full.count).toBe(12);
    expect(full.results).toHaveLength(10);
    expect(full.next).toContain('/api/cashflow/tables/?');
    expect(full.next).toContain('page=2');
    const second = (await call(lister, 'GET', `${TABLES}?page=2`)).json() as TableSummaryPage;
    expect(second.results.map((r) => r.id)).toEqual([h1.id, h0.id]);
    expect(second.previous).not.toBeNull();
    expect(second.next).toBeNull();
    const past = await call(lister, 'GET', `${TABLES}?page=3`);
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Invalid page.', code: 'not_found' });
    expect((await call(lister, 'GET', `${TABLES}?page_size=7`)).statusCode).toBe(400);

    // Another user sees only theirs, a new user none; staff 403; no token 401.
    const theirs = (await call(stranger, 'GET', TABLES)).json() as TableSummaryPage;
    expect(theirs.results.map((r) => r.id)).toEqual([notMine.id]);
    const empty = (await call(await makeUser(t, 'ndf'), 'GET', TABLES)).json() as TableSummaryPage;
    expect(empty).toEqual({ count: 0, next: null, previous: null, results: [] });
    expect((await call(staff, 'GET', TABLES)).statusCode).toBe(403);
    expect((await call(null, 'GET', TABLES)).statusCode).toBe(401);
  });

  it('exports the whole table to its host as a JSON download: every event in order; seated 403, others 404', async () => {
    const table = await newTable(host, true);
    await seat(lan, table, 0);
    await seat(other, table, 1);
    const lanId = table.seats[0]?.player_id;
    // pending 1, approved by 2; pending 3, rejected by 4; the host's action 5; a refused one, no seq.
    await post(lan, table, { type: 'receiveCash', playerId: lanId, name: 'Lương', amount: 300 });
    await call(host, 'POST', `${TABLES}${table.id}/pending/1/approve/`, { client_id: clientId() });
    await post(lan, table, { type: 'payExpense', playerId: lanId, name: 'Mua sắm', amount: 100 });
    await call(host, 'POST', `${TABLES}${table.id}/pending/3/reject/`, { client_id: clientId() });
    expect((await post(host, table, gift(table))).statusCode).toBe(201);
    const refused = await post(host, table, { ...gift(table), type: 'payExpense', amount: 10_000_000 });
    expect(refused.statusCode).toBe(409);

    const url = `${TABLES}${table.id}/export/`;
    const exported = async () => {
      const res = await call(host, 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const day = new Date(t.clock.now().getTime() + 7 * HOUR * 1000).toISOString().slice(0, 10);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="cashflow-table-${table.code}-${day}.json"`,
      );
      return res.json() as TableExport;
    };
    const now = await read(host, table);
    const file = await exported();
    expect(file).toMatchObject({
      format: 'staff-cashflow-table',
      version: 1,
      exported_at: t.clock.now().toISOString(),
      table: { id: table.id, code: table.code, host_id: host.id, auditor: true, status: 'open', seq: 5 },
      seats: now.seats,
      state: now.state,
    });
    expect(file.events.map((e) => [e.seq, e.kind, e.ref_seq, e.seat])).toEqual([
      [1, 'pending', null, 0],
      [2, 'approve', 1, null],
      [3, 'pending', null, 0],
      [4, 'reject', 3, null],
      [5, 'action', null, null],
    ]);
    const page = await call(host, 'GET', `${TABLES}${table.id}/events/`);
    expect(file.events).toEqual(page.json().events);
    // The file replays to its own state: it is the whole game.
    expect(replayTable(file.setup as unknown as TableSetup, file.events.map(asStored))).toEqual(file.state);

    // A seated player 403, another user 404, staff 403, no table 404.
    expect((await call(lan, 'GET', url)).json()).toEqual({
      detail: TABLE_MESSAGES.hostOnly,
      code: 'permission_denied',
    });
    expect((await call(lan, 'GET', url)).statusCode).toBe(403);
    const stranger = await makeUser(t, 'ndf');
    expect((await call(stranger, 'GET', url)).statusCode).toBe(404);
    expect((await call(staff, 'GET', url)).statusCode).toBe(403);
    expect((await call(host, 'GET', `${TABLES}${table.id + 10_000}/export/`)).statusCode).toBe(404);

    // Closed, then finished: still exported whole.
    t.clock.advance(24 * HOUR);
    expect((await exported()).table.status).toBe('closed');
    await sweep();
    expect((await exported()).events).toHaveLength(5);
    expect((await call(host, 'POST', `${TABLES}${table.id}/resume/`)).statusCode).toBe(200);
    const finish = { type: 'finishGame', winnerId: lanId, winMethod: 'DREAM' };
    expect((await post(host, table, finish)).statusCode).toBe(201);
    const last = await exported();
    expect(last.table.status).toBe('finished');
    expect(last.events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('resumes a closed table for its host: open from now and playable; an open one as it is; a finished one 409', async () => {
    const table = await newTable();
    await seat(lan, table, 0);
    const resume = (user: TestUser | null, id = table.id) => call(user, 'POST', `${TABLES}${id}/resume/`);

    // Open: answered as it is, nothing changed.
    const before = await stored(table);
    const open = await resume(host);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json()).toEqual(await read(host, table));
    expect(await stored(table)).toEqual(before);

    t.clock.advance(24 * HOUR + 5);
    await sweep();
    expect(await statusOf(table)).toBe('closed');
    // Only its host: a seated player 403, another user 404, staff 403, nobody 401.
    expect((await resume(lan)).statusCode).toBe(403);
    expect((await resume(other)).statusCode).toBe(404);
    expect((await resume(staff)).statusCode).toBe(403);
    expect((await resume(null)).statusCode).toBe(401);
    expect((await resume(host, table.id + 10_000)).statusCode).toBe(404);
    expect(await statusOf(table)).toBe('closed');

    const resumed = await resume(host);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ id: table.id, status: 'open', seq: 0 });
    expect((resumed.json() as Table).updated_at).toBe(t.clock.now().toISOString());
    expect((await stored(table)).row).toMatchObject({ status: 'open', seq: 0 });
    // Played again by everyone; its code finds it again.
    expect((await post(lan, table, gift(table, 0))).statusCode).toBe(201);
    expect((await call(other, 'POST', JOIN, { code: table.code })).statusCode).toBe(200);
    // And idle again 24 hours after its last change, not after the resume.
    t.clock.advance(24 * HOUR - 1);
    expect((await read(lan, table)).status).toBe('open');

    // An open table idle but not yet swept is resumed the same way.
    t.clock.advance(1);
    expect((await read(lan, table)).status).toBe('closed');
    const again = await resume(host);
    expect(again.json()).toMatchObject({ status: 'open', updated_at: t.clock.now().toISOString() });
    expect(await statusOf(table)).toBe('open');

    // A finished game cannot be resumed, closed or not.
    const finish = { type: 'finishGame', winnerId: table.seats[0]?.player_id, winMethod: 'DREAM' };
    expect((await post(host, table, finish)).statusCode).toBe(201);
    const done = await stored(table);
    const refused = await resume(host);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: TABLE_MESSAGES.finishedNoResume, code: 'table_finished' });
    t.clock.advance(48 * HOUR);
    expect(await sweep()).not.toContain(table.id);
    expect((await resume(host)).statusCode).toBe(409);
    expect(await stored(table)).toEqual(done);
  });
});

/** An exported event as the events table keeps it, for the replay. */
function asStored(event: TableExport['events'][number]) {
  return { kind: event.kind, action: JSON.stringify(event.action), at: event.at, seq: event.seq };
}
