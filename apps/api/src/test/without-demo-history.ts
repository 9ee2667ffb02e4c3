// A database made ready for a server process that a test starts on it: migrated, with the demo
// market data marked as seeded (the forex seed's claim, one demo listing without history), so the
// server does not spend up to a minute generating years of demo prices the test never reads.
import { loadConfig } from '../config';
import { createDb, type Db, migrateToLatest } from '../db/index';

/** `env` as the server will have it (DATA_DIR, and DATABASE_URL for PostgreSQL); the caller destroys the Db. */
export async function migratedWithoutDemoHistory(env: {
  DATA_DIR: string;
  DATABASE_URL?: string;
}): Promise<Db> {
  const db = createDb(loadConfig({ DATA_DIR: env.DATA_DIR, DATABASE_URL: env.DATABASE_URL ?? '' }));
  await migrateToLatest(db);
  await db
    .insertInto('market_data_leases')
    .values({
      name: 'forex-demo-seed',
      owner: 'seed',
      lease_until_ms: 0,
      next_run_ms: 0,
      failures: 0,
      last_error: null,
    })
    .execute();
  const exchange = await db.selectFrom('stock_exchanges').select('id').executeTakeFirstOrThrow();
  await db
    .insertInto('stocks')
    .values({
      ticker: 'VNM',
      name: 'Vinamilk',
      exchange_id: exchange.id,
      lot_size: 100,
      sector: '',
      is_active: 1,
      source: 'demo',
      search: 'vnm vinamilk',
      created_at: new Date().toISOString(),
    })
    .execute();
  return db;
}
