// Avatar files: the type is decided by the bytes, never by the name or the
// declared content type; the image is decoded and re-encoded here (scaled down,
// first frame only, no metadata), so what is stored is never what was uploaded;
// and the stored name is generated.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AVATAR_MAX_SIDE, AVATAR_TYPES } from '@staff/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { fieldError } from '../../http/errors';

type AvatarType = (typeof AVATAR_TYPES)[number];

export const AVATAR_NOT_AN_IMAGE =
  'Upload a valid image. The file you uploaded was either not an image or a corrupted image.';
/** Beyond either, decoding alone would cost hundreds of MB: refused from the header, before it. */
export const AVATAR_MAX_INPUT_PIXELS = 40_000_000;
export const AVATAR_MAX_INPUT_SIDE = 10_000;
export const AVATAR_TOO_MANY_PIXELS = `The image is too large. The maximum is ${AVATAR_MAX_INPUT_SIDE} pixels a side and ${AVATAR_MAX_INPUT_PIXELS / 1_000_000} megapixels.`;
/** The spec's 0.8. */
const QUALITY = 80;

export const AVATAR_URL_PREFIX = '/media/avatars/';

const EXTENSIONS: Record<AvatarType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** The image type of the bytes, or null when they are not a JPEG, PNG or WebP. */
export async function detectAvatarType(bytes: Buffer): Promise<AvatarType | null> {
  const type = await fileTypeFromBuffer(bytes);
  const mime = type?.mime as AvatarType | undefined;
  return mime && (AVATAR_TYPES as readonly string[]).includes(mime) ? mime : null;
}

/**
 * The uploaded bytes as the avatar to store: the same type, its first frame, turned upright, in sRGB,
 * scaled so the longest side is at most AVATAR_MAX_SIDE (never enlarged), with no metadata (EXIF
 * with its GPS position, XMP, ICC) left. Refuses, with a field error, what is not a JPEG, PNG or
 * WebP, what cannot be decoded, and what claims more pixels than the limits, from its header alone.
 */
export async function reencodeAvatar(bytes: Buffer): Promise<{ bytes: Buffer; type: AvatarType }> {
  const type = await detectAvatarType(bytes);
  if (!type) throw fieldError('avatar', AVATAR_NOT_AN_IMAGE);
  let width: number | undefined;
  let height: number | undefined;
  try {
    // Reads the header only; sharp's own pixel limit would refuse here with a message about format.
    ({ width, height } = await sharp(bytes, { limitInputPixels: false, pages: 1 }).metadata());
  } catch {
    throw fieldError('avatar', AVATAR_NOT_AN_IMAGE);
  }
  if (!width || !height) throw fieldError('avatar', AVATAR_NOT_AN_IMAGE);
  if (
    width > AVATAR_MAX_INPUT_SIDE ||
    height > AVATAR_MAX_INPUT_SIDE ||
    width * height > AVATAR_MAX_INPUT_PIXELS
  ) {
    throw fieldError('avatar', AVATAR_TOO_MANY_PIXELS);
  }
  // limitInputPixels: libvips refuses too, should the decoder find more pixels than the header said.
  const image = sharp(bytes, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, pages: 1, failOn: 'error' })
    // Applies the EXIF orientation, which goes with the rest of the metadata.
    .rotate()
    .resize({
      width: AVATAR_MAX_SIDE,
      height: AVATAR_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .toColourspace('srgb');
  const encoded =
    type === 'image/jpeg'
      ? image.jpeg({ quality: QUALITY })
      : type === 'image/webp'
        ? image.webp({ quality: QUALITY })
        : image.png();
  try {
    // sharp writes no metadata unless told to keep it.
    return { bytes: await encoded.toBuffer(), type };
  } catch {
    throw fieldError('avatar', AVATAR_NOT_AN_IMAGE);
  }
}

/** Writes the avatar under mediaDir/avatars and returns its public path. */
export async function storeAvatar(mediaDir: string, bytes: Buffer, type: AvatarType): Promise<string> {
  const dir = path.join(mediaDir, 'avatars');
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${randomUUID()}.${EXTENSIONS[type]}`;
  await fs.writeFile(path.join(dir, name), bytes, { flag: 'wx', mode: 0o600 });
  return `${AVATAR_URL_PREFIX}${name}`;
}

/** Removes a previous avatar file; only generated avatar paths are ever touched. */
export async function removeAvatar(mediaDir: string, avatarPath: string | null): Promise<void> {
  if (!avatarPath?.startsWith(AVATAR_URL_PREFIX)) return;
  const name = path.basename(avatarPath);
  if (!/^[0-9a-f-]{36}\.(jpg|png|webp)$/.test(name)) return;
  await fs.rm(path.join(mediaDir, 'avatars', name), { force: true });
}
