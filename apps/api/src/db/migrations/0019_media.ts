// Media in the database (issue 23, decision 0028): uploaded files (today avatars, at most 1024 px
// after re-encoding, tens to a few hundred KB) are rows, so every server process on every machine
// sees the same ones, a backup of the database holds them, and an avatar is replaced or deleted in
// the transaction that replaces or deletes it. `key` is the path under /media/ (avatars/<user id>-
// <sha256 of the bytes>.<ext>), so it changes whenever the content does; `sha256` is the strong
// ETag. `owner_id`: the user the file belongs to; deleting the user deletes it in the same
// statement (ON DELETE CASCADE), whatever deletes them. The files an older version kept under
// $DATA_DIR/media are moved in at each start (accounts' moveAvatarFiles): files are per machine,
// this migration runs once per database.
import type { Kysely } from 'kysely';
import { dialectOf, instantType } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey().notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('bytes', dialectOf(db) === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', instantType(db), (c) => c.notNull())
    .execute();
  // The cascade finds a deleted user's media by it (PostgreSQL indexes no referencing column itself).
  await db.schema.createIndex('media_owner_idx').on('media').column('owner_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media').execute();
}
