import pg from 'pg';

/** A connection string for another database on the same PostgreSQL server. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Runs statements on the server's maintenance connection (CREATE/DROP DATABASE). */
export async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
