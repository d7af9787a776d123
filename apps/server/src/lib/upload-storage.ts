import { join } from 'node:path';
import type { DatabaseHandle } from '../db/database.ts';
import { createS3Storage } from './s3-storage.ts';
import { createLocalStorage, type UploadStorage } from './storage.ts';
import { createDatabaseStorage } from './uploads.repository.ts';

/** Uploads go to S3_URL's bucket, else PostgreSQL (shared by instances), else DATA_DIR/uploads. */
export function createUploadStorage(
  config: { DATA_DIR: string; S3_URL?: string | undefined },
  database: DatabaseHandle,
): UploadStorage {
  if (config.S3_URL) return createS3Storage(config.S3_URL);
  return database.engine === 'postgres'
    ? createDatabaseStorage(database.db)
    : createLocalStorage(join(config.DATA_DIR, 'uploads'));
}
