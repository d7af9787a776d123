import type { Language } from '@ludoterm/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { FieldMatch, SearchIndex } from './search-index.ts';
import type { SearchTarget } from './search-order.ts';
import { glossaryScope } from './search.repository.ts';

/** What a card field id searches. */
export function targetOfField(campo: string): SearchTarget {
  if (campo === 'subindice') return { kind: 'subindice' };
  if (campo.startsWith('termino.')) {
    return { kind: 'term', language: campo.slice('termino.'.length) as Language };
  }
  return { kind: 'field', campo };
}

/** SearchIndex.matchField on either engine: matchInOrder within some glossaries. */
export async function matchFieldIn(
  index: SearchIndex,
  db: Kysely<Database>,
  { glossaries, campo, query, limit }: FieldMatch,
): Promise<number[]> {
  const found = await index.matchInOrder(db, {
    scope: glossaryScope(glossaries.map((g) => g.id)),
    target: targetOfField(campo),
    query,
    tier: 'any',
    limit,
  });
  return found.map((m) => m.entryId);
}
