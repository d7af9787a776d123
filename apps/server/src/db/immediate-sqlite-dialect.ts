import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import { WriteGate } from './write-gate.ts';

// Transactions begin with `begin immediate`: a deferred one that reads and then writes fails at
// once with SQLITE_BUSY_SNAPSHOT, busy timeout or not, if the database moved since its snapshot.
// Each first waits at the write gate, so it never waits for another thread in the busy handler.

class ImmediateSqliteDriver extends SqliteDriver {
  readonly #gate: WriteGate;

  constructor(config: SqliteDialectConfig, gate: WriteGate) {
    super(config);
    this.#gate = gate;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#gate.passed();
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #gate: WriteGate;

  constructor(config: SqliteDialectConfig, gate: WriteGate = new WriteGate()) {
    super(config);
    this.#config = config;
    this.#gate = gate;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config, this.#gate);
  }
}
