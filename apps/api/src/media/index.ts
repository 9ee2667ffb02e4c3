// The media store the configuration chooses (decision 0028): the database unless MEDIA_STORE=s3.
import type { Config } from '../config';
import type { Db } from '../db/index';
import { createDatabaseMediaStore } from './database-store';
import { createS3MediaStore } from './s3-store';
import type { MediaStore } from './store';

export { registerMediaRoutes } from './routes';
export { changeWithMedia, type MediaObject, type MediaStore, mediaKeyOf, mediaUrl } from './store';

export function createMediaStore(config: Pick<Config, 's3'>, db: Db): Promise<MediaStore> {
  return config.s3 ? createS3MediaStore(config.s3) : Promise.resolve(createDatabaseMediaStore(db));
}
