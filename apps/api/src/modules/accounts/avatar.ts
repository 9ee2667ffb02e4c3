// Avatar files: the type is decided by the bytes, never by the name or the
// declared content type, and the stored name is generated.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AVATAR_TYPES } from '@staff/contracts';
import { fileTypeFromBuffer } from 'file-type';

export const AVATAR_URL_PREFIX = '/media/avatars/';

const EXTENSIONS: Record<(typeof AVATAR_TYPES)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** The image type of the bytes, or null when they are not a JPEG, PNG or WebP. */
export async function detectAvatarType(bytes: Buffer): Promise<(typeof AVATAR_TYPES)[number] | null> {
  const type = await fileTypeFromBuffer(bytes);
  const mime = type?.mime as (typeof AVATAR_TYPES)[number] | undefined;
  return mime && (AVATAR_TYPES as readonly string[]).includes(mime) ? mime : null;
}

/** Writes the avatar under mediaDir/avatars and returns its public path. */
export async function storeAvatar(
  mediaDir: string,
  bytes: Buffer,
  type: (typeof AVATAR_TYPES)[number],
): Promise<string> {
  const dir = path.join(mediaDir, 'avatars');
  await fs.mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.${EXTENSIONS[type]}`;
  await fs.writeFile(path.join(dir, name), bytes, { flag: 'wx' });
  return `${AVATAR_URL_PREFIX}${name}`;
}

/** Removes a previous avatar file; only generated avatar paths are ever touched. */
export async function removeAvatar(mediaDir: string, avatarPath: string | null): Promise<void> {
  if (!avatarPath?.startsWith(AVATAR_URL_PREFIX)) return;
  const name = path.basename(avatarPath);
  if (!/^[0-9a-f-]{36}\.(jpg|png|webp)$/.test(name)) return;
  await fs.rm(path.join(mediaDir, 'avatars', name), { force: true });
}
