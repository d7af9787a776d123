import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database, NewTicket, TicketRow, TicketsTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface TicketFilter {
  /** Only this author's tickets; all tickets when absent. */
  userId?: number;
}

export interface PageWindow {
  limit: number;
  offset: number;
}

export async function insertTicket(db: Db, ticket: NewTicket): Promise<TicketRow> {
  return db.insertInto('tickets').values(ticket).returningAll().executeTakeFirstOrThrow();
}

export async function findTicketById(db: Db, id: number): Promise<TicketRow | undefined> {
  return db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findTicketByImageKey(
  db: Db,
  imageKey: string,
): Promise<TicketRow | undefined> {
  return db.selectFrom('tickets').selectAll().where('image_key', '=', imageKey).executeTakeFirst();
}

/** Newest first; one page when a window is given. */
export async function listTickets(
  db: Db,
  filter: TicketFilter,
  window?: PageWindow,
): Promise<TicketRow[]> {
  let query = db.selectFrom('tickets').selectAll();
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  query = query.orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (window) query = query.limit(window.limit).offset(window.offset);
  return query.execute();
}

export async function countTickets(db: Db, filter: TicketFilter): Promise<number> {
  let query = db
    .selectFrom('tickets')
    .select((eb) => eb.fn.countAll<number | string>().as('total'));
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  const { total } = await query.executeTakeFirstOrThrow();
  return Number(total);
}

export async function updateTicket(
  db: Db,
  id: number,
  changes: Updateable<TicketsTable>,
): Promise<TicketRow | undefined> {
  return db
    .updateTable('tickets')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
