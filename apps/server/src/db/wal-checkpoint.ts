import type SQLite from 'better-sqlite3';
import { openSqlite } from './database.ts';

// One checkpoint of a SQLite file's WAL, as the WAL checkpoint thread runs it
// (workers/wal-checkpoint.worker.ts) on a connection of its own.

export interface WalCheckpointTask {
  sqlitePath: string;
}

/** Frames in the WAL and frames of it now copied into the database file. */
export interface WalCheckpointResult {
  frames: number;
  checkpointed: number;
}

const connections = new Map<string, SQLite.Database>();

/**
 * PASSIVE: copies what it can without waiting for, or holding up, any reader or writer; what
 * a reader still needs is left for the next run.
 */
export function checkpointWal({ sqlitePath }: WalCheckpointTask): WalCheckpointResult {
  let sqlite = connections.get(sqlitePath);
  if (!sqlite) {
    sqlite = openSqlite(sqlitePath);
    connections.set(sqlitePath, sqlite);
  }
  const [row] = sqlite.pragma('wal_checkpoint(PASSIVE)') as Array<{
    log: number;
    checkpointed: number;
  }>;
  return { frames: row?.log ?? 0, checkpointed: row?.checkpointed ?? 0 };
}
