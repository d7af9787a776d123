import type { AnyDb } from './helpers.ts';

// An entry's review state (borrador, en_revision, aprobado), on the entry and on each version,
// so the history shows who changed it and when. Entries that existed before start as drafts.
const TABLES = ['entries', 'entry_versions'] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('estado_revision', 'text', (c) => c.notNull().defaultTo('borrador'))
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('estado_revision').execute();
}
