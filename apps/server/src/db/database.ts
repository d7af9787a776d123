import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { ImmediateSqliteDialect } from './immediate-sqlite-dialect.ts';
import { WriteGate } from './write-gate.ts';
import { withCopyFromStdin } from './copy-from-stdin.ts';

export type DatabaseEngine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  /** The SQLite file, so worker threads can open their own connection; null on PostgreSQL. */
  sqlitePath: string | null;
  /** Held while another thread writes (SQLite imports); main-thread writers await it. */
  writeGate: WriteGate;
  destroy(): Promise<void>;
}

let typeParsersSet = false;

/**
 * Both engines must answer identical JSON: ids and counts as numbers, dates as ISO strings.
 * pg answers int8 and numeric as strings and timestamps as Date objects unless told otherwise.
 */
function setPostgresTypeParsers(): void {
  if (typeParsersSet) return;
  typeParsersSet = true;
  const { types } = pg;
  types.setTypeParser(types.builtins.INT8, (v) => Number.parseInt(v, 10));
  types.setTypeParser(types.builtins.NUMERIC, (v) => Number.parseFloat(v));
  types.setTypeParser(types.builtins.TIMESTAMPTZ, (v) => new Date(v).toISOString());
  types.setTypeParser(types.builtins.TIMESTAMP, (v) => new Date(`${v}Z`).toISOString());
}

/** Opens the SQLite file with the settings every connection needs (WAL, foreign keys). */
export function openSqlite(path: string): SQLite.Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 10000');
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('temp_store = MEMORY');
  return sqlite;
}

/** Distinct SQL texts kept prepared per connection (`in` lists of each length differ). */
const STATEMENTS_KEPT = 500;

/**
 * The connection with each SQL text prepared once: preparing costs as much as running a small
 * statement. One still being iterated (a streamed list) is busy, so its text gets another.
 */
export function withPreparedStatements(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      const kept = statements.get(text);
      if (kept && !kept.busy) return kept;
      const statement = sqlite.prepare(text);
      if (!kept) {
        if (statements.size >= STATEMENTS_KEPT) statements.clear();
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/**
 * PostgreSQL cancels a statement past this (57014, answered 503), so a runaway query cannot hold
 * a connection and its locks. Longer work passes its own limit, or uses `set local`.
 */
export const STATEMENT_TIMEOUT_MS = 30_000;

/** Connections of one instance's pool unless DATABASE_POOL_SIZE says otherwise. */
export const DEFAULT_POOL_SIZE = 20;

export function createDatabase(
  options:
    | { postgresUrl: string; statementTimeoutMs?: number; poolSize?: number }
    | { sqlitePath: string },
): DatabaseHandle {
  if ('postgresUrl' in options) {
    setPostgresTypeParsers();
    const pool = new pg.Pool({
      connectionString: options.postgresUrl,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      // Sent when each connection starts, so it holds for all its statements (0: the server's).
      statement_timeout: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
    });
    // An idle client whose connection the server closes (restart, failover) emits 'error' on the
    // pool, fatal without a listener; the pool then discards it and the next query reconnects.
    pool.on('error', (error) => {
      console.warn(`PostgreSQL: se perdió una conexión inactiva (${error.message})`);
    });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: withCopyFromStdin(pool) }),
    });
    return {
      db,
      engine: 'postgres',
      sqlitePath: null,
      writeGate: new WriteGate(),
      destroy: () => db.destroy(),
    };
  }
  const sqlite = openSqlite(options.sqlitePath);
  const writeGate = new WriteGate();
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: withPreparedStatements(sqlite) }, writeGate),
  });
  return {
    db,
    engine: 'sqlite',
    sqlitePath: options.sqlitePath,
    writeGate,
    destroy: () => db.destroy(),
  };
}
