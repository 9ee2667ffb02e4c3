// Avatar files: the type is decided by the bytes, never by the name or the
// declared content type; the image is decoded and re-encoded here (scaled down,
// first frame only, no metadata), so what is stored is never what was uploaded;
// and the stored name is the user's id and the content's hash (the media store keeps it: decision
// 0028). Decoding is bounded (issue 22): pixels from
// the header, one decode at a time per process, no libvips cache, one libvips
// thread per image.
import { createHash } from 'node:crypto';
import { AVATAR_MAX_SIDE, AVATAR_TYPES } from '@staff/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { fieldError } from '../../http/errors';
import { type MediaObject, mediaUrl } from '../../media/index';

type AvatarType = (typeof AVATAR_TYPES)[number];

export const AVATAR_NOT_AN_IMAGE =
  'Upload a valid image. The file you uploaded was either not an image or a corrupted image.';
/**
 * A 1024 px avatar needs about one megapixel; this admits every phone's default photo (12 MP,
 * and the 24 MP, 5712×4284, of recent iPhones) to be shrunk, and refuses from the header, before
 * any decoding, what only a full-resolution mode (48–200 MP) or a crafted file makes. At this size a
 * decode costs at most about 250 MB (an interlaced 16-bit RGBA PNG, which libvips holds whole; a
 * phone's JPEG a few MB, shrunk while it loads), and AVATAR_DECODES_AT_ONCE run at a time. See the
 * module's README for the measurements.
 */
export const AVATAR_MAX_INPUT_PIXELS = 25_000_000;
export const AVATAR_MAX_INPUT_SIDE = 10_000;
/**
 * Decodes one process runs at once; the rest wait their turn. The cluster runs a process per core
 * (decision 0020), so each core decodes one image at a time.
 */
export const AVATAR_DECODES_AT_ONCE = 1;
export const AVATAR_TOO_MANY_PIXELS = `The image is too large. The maximum is ${AVATAR_MAX_INPUT_SIDE} pixels a side and ${AVATAR_MAX_INPUT_PIXELS / 1_000_000} megapixels.`;
/** The spec's 0.8. */
const QUALITY = 80;

export const AVATAR_URL_PREFIX = '/media/avatars/';

// libvips keeps recent operations and their pixels in a cache (50 MB and 100 operations by default)
// that only helps when the same image is processed again, which never happens here; and it gives
// each image a thread per core. Both multiply what concurrent decodes hold: off, and one thread.
sharp.cache(false);
sharp.concurrency(1);

let decoding = 0;
const waitingToDecode: (() => void)[] = [];

/** Runs `work` when fewer than AVATAR_DECODES_AT_ONCE decodes run in this process, in arrival order. */
async function inDecodeQueue<T>(work: () => Promise<T>): Promise<T> {
  if (decoding < AVATAR_DECODES_AT_ONCE) decoding++;
  else await new Promise<void>((resolve) => waitingToDecode.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is freed.
    const next = waitingToDecode.shift();
    if (next) next();
    else decoding--;
  }
}

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
 * WebP, what cannot be decoded, and what claims more pixels than the limits, from its header alone
 * (without waiting for the decode queue).
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
    return { bytes: await inDecodeQueue(() => encoded.toBuffer()), type };
  } catch {
    throw fieldError('avatar', AVATAR_NOT_AN_IMAGE);
  }
}

/**
 * The avatar as the media store keeps it: under avatars/<user id>-<sha256 of the bytes>.<ext>, so its
 * URL changes whenever its content does (and is served with a year's cache), and two users with the
 * same picture never share one object (each is deleted with its user).
 */
export function avatarObject(
  userId: number,
  bytes: Buffer,
  type: AvatarType,
): { key: string; url: string; object: MediaObject & { ownerId: number } } {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const key = `avatars/${userId}-${sha256}.${EXTENSIONS[type]}`;
  return { key, url: mediaUrl(key), object: { bytes, contentType: type, sha256, ownerId: userId } };
}
