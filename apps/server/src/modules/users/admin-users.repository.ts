import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { Database, UserRow, UserUpdate } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface UserFilter {
  /** Lower-case substring of the e-mail (e-mails are stored lower-cased). */
  emailContains?: string;
}

/** `%` and `_` typed by the administrator match themselves, not any text. */
function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listUsers(
  db: Db,
  filter: UserFilter,
  window?: { limit: number; offset: number },
): Promise<UserRow[]> {
  let query = db.selectFrom('users').selectAll();
  if (filter.emailContains)
    query = query.where(sql<boolean>`email like ${likePattern(filter.emailContains)} escape '\\'`);
  query = query.orderBy('id', 'asc');
  if (window) query = query.limit(window.limit).offset(window.offset);
  return query.execute();
}

export async function countUsers(db: Db, filter: UserFilter): Promise<number> {
  let query = db.selectFrom('users').select((eb) => eb.fn.countAll<number | string>().as('total'));
  if (filter.emailContains)
    query = query.where(sql<boolean>`email like ${likePattern(filter.emailContains)} escape '\\'`);
  const { total } = await query.executeTakeFirstOrThrow();
  return Number(total);
}

/** Locks the administrators' rows so two administrators demoting each other cannot both succeed. */
export async function lockAdmins(trx: Transaction<Database>): Promise<number> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    const rows = await trx
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .orderBy('id')
      .forUpdate()
      .execute();
    return rows.length;
  }
  const { total } = await trx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(total);
}

export async function updateUser(
  db: Db,
  id: number,
  changes: UserUpdate,
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function findUserForUpdate(
  trx: Transaction<Database>,
  id: number,
): Promise<UserRow | undefined> {
  let query = trx.selectFrom('users').selectAll().where('id', '=', id);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  return query.executeTakeFirst();
}
