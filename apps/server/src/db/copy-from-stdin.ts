import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

// Kysely sends every statement as text and parameters, which cannot carry COPY's data stream:
// the pool's clients run a `copy … from stdin` statement with its one parameter as the data.

const COPY_FROM_STDIN = /^copy\s[\s\S]*\sfrom\s+stdin\s*$/i;

/** A value in COPY's text format: `\N` for null, backslash escapes for the separators. */
export function copyTextValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return String(value).replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

async function runCopy(
  client: pg.PoolClient,
  text: string,
  parameters: ReadonlyArray<unknown> | undefined,
): Promise<PostgresQueryResult<never>> {
  const data = parameters?.[0];
  // Anything else is a caller's mistake that would otherwise copy "undefined" or drop values.
  if (parameters?.length !== 1 || typeof data !== 'string')
    throw new TypeError('copy … from stdin takes exactly one parameter: its rows as text');
  const stream = client.query(copyFrom(text));
  await pipeline(Readable.from([data]), stream);
  // Counted as an insert's rows, which is what COPY FROM writes.
  return { command: 'INSERT', rowCount: stream.rowCount, rows: [] };
}

/** A pooled client that passes statements on, except `copy … from stdin`, which it streams. */
class CopyingClient implements PostgresPoolClient {
  readonly #client: pg.PoolClient;

  constructor(client: pg.PoolClient) {
    this.#client = client;
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query(
    sqlOrCursor: string | PostgresCursor<unknown>,
    parameters?: ReadonlyArray<unknown>,
  ): unknown {
    if (typeof sqlOrCursor !== 'string') return this.#client.query(sqlOrCursor as never);
    if (COPY_FROM_STDIN.test(sqlOrCursor)) return runCopy(this.#client, sqlOrCursor, parameters);
    return this.#client.query(sqlOrCursor, parameters as unknown[]);
  }

  release(): void {
    this.#client.release();
  }
}

/** The pool, with clients that also run `copy … from stdin` (the data as the one parameter). */
export function withCopyFromStdin(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => new CopyingClient(await pool.connect()),
    end: () => pool.end(),
  };
}
