// The running entry (issue 24) on SQLite and PostgreSQL: one per user and only theirs, started by
// the server's clock, overdue past 24 hours by that clock, and stopped into an entry through the
// diary's own creation (its checks, its week totals, the entries list's kept answer) with the
// running row gone in the same transaction: a refused stop keeps it, a second stop creates nothing.
import type { Analysis, Entry, RunningEntry } from '@staff/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, type TestApp, testDatabases } from '../../../test/harness';
import { caller, makeUser, TEST_PASSWORD, type TestUser } from '../../../test/users';
import { diaryOf } from '../test-fixtures';

const RUNNING = '/api/diaries/running/';
const STOP = '/api/diaries/running/stop/';
/** A zone without daylight saving, nine hours ahead of UTC: local fields are easy to predict. */
const ZONE = 'Asia/Tokyo';
const NINE_HOURS_MS = 9 * 3_600_000;

/** The local date and time in Tokyo of an instant. */
function tokyo(ms: number): { date: string; time: string } {
  const iso = new Date(ms + NINE_HOURS_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

const whatIsMissing = { feeling: 'tired', place: 'Library', note: 'Read two chapters', feedback: 'Good' };

describe.each(testDatabases())('the running entry (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let ndf: TestUser;
  let diary: Awaited<ReturnType<typeof diaryOf>>;
  let reading: number;
  let theirs: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    call = caller(t);
    [owner, other, admin, ndf] = await Promise.all([
      makeUser(t),
      makeUser(t, 'manager'),
      makeUser(t, 'admin'),
      makeUser(t, 'ndf'),
    ]);
    diary = await diaryOf(t, owner);
    reading = (await diary.category('Reading', 'education')).id;
    theirs = (await (await diaryOf(t, other)).category('Theirs', null)).id;
  });
  afterAll(() => t.close());

  /** The server's clock moves on; the owner signs in again (the access token has expired), as the web does. */
  async function later(seconds: number) {
    t.clock.advance(seconds);
    const { access } = await signIn(t.app, owner.email, TEST_PASSWORD);
    owner.headers = bearer(access);
  }

  /** The end `minutes` after the running entry's start minute, as Tokyo's local fields. */
  async function endAfter(minutes: number) {
    const { started_at } = (await call(owner, 'GET', RUNNING)).json() as RunningEntry;
    const startMs = Date.parse(started_at);
    const end = tokyo(startMs - (startMs % 60_000) + minutes * 60_000);
    return { end_date: end.date, end_time: end.time };
  }

  const entriesTitled = async (title: string) =>
    ((await call(owner, 'GET', '/api/diaries/entries/')).json() as Entry[]).filter((e) => e.title === title);

  it('answers 401 without a token and 403 to a role without the diary', async () => {
    expect((await call(null, 'GET', RUNNING)).statusCode).toBe(401);
    expect((await call(null, 'POST', RUNNING, { title: 'x' })).statusCode).toBe(401);
    expect((await call(null, 'POST', STOP, {})).statusCode).toBe(401);
    expect((await call(ndf, 'GET', RUNNING)).statusCode).toBe(403);
    expect((await call(ndf, 'POST', RUNNING, { title: 'x' })).statusCode).toBe(403);
  });

  it('starts now by the server clock, survives a new read, and refuses a second start with 409', async () => {
    const none = await call(owner, 'GET', RUNNING);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    const startedAt = t.clock.now().getTime();
    const started = await call(owner, 'POST', RUNNING, {
      title: 'Read',
      category: [reading],
      time_zone: ZONE,
    });
    expect(started.statusCode, started.body).toBe(201);
    const local = tokyo(startedAt);
    const expected: RunningEntry = {
      title: 'Read',
      category: [{ id: reading, title: 'Reading' }],
      started_at: new Date(startedAt).toISOString(),
      start_date: local.date,
      start_time: local.time,
      time_zone: ZONE,
      elapsed_seconds: 0,
      overdue: false,
    };
    expect(started.json()).toEqual(expected);

    t.clock.advance(90);
    const read = await call(owner, 'GET', RUNNING);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ ...expected, elapsed_seconds: 90 });
    // Personal and changing: never kept by a browser (a reload and another tab ask the server).
    expect(read.headers['cache-control']).toBe('no-store');

    const again = await call(owner, 'POST', RUNNING, { title: 'Something else' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('An entry is already running: stop it or discard it first.');
    expect((await call(owner, 'GET', RUNNING)).json()).toMatchObject({ title: 'Read', elapsed_seconds: 90 });
  });

  it("never shows, stops or discards another user's running entry", async () => {
    for (const as of [other, admin]) {
      const read = await call(as, 'GET', RUNNING);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toBeNull();
      expect(
        (await call(as, 'POST', STOP, { ...whatIsMissing, end_date: '2030-01-01', end_time: '10:00' }))
          .statusCode,
      ).toBe(404);
      expect((await call(as, 'DELETE', RUNNING)).json()).toEqual({
        detail: 'No entry is running.',
        code: 'not_found',
      });
    }
    expect((await call(owner, 'GET', RUNNING)).json()).toMatchObject({ title: 'Read' });
  });

  it('asks to be ended only past 24 hours, by the server clock', async () => {
    const { elapsed_seconds } = (await call(owner, 'GET', RUNNING)).json() as RunningEntry;
    await later(24 * 3600 - elapsed_seconds);
    expect((await call(owner, 'GET', RUNNING)).json()).toMatchObject({
      elapsed_seconds: 86_400,
      overdue: false,
    });
    await later(1);
    expect((await call(owner, 'GET', RUNNING)).json()).toMatchObject({
      elapsed_seconds: 86_401,
      overdue: true,
    });
  });

  it('keeps the running entry when a stop is refused, with the messages of a new entry', async () => {
    const missing = await call(owner, 'POST', STOP, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      end_date: ['End date is required.'],
      end_time: ['End time is required.'],
      place: ['Place is required.'],
      note: ['Note is required.'],
    });
    const { start_date, start_time } = (await call(owner, 'GET', RUNNING)).json() as RunningEntry;
    // The entry rules beyond the form: the end after the start.
    const backwards = await call(owner, 'POST', STOP, {
      ...whatIsMissing,
      end_date: start_date,
      end_time: start_time,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ end_time: ['The end must be after the start.'] });
    // Another user's category, as creating an entry says.
    const foreign = await call(owner, 'POST', STOP, {
      ...whatIsMissing,
      category: [theirs],
      ...(await endAfter(30)),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ category: [`Invalid pk "${theirs}" - object does not exist.`] });
    expect((await call(owner, 'GET', RUNNING)).statusCode).toBe(200);
    expect(await entriesTitled('Read')).toEqual([]);
  });

  it('stops into an entry with its week totals and list kept in step; a second stop creates nothing', async () => {
    const running = (await call(owner, 'GET', RUNNING)).json() as RunningEntry;
    const startMs = Date.parse(running.started_at);
    const beforeList = await entriesTitled('Read'); // the list is kept ready: its version must move
    expect(beforeList).toEqual([]);
    // Ninety minutes after the start's minute.
    const end = tokyo(startMs - (startMs % 60_000) + 90 * 60_000);
    const stopped = await call(owner, 'POST', STOP, {
      ...whatIsMissing,
      end_date: end.date,
      end_time: end.time,
    });
    expect(stopped.statusCode, stopped.body).toBe(201);
    const entry = stopped.json() as Entry;
    expect(entry).toMatchObject({
      diary: diary.diaryId,
      title: 'Read',
      feeling: 'tired',
      start_date: running.start_date,
      start_time: running.start_time,
      end_date: end.date,
      end_time: end.time,
      time_zone: ZONE,
      duration_minutes: 90,
      place: 'Library',
      note: 'Read two chapters',
      feedback: 'Good',
      category: [{ id: reading, title: 'Reading' }],
      overlaps: false,
    });
    expect((await call(owner, 'GET', `/api/diaries/entries/${entry.id}/`)).json()).toEqual(entry);
    expect(await entriesTitled('Read')).toEqual([entry]);
    expect((await call(owner, 'GET', RUNNING)).json()).toBeNull();

    // The week totals have its time: the analysis reads them (the window ends at the server's now).
    await later(3600);
    const analysis = (await call(owner, 'GET', '/api/diaries/analysis/?days=7')).json() as Analysis;
    expect(analysis.jars.find((j) => j.key === 'education')?.minutes).toBe(90);

    const second = await call(owner, 'POST', STOP, {
      ...whatIsMissing,
      end_date: end.date,
      end_time: end.time,
    });
    expect(second.statusCode).toBe(404);
    expect(await entriesTitled('Read')).toHaveLength(1);
  });

  it('makes one entry of two stops sent at once (a double click, two tabs)', async () => {
    const start = { title: 'Twice', category: [reading], time_zone: ZONE };
    expect((await call(owner, 'POST', RUNNING, start)).statusCode).toBe(201);
    const body = { ...whatIsMissing, ...(await endAfter(30)) };
    const answers = await Promise.all([call(owner, 'POST', STOP, body), call(owner, 'POST', STOP, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 404]);
    expect(await entriesTitled('Twice')).toHaveLength(1);
    expect((await call(owner, 'GET', RUNNING)).json()).toBeNull();
  });

  it('asks for categories at the stop when none were chosen or the chosen were deleted since', async () => {
    const gone = (await diary.category('Gone soon', null)).id;
    const start = { title: 'Bare', category: [gone], time_zone: ZONE };
    expect((await call(owner, 'POST', RUNNING, start)).statusCode).toBe(201);
    expect((await call(owner, 'DELETE', `/api/diaries/categories/${gone}/`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', RUNNING)).json()).toMatchObject({ title: 'Bare', category: [] });
    const body = { ...whatIsMissing, ...(await endAfter(45)) };
    const refused = await call(owner, 'POST', STOP, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ category: ['Please select at least one category.'] });
    const stopped = await call(owner, 'POST', STOP, { ...body, category: [reading], title: 'Bare, renamed' });
    expect(stopped.statusCode).toBe(201);
    expect(stopped.json()).toMatchObject({ title: 'Bare, renamed', category: [{ id: reading }] });
  });

  it('refuses categories that are not the user’s, and a missing title, at the start', async () => {
    const foreign = await call(owner, 'POST', RUNNING, { title: 'x', category: [theirs] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ category: [`Invalid pk "${theirs}" - object does not exist.`] });
    const untitled = await call(owner, 'POST', RUNNING, { title: ' ' });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json()).toEqual({ title: ['Title is required.'] });
    const zone = await call(owner, 'POST', RUNNING, { title: 'x', time_zone: 'Mars/Olympus' });
    expect(zone.statusCode).toBe(400);
    expect(zone.json()).toEqual({ time_zone: ['Unknown time zone.'] });
    expect((await call(owner, 'GET', RUNNING)).json()).toBeNull();
  });

  it('is discarded without an entry, once', async () => {
    expect((await call(owner, 'POST', RUNNING, { title: 'Thrown away' })).statusCode).toBe(201);
    expect((await call(owner, 'DELETE', RUNNING)).statusCode).toBe(204);
    expect((await call(owner, 'GET', RUNNING)).json()).toBeNull();
    expect((await call(owner, 'DELETE', RUNNING)).statusCode).toBe(404);
    expect(await entriesTitled('Thrown away')).toEqual([]);
    // Free to start again.
    expect((await call(owner, 'POST', RUNNING, { title: 'Next' })).statusCode).toBe(201);
    expect((await call(owner, 'DELETE', RUNNING)).statusCode).toBe(204);
  });
});
