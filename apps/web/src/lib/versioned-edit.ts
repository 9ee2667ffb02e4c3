// An edit page's record (a user, a diary entry), pinned at the version its form was filled from:
// a background refetch of the live query must not move the If-Match along while the form still
// shows the older values. A save the server refuses with 412 (saved elsewhere since) reads the
// stored version, pins it, and throws the page's EditConflict for the form (see form-save.ts), so
// the next save goes over the newer version.
import { useState } from 'react';
import type { Versioned } from './api-client';
import { isPreconditionFailed } from './edit-conflict';

export interface VersionedSave<T> {
  /** Writes with this ETag (If-Match). */
  write: (etag: string | null) => Promise<unknown>;
  /** Reads the stored version, bypassing the cache. */
  reread: () => Promise<Versioned<T>>;
  /** The error the form shows after a 412, from the version the form started from and the stored one. */
  conflict: (from: T, newer: T) => Error;
}

export function useVersionedEdit<T extends { id: number }>(live: Versioned<T> | undefined) {
  const [loaded, setLoaded] = useState<Versioned<T> | null>(null);
  if (live && (loaded === null || loaded.data.id !== live.data.id)) setLoaded(live);

  const saveOver = async (from: Versioned<T>, { write, reread, conflict }: VersionedSave<T>) => {
    try {
      await write(from.etag);
    } catch (error) {
      if (!isPreconditionFailed(error)) throw error;
      const newer = await reread();
      setLoaded(newer);
      throw conflict(from.data, newer.data);
    }
  };

  return { loaded, saveOver };
}
