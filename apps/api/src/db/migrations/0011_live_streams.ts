// Issue 14 (security): the live-quote stream's rules hold across API processes, so they live in the
// database. A stream ticket opens one stream, once (its id is recorded when used, under a primary
// key); and each open stream holds one of a few numbered slots of its user (a unique key), kept
// alive by a heartbeat so the slots of a crashed process free themselves.
import type { Kysely } from 'kysely';
import { instantType } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  const instant = instantType(db);

  // A row per used ticket until shortly after the ticket expires; a second use hits the key.
  await db.schema
    .createTable('stream_ticket_uses')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('expires_at', instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stream_ticket_uses_expires_idx')
    .on('stream_ticket_uses')
    .column('expires_at')
    .execute();

  // A row per open stream; (user_id, slot) unique with slots 0..cap-1 is the per-user cap.
  await db.schema
    .createTable('live_streams')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('slot', 'integer', (c) => c.notNull())
    /** The sign-in (sessions.id) the stream was opened under. */
    .addColumn('session_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('opened_at', instant, (c) => c.notNull())
    .addColumn('heartbeat_at', instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('live_streams_user_slot_key')
    .on('live_streams')
    .columns(['user_id', 'slot'])
    .unique()
    .execute();
  await db.schema
    .createIndex('live_streams_heartbeat_idx')
    .on('live_streams')
    .column('heartbeat_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('live_streams').execute();
  await db.schema.dropTable('stream_ticket_uses').execute();
}
