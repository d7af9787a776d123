import type { TicketRow, UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

export function isAdmin(actor: Pick<UserRow, 'role'>): boolean {
  return actor.role === 'admin';
}

/** A ticket (and its image) is seen by its author and by administrators. */
export function canReadTicket(
  actor: Pick<UserRow, 'id' | 'role'>,
  ticket: Pick<TicketRow, 'user_id'>,
): boolean {
  return isAdmin(actor) || ticket.user_id === actor.id;
}

/** Only administrators answer tickets and change their state. */
export function assertCanManageTickets(actor: Pick<UserRow, 'role'>): void {
  if (!isAdmin(actor)) throw new AppError('ADMIN_ONLY');
}
