import type { Language } from '@ludoterm/contract';
import type { Kysely } from 'kysely';
import type { Database, EntryRow } from '../../db/schema.ts';
import { visibleGlossaryIds } from '../glossaries/index.ts';
import type { GlossaryIds, SearchScope, SearchTarget } from './search-order.ts';

/** Who searches and, optionally, which of their glossaries (by nombre_seguro). */
export interface ScopeInput {
  userId: number;
  /** Admins read every active glossary. */
  isAdmin: boolean;
  slugs?: readonly string[];
}

/** A scope of the glossaries `glossaryIds` selects, narrowed by language on demand. */
function scopeOfGlossaries(glossaryIds: (db: Kysely<Database>) => GlossaryIds): SearchScope {
  return {
    glossaryIds,
    glossaryIdsWith: (db, side, language) =>
      glossaryIds(db).where(
        side === 'origen' ? 'glossaries.idioma_origen' : 'glossaries.idioma_meta',
        '=',
        language,
      ),
  };
}

/** The glossaries a user may read, narrowed to `slugs`, as subqueries for each statement. */
export function searchScopeFor({ userId, isAdmin, slugs }: ScopeInput): SearchScope {
  return scopeOfGlossaries((db) => {
    const query = visibleGlossaryIds(db, { userId, isAdmin });
    return slugs
      ? query.where('glossaries.nombre_seguro', 'in', slugs.length ? slugs : [''])
      : query;
  });
}

/** The glossaries a target can match at all. */
export function scopeOf(
  db: Kysely<Database>,
  target: SearchTarget,
  scope: SearchScope,
): GlossaryIds {
  if (target.kind !== 'term') return scope.glossaryIds(db);
  return scope
    .glossaryIds(db)
    .where((eb) =>
      eb.or([
        eb('glossaries.idioma_origen', '=', target.language),
        eb('glossaries.idioma_meta', '=', target.language),
      ]),
    );
}

/** A scope of exactly these glossaries, whoever asks (maintenance checks). */
export function glossaryScope(ids: readonly number[]): SearchScope {
  return scopeOfGlossaries((db) =>
    db
      .selectFrom('glossaries')
      .select('glossaries.id')
      .where('glossaries.id', 'in', ids.length ? ids : [0]),
  );
}

/** The language pairs of the glossaries in scope (for the union of their card fields). */
export async function listScopeLanguagePairs(
  db: Kysely<Database>,
  scope: SearchScope,
): Promise<Array<{ idioma_origen: Language; idioma_meta: Language }>> {
  const rows = await db
    .selectFrom('glossaries')
    .select(['idioma_origen', 'idioma_meta'])
    .distinct()
    .where('id', 'in', scope.glossaryIds(db))
    .execute();
  return rows as Array<{ idioma_origen: Language; idioma_meta: Language }>;
}

/** The entry columns a search result is shaped from (toEntryView, matchedField). */
const RESULT_ENTRY_COLUMNS = [
  'entries.id',
  'entries.ficha',
  'entries.termino_origen_plegado',
  'entries.termino_meta_plegado',
  'entries.author_id',
  'entries.autor',
  'entries.comentarios_privados',
  'entries.fecha_creacion',
  'entries.created_at',
  'entries.updated_at',
  'entries.origen_glosario',
  'entries.origen_entrada_id',
  'entries.origen_version',
  'entries.estado_revision',
  'entries.id_externo',
  'entries.registro_original',
] as const;

type ResultEntryColumn = (typeof RESULT_ENTRY_COLUMNS)[number] extends `entries.${infer C}`
  ? C
  : never;

/** An entry found by a search, with its glossary. */
export interface ResultRow extends Pick<EntryRow, ResultEntryColumn> {
  glosario: string;
  nombre_seguro: string;
  idioma_origen: string;
  idioma_meta: string;
  owner_id: number;
}

/** The entries of a page with their glossaries, in no particular order. */
export async function findResultRows(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<ResultRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('entries')
    .innerJoin('glossaries', 'glossaries.id', 'entries.glossary_id')
    .select(RESULT_ENTRY_COLUMNS)
    .select([
      'glossaries.nombre as glosario',
      'glossaries.nombre_seguro',
      'glossaries.idioma_origen',
      'glossaries.idioma_meta',
      'glossaries.owner_id',
    ])
    .where('entries.id', 'in', ids)
    .execute();
}

/** The stored cards of some entries with their glossaries' languages. */
export async function findCards(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Array<{ id: number; ficha: string; idioma_origen: string; idioma_meta: string }>> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('entries')
    .innerJoin('glossaries', 'glossaries.id', 'entries.glossary_id')
    .select(['entries.id', 'entries.ficha', 'glossaries.idioma_origen', 'glossaries.idioma_meta'])
    .where('entries.id', 'in', ids)
    .execute();
}
