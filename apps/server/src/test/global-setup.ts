// Builds, once per Vitest run, a migrated PostgreSQL template database that every test file
// clones (CREATE DATABASE … TEMPLATE), so each file starts from a fresh, migrated database
// in milliseconds. Without TEST_DATABASE_URL only SQLite runs.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { quoteIdent, withAdminClient, withDatabase } from './postgres-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string | null;
  }
}

function migrationsHash(): string {
  const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'db', 'migrations');
  const hash = createHash('sha256');
  for (const file of readdirSync(dir).sort()) hash.update(file).update(readFileSync(join(dir, file)));
  return hash.digest('hex').slice(0, 12);
}

export default async function setup(project: TestProject): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    if (process.env.CI === 'true') throw new Error('CI=true pero TEST_DATABASE_URL no está definido.');
    project.provide('postgresTemplate', null);
    return;
  }
  const template = `ludoterm_tpl_${migrationsHash()}`;
  await withAdminClient(url, async (client) => {
    // Several test runs may start at once (CI, developers): one builds the template, the rest wait.
    await client.query('select pg_advisory_lock(724501)');
    try {
      const exists = await client.query('select 1 from pg_database where datname = $1', [template]);
      if (exists.rowCount === 0) {
        const building = `${template}_build`;
        await client.query(`drop database if exists ${quoteIdent(building)}`);
        await client.query(`create database ${quoteIdent(building)}`);
        const handle = createDatabase({ postgresUrl: withDatabase(url, building) });
        try {
          await migrateToLatest(handle.db);
        } finally {
          await handle.destroy();
        }
        await client.query(`alter database ${quoteIdent(building)} rename to ${quoteIdent(template)}`);
      }
    } finally {
      await client.query('select pg_advisory_unlock(724501)');
    }
  });
  project.provide('postgresTemplate', template);
}
