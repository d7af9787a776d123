import { randomBytes } from 'node:crypto';
import type { GlossaryRow, NewUser, UserRow } from '../db/schema.ts';
import { nowIso } from '../lib/clock.ts';
import { hashPassword } from '../lib/passwords.ts';
import { foldText, slugify } from '../lib/text-folding.ts';
import { signAccessToken } from '../lib/tokens.ts';
import type { TestApp } from './build-test-app.ts';

const unique = () => randomBytes(4).toString('hex');

export interface TestUser {
  user: UserRow;
  password: string;
  token: string;
  /** `{ authorization: 'Bearer …' }` for `app.inject`. */
  headers: { authorization: string };
}

/** A user straight in the database (editor on pro by default) with a valid access token. */
export async function createUser(
  t: TestApp,
  attrs: Partial<NewUser> & { password?: string } = {},
): Promise<TestUser> {
  const { password = 'contraseña-segura', ...rest } = attrs;
  const now = nowIso();
  const user = await t.db
    .insertInto('users')
    .values({
      email: `usuario-${unique()}@ejemplo.es`,
      password_hash: await hashPassword(password, true),
      role: 'editor',
      plan: 'pro',
      verificacion_codigo: 0,
      created_at: now,
      updated_at: now,
      ...rest,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const token = await signAccessToken(t.config.JWT_SECRET, user.id, t.config.ACCESS_TOKEN_TTL_SECONDS);
  return { user, password, token, headers: { authorization: `Bearer ${token}` } };
}

/** A glossary straight in the database, owned by `owner`. */
export async function createGlossaryRow(
  t: TestApp,
  owner: UserRow,
  attrs: { nombre?: string; idioma_origen?: string; idioma_meta?: string; eliminado_en?: string | null } = {},
): Promise<GlossaryRow> {
  const nombre = attrs.nombre ?? `Glosario ${unique()}`;
  const now = nowIso();
  return t.db
    .insertInto('glossaries')
    .values({
      owner_id: owner.id,
      nombre,
      nombre_plegado: foldText(nombre),
      nombre_seguro: `${slugify(nombre)}-${unique()}`,
      idioma_origen: attrs.idioma_origen ?? 'es',
      idioma_meta: attrs.idioma_meta ?? 'en',
      descripcion: null,
      num_entradas: 0,
      created_at: now,
      updated_at: now,
      eliminado_en: attrs.eliminado_en ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Shares a glossary straight in the database: `user` becomes a member with `rol`. */
export async function addMemberRow(
  t: TestApp,
  glossary: Pick<GlossaryRow, 'id'>,
  user: Pick<UserRow, 'id' | 'email'>,
  rol: 'editor' | 'revisor' | 'lector',
): Promise<void> {
  await t.db
    .insertInto('glossary_members')
    .values({ glossary_id: glossary.id, user_id: user.id, email: user.email, rol, created_at: nowIso() })
    .execute();
}

/** Moves a glossary's deletion date `days` days (fractions allowed) into the past. */
export async function trashedDaysAgo(t: TestApp, glossary: Pick<GlossaryRow, 'id'>, days: number): Promise<void> {
  const eliminado_en = new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
  await t.db.updateTable('glossaries').set({ eliminado_en }).where('id', '=', glossary.id).execute();
}
