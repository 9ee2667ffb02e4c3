// The media stores a test runs against (decision 0028): the database, and an S3-compatible bucket
// served by s3rver, a real S3 server over HTTP (signatures checked) started in this process on a
// free port, with its files in a temporary folder. `keys()` lists what the store holds, so tests
// can check that nothing is left behind.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { Db } from '../db/index';

export type MediaStoreKind = 'database' | 's3';

export const MEDIA_STORES: MediaStoreKind[] = ['database', 's3'];

export interface TestMediaStore {
  /** The environment that configures the app for this store. */
  env: Record<string, string>;
  /** Every key the store holds, sorted. */
  keys(db: Db): Promise<string[]>;
  close(): Promise<void>;
}

const BUCKET = 'staff-media';
/** s3rver's fixed credentials. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startTestMediaStore(kind: MediaStoreKind): Promise<TestMediaStore> {
  if (kind === 'database') {
    return {
      env: {},
      keys: async (db) =>
        (await db.selectFrom('media').select('key').orderBy('key').execute()).map((r) => r.key),
      close: async () => {},
    };
  }
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: CREDENTIALS,
  });
  return {
    env: {
      MEDIA_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (listed.Contents ?? []).map((o) => o.Key as string).sort();
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
