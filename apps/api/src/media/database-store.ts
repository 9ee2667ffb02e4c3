// The default media store: the `media` table (migration 0019), on the database every process shares.
import { toIso } from '../db/dialect';
import type { Db } from '../db/index';
import type { MediaStore } from './store';

export function createDatabaseMediaStore(db: Db, now: () => Date = () => new Date()): MediaStore {
  return {
    kind: 'database',
    async put(key, object, tx = db) {
      await tx
        .insertInto('media')
        .values({
          key,
          sha256: object.sha256,
          content_type: object.contentType,
          size: object.bytes.length,
          bytes: object.bytes,
          owner_id: object.ownerId,
          created_at: toIso(now()),
        })
        // The key carries the content's hash: a row already there holds the same bytes.
        .onConflict((c) => c.column('key').doNothing())
        .execute();
    },
    async get(key) {
      const row = await db
        .selectFrom('media')
        .select(['bytes', 'content_type', 'sha256'])
        .where('key', '=', key)
        .executeTakeFirst();
      return row && { bytes: row.bytes, contentType: row.content_type, sha256: row.sha256 };
    },
    async delete(key, tx = db) {
      await tx.deleteFrom('media').where('key', '=', key).execute();
    },
    async close() {},
  };
}
