import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { visibleGlossaryIds } from '../glossaries/index.ts';

// Folded terms per query: two IN lists of this size stay below both engines' limits on bound
// parameters, and a full answer of candidates with their variants fits in one query.
const KEYS_PER_QUERY = 5000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A live entry of a readable glossary whose term in the language matches a folded term. */
export interface GlossaryTermMatch {
  nombre: string;
  /** The entry's folded term in the asked language. */
  plegado: string;
}

/**
 * Which of the user's readable glossaries (as `GET /glosarios` lists them, for admins too) hold
 * a live entry whose term in `language` is one of `foldedTerms`; distinct pairs.
 */
export async function listGlossaryTermMatches(
  db: Kysely<Database>,
  userId: number,
  language: string,
  foldedTerms: readonly string[],
): Promise<GlossaryTermMatch[]> {
  const matches: GlossaryTermMatch[] = [];
  for (const keys of chunks(
    [...new Set(foldedTerms)].filter((k) => k !== ''),
    KEYS_PER_QUERY,
  )) {
    const rows = await db
      .selectFrom('entries as e')
      .innerJoin('glossaries as g', 'g.id', 'e.glossary_id')
      .select(['g.nombre', 'g.idioma_origen', 'e.termino_origen_plegado', 'e.termino_meta_plegado'])
      .distinct()
      .where('e.glossary_id', 'in', visibleGlossaryIds(db, { userId, isAdmin: false }))
      .where('e.eliminado_en', 'is', null)
      .where((eb) =>
        eb.or([
          eb.and([
            eb('g.idioma_origen', '=', language),
            eb('e.termino_origen_plegado', 'in', keys),
          ]),
          eb.and([eb('g.idioma_meta', '=', language), eb('e.termino_meta_plegado', 'in', keys)]),
        ]),
      )
      .execute();
    for (const row of rows) {
      // A glossary has two different languages, so the column is the one of `language`.
      const plegado =
        row.idioma_origen === language ? row.termino_origen_plegado : row.termino_meta_plegado;
      matches.push({ nombre: row.nombre, plegado });
    }
  }
  return matches;
}

/** A live entry of one glossary: its folded terms in the text's language and the other one. */
export interface ExistingTermPair {
  plegado: string;
  otro_plegado: string;
}

/** Live entries of a glossary with a term, in either column, among `foldedTerms`. */
export async function listExistingTerms(
  db: Kysely<Database>,
  glossaryId: number,
  column: 'origen' | 'meta',
  foldedTerms: readonly string[],
): Promise<ExistingTermPair[]> {
  const own = column === 'origen' ? 'termino_origen_plegado' : 'termino_meta_plegado';
  const other = column === 'origen' ? 'termino_meta_plegado' : 'termino_origen_plegado';
  const out: ExistingTermPair[] = [];
  for (const keys of chunks(
    [...new Set(foldedTerms)].filter((k) => k !== ''),
    KEYS_PER_QUERY,
  )) {
    const rows = await db
      .selectFrom('entries')
      .select([`${own} as plegado`, `${other} as otro_plegado`])
      .where('glossary_id', '=', glossaryId)
      .where('eliminado_en', 'is', null)
      .where(own, 'in', keys)
      .execute();
    out.push(...rows);
  }
  return out;
}
