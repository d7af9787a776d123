import {
  PostgresAdapter,
  sql,
  type Insertable,
  type Kysely,
  type Selectable,
  type Transaction,
} from 'kysely';
import type { Database, NewUser, RefreshTokensTable, UserRow } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type NewRefreshToken = Omit<
  Insertable<RefreshTokensTable>,
  'id' | 'rotated_at' | 'revoked_at'
>;

/**
 * Serialises account creation so two registrations cannot both become the first admin: an
 * advisory lock on PostgreSQL; SQLite already runs one write transaction at a time.
 */
export async function lockAccountCreation(trx: Transaction<Database>): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(hashtext('ludoterm:account-creation'))`.execute(trx);
  }
}

export async function countAllUsers(db: Db): Promise<number> {
  const { total } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateUserProfile(
  db: Db,
  id: number,
  changes: { display_name?: string | null; verificacion_codigo?: number; updated_at: string },
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function insertRefreshToken(db: Db, row: NewRefreshToken): Promise<RefreshTokenRow> {
  return db.insertInto('refresh_tokens').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findRefreshTokenByHash(
  db: Db,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  return db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks a live token rotated; false when it was already rotated or revoked meanwhile. */
export async function markRefreshTokenRotated(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ rotated_at: now })
    .where('id', '=', id)
    .where('rotated_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes every token of a family that is not revoked yet. */
export async function revokeRefreshFamily(db: Db, familyId: string, now: string): Promise<number> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether an insert failed on a unique constraint (both engines). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
