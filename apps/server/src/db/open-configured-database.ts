import { join } from 'node:path';
import type { Config } from '../config.ts';
import { createDatabase, type DatabaseHandle } from './database.ts';

/**
 * The database the configuration names: PostgreSQL by DATABASE_URL, else DATA_DIR/ludoterm.db.
 * Maintenance commands pass `statementTimeoutMs: 0`: their statements may rightly run long.
 */
export function openConfiguredDatabase(
  config: Config,
  { statementTimeoutMs }: { statementTimeoutMs?: number } = {},
): DatabaseHandle {
  if (config.databaseEngine === 'postgres' && config.DATABASE_URL) {
    return createDatabase({
      postgresUrl: config.DATABASE_URL,
      statementTimeoutMs: statementTimeoutMs ?? config.DATABASE_STATEMENT_TIMEOUT_MS,
      poolSize: config.DATABASE_POOL_SIZE,
    });
  }
  const path =
    config.DATABASE_URL?.replace(/^(sqlite|file):(\/\/)?/, '') ||
    join(config.DATA_DIR, 'ludoterm.db');
  return createDatabase({ sqlitePath: path });
}
