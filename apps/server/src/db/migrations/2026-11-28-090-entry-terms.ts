import { foldText } from '@ludoterm/contract';
import { sql } from 'kysely';
import { isPostgres, refType, type AnyDb } from './helpers.ts';

// The terms of the entries whose card holds a term list (synonyms, statuses), one row each and
// folded, so search finds every term and filters by status. Plain cards (one preferred term per
// language) have no rows: their terms are the entry's own term columns. The existing lists are
// copied in here, folded by the contract's foldText as the app folds; `npm run search:rebuild`
// rewrites the rows from the cards at any time.

/** Ids per statement: a range, so each read's work is bounded however few cards hold a list. */
const ID_RANGE = 2000;
/** Term rows per insert (eight parameters each, under both engines' limits). */
const ROWS_PER_INSERT = 1000;

interface StoredTerm {
  idioma: string;
  termino: string;
  estado: string;
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('entry_terms')
    .addColumn('entry_id', refType(db), (c) =>
      c.notNull().references('entries.id').onDelete('cascade'),
    )
    .addColumn('posicion', 'integer', (c) => c.notNull())
    .addColumn('glossary_id', refType(db), (c) => c.notNull())
    .addColumn('idioma', 'text', (c) => c.notNull())
    .addColumn('termino', 'text', (c) => c.notNull())
    .addColumn('termino_plegado', 'text', (c) => c.notNull())
    .addColumn('estado', 'text', (c) => c.notNull())
    /** 1 for the term `termino.{idioma}` shows. */
    .addColumn('mostrado', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('entry_terms_pk', ['entry_id', 'posicion'])
    .execute();
  await db.schema
    .createIndex('entry_terms_glossary_idx')
    .on('entry_terms')
    .columns(['glossary_id', 'estado'])
    .execute();
  if (isPostgres(db)) {
    await sql`create index entry_terms_trgm_idx on entry_terms using gin (termino_plegado gin_trgm_ops)`.execute(
      db,
    );
  }

  const last = await db
    .selectFrom('entries')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const lastId = Number(last?.id ?? 0);
  for (let afterId = 0; afterId < lastId; afterId += ID_RANGE) {
    const rows = (await db
      .selectFrom('entries')
      .select(['id', 'glossary_id', 'ficha'])
      .where('id', '>', afterId)
      .where('id', '<=', afterId + ID_RANGE)
      .where('ficha', 'like', '%"terminos":%')
      .execute()) as Array<{ id: number; glossary_id: number; ficha: string }>;
    const values = rows.flatMap((row) => {
      const card = JSON.parse(row.ficha) as Record<string, unknown>;
      const terms = (card.terminos ?? []) as StoredTerm[];
      const shown = new Set<string>();
      return terms.map((t, posicion) => {
        const mostrado = !shown.has(t.idioma) && card[`termino.${t.idioma}`] === t.termino;
        if (mostrado) shown.add(t.idioma);
        return {
          entry_id: row.id,
          posicion,
          glossary_id: row.glossary_id,
          idioma: t.idioma,
          termino: t.termino,
          termino_plegado: foldText(t.termino),
          estado: t.estado,
          mostrado: mostrado ? 1 : 0,
        };
      });
    });
    for (let from = 0; from < values.length; from += ROWS_PER_INSERT) {
      await db
        .insertInto('entry_terms')
        .values(values.slice(from, from + ROWS_PER_INSERT))
        .execute();
    }
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('entry_terms').execute();
}
