import type SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { openSqlite } from './database.ts';
import type { Database } from './schema.ts';

// One checkpoint of a SQLite file's WAL, as the WAL checkpoint thread runs it
// (workers/wal-checkpoint.worker.ts) on a connection of its own.

export interface WalCheckpointTask {
  sqlitePath: string;
}

/** What `pragma wal_checkpoint` answers: frames in the WAL, and how many are now in the file. */
interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

/** A WAL still this long after a copy is not starting over by itself (see checkpointWal). */
const RESTART_FROM_FRAMES = 4000;
/** How long a restart waits for readers (holding writers off); past it, the next run retries. */
const RESTART_WAIT_MS = 20;

const connections = new Map<string, SQLite.Database>();

function connectionFor(sqlitePath: string): SQLite.Database {
  let sqlite = connections.get(sqlitePath);
  if (!sqlite) {
    sqlite = openSqlite(sqlitePath);
    sqlite.pragma(`busy_timeout = ${RESTART_WAIT_MS}`);
    connections.set(sqlitePath, sqlite);
  }
  return sqlite;
}

function checkpoint(sqlite: SQLite.Database, mode: 'PASSIVE' | 'RESTART'): CheckpointResult | null {
  const [result] = sqlite.pragma(`wal_checkpoint(${mode})`) as CheckpointResult[];
  return result ?? null;
}

/**
 * A PASSIVE copy never waits, but the WAL starts over only when a write begins with every frame
 * copied, which steady writes never allow; so a long WAL then gets a RESTART, which briefly holds
 * writers off so the next write starts it over.
 */
export function checkpointWal({ sqlitePath }: WalCheckpointTask): void {
  const sqlite = connectionFor(sqlitePath);
  let copied = checkpoint(sqlite, 'PASSIVE');
  if (!copied || copied.busy !== 0 || copied.log < RESTART_FROM_FRAMES) return;
  copied = checkpoint(sqlite, 'PASSIVE');
  if (!copied || copied.busy !== 0) return;
  checkpoint(sqlite, 'RESTART');
}

/** Copies what the WAL holds into the database file without waiting for anyone (PASSIVE). */
export async function checkpointPassively(db: Kysely<Database>): Promise<void> {
  await sql`pragma wal_checkpoint(passive)`.execute(db);
}

/** The WAL size, in pages, past which a connection's own commit checkpoints it. */
export async function setAutocheckpointPages(db: Kysely<Database>, pages: number): Promise<void> {
  await sql`pragma wal_autocheckpoint = ${sql.raw(String(pages))}`.execute(db);
}
