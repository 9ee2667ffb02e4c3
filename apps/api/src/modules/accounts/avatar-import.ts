// The avatar files an older version kept in $DATA_DIR/media/avatars (one machine's disk), moved into
// the media store at every start (decision 0028). Files are per machine, so this is a start step,
// not a migration (those run once per database). Safe to repeat: a file is deleted only once the
// row naming its stored copy has committed, so a start cut short leaves each file either moved or
// still there to move. A user whose file is missing (or not an image) is left without an avatar,
// rather than the start failing.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/index';
import { changeWithMedia, type MediaStore } from '../../media/index';
import { createUserRecords } from '../users/index';
import { AVATAR_URL_PREFIX, avatarObject, detectAvatarType } from './avatar';

/** An older version's generated name: a UUID and the type's extension. */
const FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/;

/** Thrown to roll a move back when the user's avatar changed since it was read. */
class AvatarChanged extends Error {}

export interface AvatarImport {
  /** Files stored and their users pointed at the stored copy. */
  moved: number;
  /** Users left without an avatar: their file was missing, or not an image. */
  missing: number;
  /** Files no user named (left by a version before issue 22), deleted. */
  unreferenced: number;
}

export async function moveAvatarFiles(deps: {
  db: Db;
  media: MediaStore;
  mediaDir: string;
  now?: () => Date;
}): Promise<AvatarImport> {
  const { db, media } = deps;
  const now = deps.now ?? (() => new Date());
  const dir = path.join(deps.mediaDir, 'avatars');
  const done: AvatarImport = { moved: 0, missing: 0, unreferenced: 0 };
  for (const { id, avatar } of await createUserRecords(db).findOlderAvatarFiles()) {
    const name = avatar.slice(AVATAR_URL_PREFIX.length);
    if (!FILE_NAME.test(name)) continue;
    const file = path.join(dir, name);
    const bytes = await fs.readFile(file).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'EISDIR') return null;
      throw err;
    });
    const type = bytes && (await detectAvatarType(bytes));
    const stored = bytes && type ? [avatarObject(id, bytes, type)] : [];
    try {
      await changeWithMedia(db, media, stored, async (tx) => {
        const records = createUserRecords(tx);
        // Under the row's lock: only the avatar read above is replaced (another process may have moved it).
        if ((await records.lockAvatar(id))?.avatar !== avatar) throw new AvatarChanged();
        await records.updateProfile(id, { avatar: stored[0]?.url ?? null }, now());
        return { result: undefined, removed: [] };
      });
    } catch (err) {
      if (!(err instanceof AvatarChanged)) throw err;
      continue;
    }
    if (stored.length > 0) done.moved++;
    else done.missing++;
    if (bytes) await fs.rm(file, { force: true });
  }
  // What is left under an older version's name is no one's avatar any more: nothing serves it.
  const left = await fs.readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return [];
    throw err;
  });
  for (const name of left.filter((n) => FILE_NAME.test(n))) {
    await fs.rm(path.join(dir, name), { force: true });
    done.unreferenced++;
  }
  return done;
}
