import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';

// SQLite transactions that take the write lock when they begin (`begin immediate`) rather than
// at their first write, as Kysely's plain `begin` does.
//
// A deferred transaction reads from a snapshot; when it then writes, SQLite refuses at once
// with SQLITE_BUSY_SNAPSHOT, busy timeout or not, if the database moved since that snapshot:
// another connection committed, or the WAL checkpoint thread restarted the WAL
// (db/wal-checkpoint.ts). Every transaction here writes, most after reading first. The import
// writer lost its card-field indexing to that race in about one import of ten (the checkpoint
// thread restarting the WAL between its reads and its first write), and advanced searches then
// missed the whole import. Taken at the start, the lock is waited for like any other.

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
