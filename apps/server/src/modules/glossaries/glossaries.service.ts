import { randomBytes } from 'node:crypto';
import type { Glossary, GlossaryConfig, Language } from '@ludoterm/contract';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { nowIso } from '../../lib/clock.ts';
import { foldText, slugify } from '../../lib/text-folding.ts';
import {
  findActiveGlossaryByFoldedName,
  insertGlossary,
  listActiveGlossaries,
  slugExists,
  uniqueViolationOf,
  updateGlossaryDescription,
} from './glossaries.repository.ts';
import { toGlossaryConfigView, toGlossaryView } from './glossary-view.ts';
import {
  assertCanCreateGlossary,
  assertCanListAll,
  authorizeGlossary,
  permissionFrom,
} from './glossary.policy.ts';

/** Slugs that would read as the collection's own paths: such names always get a suffix. */
const RESERVED_SLUGS = new Set(['eliminados', 'restaurar']);
const SLUG_ATTEMPTS = 8;

const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/** `GET /glosarios`: the caller's own and shared active glossaries (all for admin `todos`). */
export async function listGlossaries(
  db: Kysely<Database>,
  user: UserRow,
  { all }: { all: boolean },
): Promise<Glossary[]> {
  if (all) assertCanListAll(user);
  const rows = await listActiveGlossaries(db, user.id, { all });
  const views: Glossary[] = [];
  for (const row of rows) {
    const permission = permissionFrom(user, row, row.member_rol);
    if (!permission) continue;
    views.push(
      toGlossaryView(
        row,
        { email: row.owner_email, display_name: row.owner_display_name },
        permission.acceso,
      ),
    );
  }
  return views.sort((a, b) => collator.compare(a.nombre, b.nombre) || a.id - b.id);
}

export interface CreateGlossaryCommand {
  nombre: string;
  idioma_origen: Language;
  idioma_meta: Language;
  descripcion?: string | null;
}

/** `POST /glosarios`: a slug taken anywhere gets a random suffix, so it does not tell whose. */
export async function createGlossary(
  db: Kysely<Database>,
  user: UserRow,
  input: CreateGlossaryCommand,
): Promise<Glossary> {
  assertCanCreateGlossary(user);
  if (input.idioma_origen === input.idioma_meta) throw new AppError('SAME_LANGUAGES');
  const nombre = input.nombre.trim();
  const nombrePlegado = foldText(nombre);
  if (await findActiveGlossaryByFoldedName(db, user.id, nombrePlegado))
    throw new AppError('GLOSSARY_NAME_TAKEN');

  const base = slugify(nombre) || 'glosario';
  for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt += 1) {
    const plain = attempt === 0 && !RESERVED_SLUGS.has(base) && !(await slugExists(db, base));
    const nombreSeguro = plain ? base : `${base}-${randomSuffix()}`;
    const now = nowIso();
    try {
      const row = await insertGlossary(db, {
        owner_id: user.id,
        nombre,
        nombre_plegado: nombrePlegado,
        nombre_seguro: nombreSeguro,
        idioma_origen: input.idioma_origen,
        idioma_meta: input.idioma_meta,
        descripcion: input.descripcion?.trim() || null,
        num_entradas: 0,
        created_at: now,
        updated_at: now,
        eliminado_en: null,
      });
      return toGlossaryView(row, user, 'propietario');
    } catch (error) {
      const violated = uniqueViolationOf(error);
      // Two requests raced: the same owner's name wins once; a taken slug gets a new suffix.
      if (violated === 'name') throw new AppError('GLOSSARY_NAME_TAKEN');
      if (violated !== 'slug') throw error;
    }
  }
  throw new AppError('CONFLICT');
}

/** Four base-36 characters, e.g. `k3x9`. */
function randomSuffix(): string {
  const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';
  return Array.from(randomBytes(4), (byte) => alphabet[byte % alphabet.length]).join('');
}

/** `GET /glosarios/{ns}/configuracion`. */
export async function getGlossaryConfig(
  db: Kysely<Database>,
  user: UserRow,
  nombreSeguro: string,
): Promise<GlossaryConfig> {
  const { glossary, acceso } = await authorizeGlossary(db, user, nombreSeguro, 'read');
  return toGlossaryConfigView(glossary, acceso);
}

/** `PUT /glosarios/{ns}/configuracion {descripcion}`: anyone who may write to the glossary. */
export async function updateGlossaryConfig(
  db: Kysely<Database>,
  user: UserRow,
  nombreSeguro: string,
  input: { descripcion: string | null },
): Promise<GlossaryConfig> {
  const { glossary, acceso } = await authorizeGlossary(db, user, nombreSeguro, 'write');
  const updated = await updateGlossaryDescription(
    db,
    glossary.id,
    input.descripcion?.trim() || null,
    nowIso(),
  );
  return toGlossaryConfigView(updated, acceso);
}
