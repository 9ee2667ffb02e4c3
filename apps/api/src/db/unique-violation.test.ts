// isUniqueViolation on what each real driver throws: a unique column, a two-column primary key and
// a one-column primary key refused on SQLite and PostgreSQL are recognised; another refusal is not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabases } from '../test/harness';
import { isUniqueViolation } from './dialect';
import { type Db, migrateToLatest } from './index';

const AT = '2026-11-20T00:00:00.000Z';

/** What the write threw; the test fails if it was accepted. */
function thrownBy(write: Promise<unknown>): Promise<unknown> {
  return write.then(
    () => expect.unreachable('the write was accepted'),
    (err: unknown) => err,
  );
}

describe.each(testDatabases())('isUniqueViolation (%s)', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await createTestDatabase(kind));
    await migrateToLatest(db);
  });
  afterAll(() => drop());

  it('recognises a unique column, a two-column primary key and a one-column primary key', async () => {
    const exchange = await db.selectFrom('stock_exchanges').select('id').executeTakeFirstOrThrow();
    const stock = {
      ticker: 'UNQ',
      name: 'Unique',
      exchange_id: exchange.id,
      lot_size: 100,
      sector: '',
      is_active: 1 as const,
      source: 'manual',
      search: 'unq unique',
      created_at: AT,
    };
    const { id } = await db.insertInto('stocks').values(stock).returning('id').executeTakeFirstOrThrow();
    expect(isUniqueViolation(await thrownBy(db.insertInto('stocks').values(stock).execute()))).toBe(true);

    const bar = {
      stock_id: id,
      date: '2026-11-20',
      open: 1,
      high: 1,
      low: 1,
      close: 1,
      volume: 1,
      source: 'x',
    };
    await db.insertInto('stock_daily_bars').values(bar).execute();
    const again = db.insertInto('stock_daily_bars').values(bar).execute();
    expect(isUniqueViolation(await thrownBy(again))).toBe(true);

    const holiday = { date: '2026-11-23', name: 'Nghỉ', kind: 'holiday', source: '', created_at: AT };
    await db.insertInto('market_holidays').values(holiday).execute();
    const twice = db.insertInto('market_holidays').values(holiday).execute();
    expect(isUniqueViolation(await thrownBy(twice))).toBe(true);
  });

  it('leaves another refusal and other errors alone', async () => {
    const unnamed = db
      .insertInto('market_holidays')
      .values({
        date: '2026-11-24',
        name: null as unknown as string,
        kind: 'holiday',
        source: '',
        created_at: AT,
      })
      .execute();
    expect(isUniqueViolation(await thrownBy(unnamed))).toBe(false);
    expect(isUniqueViolation(new Error('duplicate key value violates unique constraint'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
