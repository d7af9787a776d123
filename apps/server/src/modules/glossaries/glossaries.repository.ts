import type { Kysely } from 'kysely';
import type { Database, GlossaryMemberRow, GlossaryRow } from '../../db/schema.ts';

export async function findGlossaryBySlug(
  db: Kysely<Database>,
  nombreSeguro: string,
): Promise<GlossaryRow | undefined> {
  return db.selectFrom('glossaries').selectAll().where('nombre_seguro', '=', nombreSeguro).executeTakeFirst();
}

export async function findMembership(
  db: Kysely<Database>,
  glossaryId: number,
  userId: number,
): Promise<GlossaryMemberRow | undefined> {
  return db
    .selectFrom('glossary_members')
    .selectAll()
    .where('glossary_id', '=', glossaryId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * The ids of the active glossaries a user can read (own or shared), as a subquery for
 * `where('glossary_id', 'in', …)`. Admins see everything and need no subquery.
 */
export function visibleGlossaryIds(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('glossaries')
    .select('glossaries.id')
    .where('glossaries.eliminado_en', 'is', null)
    .where((eb) =>
      eb.or([
        eb('glossaries.owner_id', '=', userId),
        eb(
          'glossaries.id',
          'in',
          eb.selectFrom('glossary_members').select('glossary_members.glossary_id').where('glossary_members.user_id', '=', userId),
        ),
      ]),
    );
}
