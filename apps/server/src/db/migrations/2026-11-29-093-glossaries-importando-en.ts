import { sql } from 'kysely';
import { refType, type AnyDb } from './helpers.ts';

// On SQLite an import writes in short transactions into a hidden glossary, the staging one,
// and moves its entries into the glossary it imports into in one last transaction, so other
// writers wait for a batch, not for the whole import. `importando_en` names that glossary.
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('glossaries')
    .addColumn('importando_en', refType(db), (c) =>
      c.references('glossaries.id').onDelete('cascade'),
    )
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await sql`delete from glossaries where importando_en is not null`.execute(db);
  await db.schema.alterTable('glossaries').dropColumn('importando_en').execute();
}
