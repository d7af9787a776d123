import type SQLite from 'better-sqlite3';
import { openSqlite } from './database.ts';

// One checkpoint of a SQLite file's WAL, as the WAL checkpoint thread runs it
// (workers/wal-checkpoint.worker.ts) on a connection of its own.

export interface WalCheckpointTask {
  sqlitePath: string;
}

const connections = new Map<string, SQLite.Database>();

/**
 * PASSIVE: copies what it can without waiting for, or holding up, any reader or writer; what
 * a reader still needs is left for the next run.
 */
export function checkpointWal({ sqlitePath }: WalCheckpointTask): void {
  let sqlite = connections.get(sqlitePath);
  if (!sqlite) {
    sqlite = openSqlite(sqlitePath);
    connections.set(sqlitePath, sqlite);
  }
  sqlite.pragma('wal_checkpoint(PASSIVE)');
}
