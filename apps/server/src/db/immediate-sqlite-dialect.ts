import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDialectConfig,
} from 'kysely';
import { WriteGate } from './write-gate.ts';

// Transactions begin with `begin immediate`: a deferred one that reads and then writes fails at
// once with SQLITE_BUSY_SNAPSHOT, busy timeout or not, if the database moved since its snapshot.
// better-sqlite3's busy handler waits synchronously, freezing the thread's event loop, so the
// connection has none: a `begin`, or a statement outside a transaction, first waits while the
// write gate is held (counted as waiting until it has run), and when it still finds another
// connection writing, waits a few milliseconds and is tried again.

/** As long as a busy handler would have waited before giving up. */
const BUSY_WAIT_MS = 10_000;
const RETRY_MS = 5;

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

class PatientConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(
    readonly inner: DatabaseConnection,
    readonly gate: WriteGate,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction) return this.inner.executeQuery<R>(query);
    return this.patiently(query, false);
  }

  /** Runs a statement outside a transaction; `writes`: it waits at the gate from the start. */
  async patiently<R>(query: CompiledQuery, writes: boolean): Promise<QueryResult<R>> {
    const deadline = performance.now() + BUSY_WAIT_MS;
    let leave: (() => void) | undefined;
    let gated = writes;
    try {
      for (;;) {
        if (gated && this.gate.held) {
          leave ??= this.gate.queue();
          await this.gate.opened();
        }
        try {
          return await this.inner.executeQuery<R>(query);
        } catch (error) {
          if (!isBusy(error) || performance.now() > deadline) throw error;
          gated = true;
          if (!this.gate.held) await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        }
      }
    } finally {
      leave?.();
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  readonly #gate: WriteGate;

  constructor(config: SqliteDialectConfig, gate: WriteGate) {
    super(config);
    this.#gate = gate;
  }

  override async init(): Promise<void> {
    await super.init();
    const connection = await super.acquireConnection();
    try {
      await connection.executeQuery(CompiledQuery.raw('pragma busy_timeout = 0'));
    } finally {
      await super.releaseConnection();
    }
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    return new PatientConnection(await super.acquireConnection(), this.#gate);
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const patient = connection as PatientConnection;
    await patient.patiently(CompiledQuery.raw('begin immediate'), true);
    patient.inTransaction = true;
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.commitTransaction(connection);
    } finally {
      (connection as PatientConnection).inTransaction = false;
    }
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.rollbackTransaction(connection);
    } finally {
      (connection as PatientConnection).inTransaction = false;
    }
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
