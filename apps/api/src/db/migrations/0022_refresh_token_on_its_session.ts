// A sign-in keeps its refresh token on its own row (issue 22, decision 0005): `sessions` gains the
// hash of the one refresh token that may rotate next, the hash of the one it replaced and when, and
// `refresh_tokens` goes. A refresh was a read of refresh_tokens by hash and, in a transaction, an
// update of the old token, the insert of the new one (its row and three index entries at random
// places: the jti, the hash, the user) and an update of the sign-in; it is now one update of one row
// by its primary key, which touches no index. The table grew by a row per refresh until the sweep.
//
// Each sign-in takes its newest unrotated token as the current one and its latest rotated token as
// the previous one, so nobody is signed out and a rotation in flight keeps its grace. Down puts
// refresh_tokens back with those two tokens per sign-in (the jti is not kept, so each row takes its
// hash's first 36 characters as its id; nothing reads a stored token by its jti).
import { type Kysely, sql } from 'kysely';
import { instantType } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  const instant = instantType(db);
  await db.schema.alterTable('sessions').addColumn('refresh_hash', 'varchar(64)').execute();
  await db.schema.alterTable('sessions').addColumn('previous_hash', 'varchar(64)').execute();
  await db.schema.alterTable('sessions').addColumn('rotated_at', instant).execute();
  await sql`update sessions set
      refresh_hash = (select t.token_hash from refresh_tokens t
        where t.family_id = sessions.id and t.rotated_at is null
        order by t.created_at desc limit 1),
      previous_hash = (select t.token_hash from refresh_tokens t
        where t.family_id = sessions.id and t.rotated_at is not null
        order by t.rotated_at desc limit 1),
      rotated_at = (select max(t.rotated_at) from refresh_tokens t where t.family_id = sessions.id)`.execute(
    db,
  );
  await db.schema.dropTable('refresh_tokens').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const instant = instantType(db);
  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', instant, (c) => c.notNull())
    .addColumn('expires_at', instant, (c) => c.notNull())
    .addColumn('rotated_at', instant)
    .execute();
  await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();
  await sql`insert into refresh_tokens (id, user_id, family_id, token_hash, created_at, expires_at, rotated_at)
    select substr(refresh_hash, 1, 36), user_id, id, refresh_hash, coalesce(rotated_at, created_at), expires_at, null
      from sessions where refresh_hash is not null`.execute(db);
  await sql`insert into refresh_tokens (id, user_id, family_id, token_hash, created_at, expires_at, rotated_at)
    select substr(previous_hash, 1, 36), user_id, id, previous_hash, created_at, expires_at, rotated_at
      from sessions where previous_hash is not null`.execute(db);
  await db.schema.alterTable('sessions').dropColumn('rotated_at').execute();
  await db.schema.alterTable('sessions').dropColumn('previous_hash').execute();
  await db.schema.alterTable('sessions').dropColumn('refresh_hash').execute();
}
