// A shared table's seats remember when a device of theirs last held the table's stream open (issue
// 25, decision 0033): `seen_at`, written by the stream as it opens and then every few seconds, so
// the host's screen can tell a seat that is joined and connected from one that has gone offline,
// whichever process or machine the device's stream is on. Null: no device has followed the table
// from that seat yet. A guest seat is taken when its invite is first used (`taken_at`, with
// `taken_by` null). Down drops the column.
import type { Kysely } from 'kysely';
import { instantType } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cashflow_table_seats').addColumn('seen_at', instantType(db)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cashflow_table_seats').dropColumn('seen_at').execute();
}
