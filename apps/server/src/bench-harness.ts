// All the benchmarks (bench/) may use of the server besides its HTTP API (eslint.config.js
// enforces it), so the server's insides can change freely.
import type { EntryInput, Language } from '@ludoterm/contract';
import type { Kysely } from 'kysely';
import { createDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Database } from './db/schema.ts';
import { nowIso } from './lib/clock.ts';
import { insertUser } from './modules/auth/auth.repository.ts';
import { insertEntries, type WriteGlossary } from './modules/entries/index.ts';
import { findGlossaryBySlug } from './modules/glossaries/glossaries.repository.ts';
import { createGlossary } from './modules/glossaries/glossaries.service.ts';
import { upsertMember } from './modules/glossaries/glossary-members.repository.ts';
import { findSearchPage, parseSearch } from './modules/search/search.service.ts';
import { findUserById } from './modules/users/index.ts';

export type { DatabaseHandle } from './db/database.ts';
export { signAccessToken } from './lib/tokens.ts';
export { quoteIdent, withAdminClient, withDatabase } from './test/postgres-admin.ts';

/** Opens a database (a SQLite file or a PostgreSQL URL) and applies every migration. */
export async function openDatabase(
  target: { sqlitePath: string } | { postgresUrl: string },
): Promise<DatabaseHandle> {
  const handle = createDatabase(target);
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.destroy();
    throw error;
  }
  return handle;
}

export interface SeededUser {
  id: number;
  email: string;
  /** Written as the author of the entries the user writes. */
  nombre: string;
}

/** An editor on the Pro plan, without a password: the benchmark signs its tokens. */
export async function seedUser(
  db: Kysely<Database>,
  { email, nombre }: { email: string; nombre: string },
): Promise<SeededUser> {
  const now = nowIso();
  const row = await insertUser(db, {
    email,
    password_hash: null,
    role: 'editor',
    plan: 'pro',
    verificacion_codigo: 0,
    display_name: nombre,
    created_at: now,
    updated_at: now,
  });
  return { id: row.id, email, nombre };
}

export interface SeededGlossary extends WriteGlossary {
  nombre: string;
}

/** A glossary created as `POST /glosarios` creates it (its slug comes from its name). */
export async function seedGlossary(
  db: Kysely<Database>,
  owner: SeededUser,
  input: { nombre: string; idioma_origen: Language; idioma_meta: Language; descripcion?: string },
): Promise<SeededGlossary> {
  const ownerRow = await findUserById(db, owner.id);
  if (!ownerRow) throw new Error(`no existe el usuario ${owner.id}`);
  const view = await createGlossary(db, ownerRow, input);
  const row = await findGlossaryBySlug(db, view.nombre_seguro);
  if (!row) throw new Error(`no se encuentra el glosario ${view.nombre_seguro}`);
  return {
    id: row.id,
    nombre: row.nombre,
    nombre_seguro: row.nombre_seguro,
    idioma_origen: row.idioma_origen,
    idioma_meta: row.idioma_meta,
  };
}

/** Shares a glossary with a user, as its owner's invitation does. */
export async function shareGlossary(
  db: Kysely<Database>,
  glossary: SeededGlossary,
  user: SeededUser,
  rol: 'editor' | 'revisor' | 'lector',
): Promise<void> {
  await upsertMember(db, {
    glossaryId: glossary.id,
    email: user.email,
    userId: user.id,
    rol,
    now: nowIso(),
  });
}

/** Writes entries through the entry write path (versions, index rows…) in one transaction. */
export async function seedEntries(
  db: Kysely<Database>,
  glossary: SeededGlossary,
  author: SeededUser,
  entries: readonly EntryInput[],
): Promise<void> {
  await db.transaction().execute((tx) =>
    insertEntries(
      tx,
      glossary,
      entries.map((input) => ({ input })),
      { id: author.id, nombre: author.nombre },
    ),
  );
}

/** The database half of a quick search (`GET /buscar?termino=…`): page entry ids and count. */
export async function searchTermsInProcess(
  db: Kysely<Database>,
  userId: number,
  termino: string,
  porPagina: number,
): Promise<{ ids: number[]; total: number }> {
  const page = await findSearchPage(
    db,
    { id: userId, role: 'editor' },
    parseSearch({ termino, por_pagina: porPagina }),
  );
  return { ids: page.order, total: page.total };
}
