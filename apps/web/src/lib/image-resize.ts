// Browser-only: decodes a picture, scales it down and re-encodes it as JPEG before upload.
import { AVATAR_MAX_SIDE, AVATAR_QUALITY } from '@staff/contracts';
import { avatarFileName, fitWithin } from './avatar-file';

type Decoded = { source: CanvasImageSource; width: number; height: number; release: () => void };

async function decode(file: Blob): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    // from-image honours EXIF orientation, so phone photos are not sideways.
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return {
      source: image,
      width: image.naturalWidth,
      height: image.naturalHeight,
      release: () => URL.revokeObjectURL(url),
    };
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
}

/** The avatar as uploaded: longest side ≤ 1024 px, JPEG at quality 0.8, accent-free file name. */
export async function prepareAvatar(file: File): Promise<File> {
  const decoded = await decode(file);
  try {
    const { width, height } = fitWithin(decoded.width, decoded.height, AVATAR_MAX_SIDE);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Canvas is not available');
    // JPEG has no transparency: paint white first so transparent PNG areas do not turn black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(decoded.source, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', AVATAR_QUALITY),
    );
    if (!blob) throw new Error('Could not encode the picture');
    return new File([blob], avatarFileName(file.name), { type: 'image/jpeg', lastModified: Date.now() });
  } finally {
    decoded.release();
  }
}
