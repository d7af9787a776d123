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

/**
 * A WAL still holding this many frames (16 MiB) after being copied has not started over by
 * itself: writes keep coming with no gap between them (see checkpointWal).
 */
const RESTART_FROM_FRAMES = 4000;
/**
 * How long a restart may wait for readers still on the WAL, holding writers off meanwhile;
 * past it, the next run tries again.
 */
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
 * A PASSIVE checkpoint copies the WAL into the database file without waiting for, or holding
 * up, any reader or writer. Copying alone does not keep the WAL small: it starts over from its
 * beginning only when a write transaction begins with every frame already copied. Between
 * ordinary writes there is time for that; under a steady stream of them the next write has
 * always begun by the time a copy ends, and the WAL grew until the main connection's backstop
 * copied 10,000 pages inside a request (100–200 ms, every few hundred writes). So a WAL past
 * RESTART_FROM_FRAMES is copied once more, to catch up with the writes made meanwhile, and
 * then checkpointed in RESTART mode, which holds writers off while it copies what is left and
 * syncs (25–70 ms on the benchmark machine's disk) and makes the next write start the WAL over.
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
