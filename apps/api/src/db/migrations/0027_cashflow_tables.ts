// CashFlow shared tables (issue 25, decision 0033): one game played from several devices, kept on
// the server as the engine's actions in order.
// - cashflow_tables: the table (its join code, host, auditor mode, status) with the setup it was
//   created from (`setup`, JSON: the players and the instant), and, derived, the last event's
//   sequence number (`seq`) and the game state after it (`state`, JSON), written in the transaction
//   of every event (a recomputation from the setup and the events must give the same).
// - cashflow_table_seats: one per player, in seat order: the engine's player id, the name, the user
//   the seat is set up for (null: anyone signed in with the code, or a guest by invite), who took it,
//   and a guest invite's token hash (SHA-256; the token itself is shown once) and its revocation.
// - cashflow_table_events: every posted action once, under (table, client id): applied ('action'),
//   waiting for the host ('pending'), the host's 'approve' (carrying the action it applies) and
//   'reject' of a pending one (ref_seq), and 'refused' (no seq; kept so that a resend gets the same
//   answer). Events with a seq are the table's log, numbered 1, 2, … without gaps.
// Tables are deleted with their host; seats and events with their table. Down drops all three.
import type { Kysely } from 'kysely';
import { addIdColumn, instantType } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('cashflow_tables'))
    .addColumn('code', 'varchar(6)', (c) => c.notNull().unique())
    .addColumn('host_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('auditor', 'boolean', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('setup', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', instantType(db), (c) => c.notNull())
    .addColumn('updated_at', instantType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cashflow_tables_host').on('cashflow_tables').columns(['host_id']).execute();

  await db.schema
    .createTable('cashflow_table_seats')
    .addColumn('table_id', 'integer', (c) => c.notNull().references('cashflow_tables.id').onDelete('cascade'))
    .addColumn('seat', 'integer', (c) => c.notNull())
    .addColumn('player_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('name', 'varchar(150)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('taken_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('taken_at', instantType(db))
    .addColumn('guest_token_hash', 'varchar(64)')
    .addColumn('guest_revoked', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('cashflow_table_seats_pk', ['table_id', 'seat'])
    .execute();
  await db.schema
    .createIndex('cashflow_table_seats_taken_by')
    .on('cashflow_table_seats')
    .columns(['taken_by'])
    .execute();

  await addIdColumn(db, db.schema.createTable('cashflow_table_events'))
    .addColumn('table_id', 'integer', (c) => c.notNull().references('cashflow_tables.id').onDelete('cascade'))
    .addColumn('seq', 'integer')
    .addColumn('client_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('at', instantType(db), (c) => c.notNull())
    .addColumn('seat', 'integer')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('device_id', 'varchar(64)')
    .addColumn('ref_seq', 'integer')
    .addColumn('reason', 'varchar(500)')
    .execute();
  await db.schema
    .createIndex('cashflow_table_events_client')
    .on('cashflow_table_events')
    .columns(['table_id', 'client_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('cashflow_table_events_seq')
    .on('cashflow_table_events')
    .columns(['table_id', 'seq'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cashflow_table_events').execute();
  await db.schema.dropTable('cashflow_table_seats').execute();
  await db.schema.dropTable('cashflow_tables').execute();
}
