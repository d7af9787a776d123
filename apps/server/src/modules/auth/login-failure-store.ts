import type { DatabaseHandle } from '../../db/database.ts';
import { createDatabaseLoginFailureStore } from './login-failures.repository.ts';
import { createMemoryLoginFailureStore, type LoginFailureStore } from './login-failures.ts';

/** Several instances share PostgreSQL, so their failures are counted there; SQLite is one. */
export function createLoginFailureStore(database: DatabaseHandle): LoginFailureStore {
  return database.engine === 'postgres'
    ? createDatabaseLoginFailureStore(database.db)
    : createMemoryLoginFailureStore();
}
