// MEDIA_STORE=s3: media in an S3-compatible bucket (AWS S3, MinIO, Ceph, Garage…), for installs that
// keep files out of the database. The client (@aws-sdk/client-s3) is loaded only when configured.
// Puts and deletes happen at once, outside any transaction: changeWithMedia makes them while the
// database transaction holds the owner's row lock, and deletes a new object again if it fails.
import type { S3Settings } from '../config';
import type { MediaStore } from './store';

export async function createS3MediaStore(settings: S3Settings): Promise<MediaStore> {
  const { S3Client, PutObjectCommand, GetObjectCommand, DeleteObjectCommand, NoSuchKey } = await import(
    '@aws-sdk/client-s3'
  );
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.pathStyle,
    // Checksums only where S3 requires them: many S3-compatible servers refuse the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
  });
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async put(key, object) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: object.bytes,
          ContentType: object.contentType,
          // Read back as the ETag: S3's own is an MD5 (or a multipart's), not the content hash.
          Metadata: { sha256: object.sha256 },
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const bytes = Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
        return {
          bytes,
          contentType: answer.ContentType ?? 'application/octet-stream',
          sha256: answer.Metadata?.sha256 ?? '',
        };
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return undefined;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async close() {
      client.destroy();
    },
  };
}
