import type { Kysely } from 'kysely';
import type { Database, GlossaryRow } from '../../db/schema.ts';
import { visibleGlossaryIds } from '../glossaries/index.ts';

/**
 * Active glossaries called `nombre` (exact name, else folded name) that the user owns or is
 * a member of, own ones first: `destino` may be a name when an older client sends one.
 */
export async function findGlossariesByNameFor(
  db: Kysely<Database>,
  userId: number,
  nombre: string,
  nombrePlegado: string,
): Promise<GlossaryRow[]> {
  return db
    .selectFrom('glossaries')
    .selectAll()
    .where('eliminado_en', 'is', null)
    .where((eb) => eb.or([eb('nombre', '=', nombre), eb('nombre_plegado', '=', nombrePlegado)]))
    .where('id', 'in', visibleGlossaryIds(db, { userId, isAdmin: false }))
    .orderBy((eb) => eb.case().when('owner_id', '=', userId).then(0).else(1).end())
    .orderBy('id')
    .limit(2)
    .execute();
}
