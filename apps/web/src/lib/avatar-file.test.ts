import { AVATAR_MAX_BYTES } from '@staff/contracts';
import { describe, expect, it } from 'vitest';
import { avatarFileName, fitWithin, isAvatarTooLarge } from './avatar-file';

describe('avatarFileName', () => {
  it.each([
    ['ảnh đại diện.png', 'anh_dai_dien.jpg'],
    ['Nguyễn Văn Đức.JPG', 'Nguyen_Van_Duc.jpg'],
    ['Phở  bò   tái.webp', 'Pho_bo_tai.jpg'],
    ['Ưu tiên ơi.jpeg', 'Uu_tien_oi.jpg'],
    ['café crème', 'cafe_creme.jpg'],
    ['photo.2024.01.png', 'photo.2024.01.jpg'],
    ['plain.jpg', 'plain.jpg'],
    ['.png', 'avatar.jpg'],
  ])('%s → %s', (input, expected) => {
    expect(avatarFileName(input)).toBe(expected);
  });

  it('leaves no combining marks behind', () => {
    expect(avatarFileName('Tiếng Việt có dấu.png')).toMatch(/^[\x20-\x7e]+$/);
  });
});

describe('isAvatarTooLarge', () => {
  it('accepts exactly 5 MB and rejects one byte more', () => {
    expect(AVATAR_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(isAvatarTooLarge({ size: AVATAR_MAX_BYTES })).toBe(false);
    expect(isAvatarTooLarge({ size: AVATAR_MAX_BYTES + 1 })).toBe(true);
    expect(isAvatarTooLarge({ size: 0 })).toBe(false);
  });
});

describe('fitWithin', () => {
  it('scales the longest side down to the limit and keeps the aspect ratio', () => {
    expect(fitWithin(4000, 3000, 1024)).toEqual({ width: 1024, height: 768 });
    expect(fitWithin(1500, 3000, 1024)).toEqual({ width: 512, height: 1024 });
  });

  it('never scales up', () => {
    expect(fitWithin(800, 600, 1024)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(1024, 1024, 1024)).toEqual({ width: 1024, height: 1024 });
  });
});
