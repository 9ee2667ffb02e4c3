// Issue 14 (security): sign-ins become rows, so an access token of a revoked sign-in is refused at
// once (the user read every request already makes joins its session by primary key); a generated
// first password must be replaced at the first sign-in; and security-relevant events are kept.
import { type Kysely, sql } from 'kysely';
import { addIdColumn, instantType } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  const instant = instantType(db);

  // One row per sign-in (a refresh-token family): revoking it ends its refresh and access tokens.
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', instant, (c) => c.notNull())
    /** The latest refresh token's expiry; the sweep deletes the row after it. */
    .addColumn('expires_at', instant, (c) => c.notNull())
    .addColumn('revoked_at', instant)
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
  // Every family seen so far becomes a session, revoked when all of its tokens were.
  await sql`insert into sessions (id, user_id, created_at, expires_at, revoked_at)
    select family_id, min(user_id), min(created_at), max(expires_at),
      case when count(revoked_at) = count(*) then max(revoked_at) else null end
    from refresh_tokens group by family_id`.execute(db);
  // The session row is now the one place a sign-in is revoked.
  await db.schema.alterTable('refresh_tokens').dropColumn('revoked_at').execute();

  await db.schema
    .alterTable('users')
    .addColumn('must_change_password', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  // Append-only: written in the transaction of what it records, never changed by the API.
  await addIdColumn(db, db.schema.createTable('audit_events'))
    .addColumn('at', instant, (c) => c.notNull())
    // No foreign key: an event outlives the user it names.
    .addColumn('actor_id', 'integer')
    .addColumn('actor_email', 'varchar(254)')
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(40)')
    .addColumn('target_id', 'varchar(64)')
    .addColumn('ip', 'varchar(64)')
    /** JSON object text. */
    .addColumn('detail', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_events_at_idx').on('audit_events').columns(['at', 'id']).execute();
  await db.schema
    .createIndex('audit_events_action_idx')
    .on('audit_events')
    .columns(['action', 'at'])
    .execute();
  await db.schema
    .createIndex('audit_events_actor_idx')
    .on('audit_events')
    .columns(['actor_id', 'at'])
    .execute();
  await db.schema
    .createIndex('audit_events_target_idx')
    .on('audit_events')
    .columns(['target_type', 'target_id', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_events').execute();
  await db.schema.alterTable('users').dropColumn('must_change_password').execute();
  await db.schema.alterTable('refresh_tokens').addColumn('revoked_at', instantType(db)).execute();
  await db.schema.dropTable('sessions').execute();
}
