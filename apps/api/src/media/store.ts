// Where uploaded media live (decision 0028): one small interface, put, get and delete by key, with
// two stores behind it: the database (the default, database-store.ts) and an S3-compatible bucket
// (MEDIA_STORE=s3, s3-store.ts). A key is the path under /media/ and carries the content's hash, so
// what it names never changes: a new content is a new key.
import type { Db } from '../db/index';

export interface MediaObject {
  bytes: Buffer;
  contentType: string;
  /** SHA-256 of the bytes, hex: the strong ETag. */
  sha256: string;
}

export interface MediaStore {
  /**
   * 'database': put and delete run on the transaction they are given, and commit or roll back with
   * it. 's3': they happen at once, outside any transaction (changeWithMedia makes them while the
   * transaction holds its lock, and undoes a put when it fails).
   */
  readonly kind: 'database' | 's3';
  /** Stores the object under the key (the same key again: the same bytes, nothing to do). */
  put(key: string, object: MediaObject & { ownerId: number | null }, tx?: Db): Promise<void>;
  get(key: string): Promise<MediaObject | undefined>;
  /** Deletes the object; an absent key is no error. */
  delete(key: string, tx?: Db): Promise<void>;
  close(): Promise<void>;
}

/** The public path of a key. */
export const MEDIA_URL_PREFIX = '/media/';
export const mediaUrl = (key: string) => `${MEDIA_URL_PREFIX}${key}`;
/** The key a public path names, or null when it names none (a shipped file, another site's URL). */
export const mediaKeyOf = (url: string | null) =>
  url?.startsWith(MEDIA_URL_PREFIX) ? url.slice(MEDIA_URL_PREFIX.length) : null;

/**
 * Runs `change` in one database transaction with the media it adds and the media it removes, so the
 * rows and the media they name never disagree. `change` locks the rows it changes first and returns
 * its result and the keys no longer referenced, read under that lock (a key also added is kept).
 * The puts and deletes follow in the same transaction, still under the lock:
 * - the database store writes them in the transaction: all of it commits, or none of it;
 * - a store outside the database (S3) makes them at once; if the transaction then fails, what it put
 *   that was not there before is deleted again. Holding the lock meanwhile keeps two changes of one
 *   owner from crossing (one deleting an object the other has just put under the same key). Only a
 *   failure of the COMMIT itself, after the deletes, leaves a row naming a deleted object (its URL
 *   answers 404 until the next upload).
 */
export async function changeWithMedia<T>(
  db: Db,
  store: MediaStore,
  added: { key: string; object: MediaObject & { ownerId: number | null } }[],
  change: (tx: Db) => Promise<{ result: T; removed: string[] }>,
): Promise<T> {
  const addedKeys = new Set(added.map((a) => a.key));
  const fresh: string[] = [];
  try {
    return await db.transaction().execute(async (tx) => {
      const { result, removed } = await change(tx);
      for (const { key, object } of added) {
        if (store.kind !== 'database' && !(await store.get(key))) fresh.push(key);
        await store.put(key, object, tx);
      }
      for (const key of removed) if (!addedKeys.has(key)) await store.delete(key, tx);
      return result;
    });
  } catch (err) {
    for (const key of fresh) await store.delete(key);
    throw err;
  }
}
