import { sql } from 'kysely';
import type { AnyDb } from './helpers.ts';

// Entries without a base-language term sort together after all the others: their sort key is
// now their target term's key behind U+10FFFF (modules/card/sort-key.ts). Until now it was that
// target term's key alone, so each such entry's key gains the prefix; which entries lack the
// base term is read from their cards. Soft-deleted entries too, since a recovery keeps its key.
// On SQLite the search docs follow each key through the trigger on entries (migration 041),
// the path every edit takes, so they stay numbered in order.

// The same value as modules/card (copied: a migration never changes).
const PREFIX = '\u{10FFFF}';
/** Rows read, and keys written, per statement. */
const BATCH = 500;

interface Candidate {
  id: number;
  ficha: string;
  clave_orden: string;
  idioma_origen: string;
}

/** Whether a stored card (JSON, terms keyed `termino.<language>`) has a base-language term. */
function hasBaseTerm(ficha: string, idiomaOrigen: string): boolean {
  const card = JSON.parse(ficha) as Record<string, unknown>;
  return Boolean(card[`termino.${idiomaOrigen}`]);
}

export async function up(db: AnyDb): Promise<void> {
  let afterId = 0;
  for (;;) {
    // An empty folded base term is where a missing one shows, so the cards read are few.
    const { rows } = await sql<Candidate>`
      select e.id, e.ficha, e.clave_orden, g.idioma_origen
      from entries e join glossaries g on g.id = e.glossary_id
      where e.termino_origen_plegado = '' and e.id > ${afterId}
      order by e.id limit ${BATCH}`.execute(db);
    if (rows.length === 0) break;
    afterId = Number(rows[rows.length - 1]!.id);
    const ids = rows
      .filter((r) => !r.clave_orden.startsWith(PREFIX) && !hasBaseTerm(r.ficha, r.idioma_origen))
      .map((r) => Number(r.id));
    if (ids.length === 0) continue;
    await sql`update entries set clave_orden = ${PREFIX} || clave_orden
      where id in (${sql.join(ids)})`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  await sql`update entries set clave_orden = substr(clave_orden, 2)
    where substr(clave_orden, 1, 1) = ${PREFIX}`.execute(db);
}
