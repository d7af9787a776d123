import {
  PostgresAdapter,
  sql,
  type Insertable,
  type Kysely,
  type Selectable,
  type Transaction,
} from 'kysely';
import type { Database, NewUser, RefreshTokensTable, UserRow } from '../../db/schema.ts';
import { countUsers, updateUser } from '../users/index.ts';

// The users module owns the account rows: its queries serve auth too, with auth's narrower types.
export { findUserByEmail } from '../users/index.ts';

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
  return countUsers(db, {});
}

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateUserProfile(
  db: Db,
  id: number,
  changes: { display_name?: string | null; verificacion_codigo?: number; updated_at: string },
): Promise<UserRow | undefined> {
  return updateUser(db, id, changes);
}

/** Records the proof of the address and, for ADMIN_EMAIL's account, its administrator access. */
export async function updateUserVerification(
  db: Db,
  id: number,
  changes: Pick<UserRow, 'email_verified_at' | 'updated_at'> &
    Partial<Pick<UserRow, 'role' | 'plan' | 'trial_ends_at'>>,
): Promise<UserRow | undefined> {
  return updateUser(db, id, changes);
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

/**
 * The user of an access token and whether its session (refresh-token family) has been revoked,
 * in one round trip; the partial index on revoked rows makes the second part one probe.
 */
export async function findSessionUser(
  db: Db,
  userId: number,
  familyId: string,
): Promise<{ user: UserRow; isRevoked: boolean } | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll('users')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('refresh_tokens')
            .select('refresh_tokens.id')
            .where('refresh_tokens.family_id', '=', familyId)
            .where('refresh_tokens.revoked_at', 'is not', null),
        )
        .as('session_revoked'),
    )
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_revoked, ...user } = row;
  // 0/1 on SQLite, a boolean on PostgreSQL.
  return { user, isRevoked: Boolean(Number(session_revoked)) };
}

export async function revokeRefreshFamily(db: Db, familyId: string, now: string): Promise<number> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
