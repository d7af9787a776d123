import { join } from 'node:path';
import type { DatabaseHandle } from '../db/database.ts';
import { createLocalStorage, type UploadStorage } from './storage.ts';
import { createDatabaseStorage } from './uploads.repository.ts';

/**
 * Where uploads live: in the database on PostgreSQL, so every instance serves what any of them
 * received; in DATA_DIR/uploads beside the SQLite file otherwise.
 */
export function createUploadStorage(
  config: { DATA_DIR: string },
  database: DatabaseHandle,
): UploadStorage {
  return database.engine === 'postgres'
    ? createDatabaseStorage(database.db)
    : createLocalStorage(join(config.DATA_DIR, 'uploads'));
}
