// Avatar rules from the spec (section 5): size limit and the upload's file name.
import { AVATAR_MAX_BYTES } from '@staff/contracts';

export const AVATAR_TOO_LARGE_MESSAGE = 'File quá lớn. Vui lòng chọn ảnh nhỏ hơn 5MB.';

export function isAvatarTooLarge(file: { size: number }): boolean {
  return file.size > AVATAR_MAX_BYTES;
}

/**
 * The name the re-encoded avatar is uploaded under: accents removed (NFD, then combining marks
 * dropped; đ/Đ are letters of their own, not accented d), whitespace as underscores, `.jpg` because
 * the picture is re-encoded as JPEG.
 */
export function avatarFileName(original: string): string {
  const base = original.replace(/\.[^./\\]*$/, '');
  const plain = base
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .trim()
    .replace(/\s+/g, '_');
  return `${plain || 'avatar'}.jpg`;
}

/** Width and height scaled down so the longest side is at most `maxSide` (never scaled up). */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
