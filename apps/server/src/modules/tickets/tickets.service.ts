import {
  ADMIN_PAGE_SIZE,
  createTicketFieldsSchema,
  type PaginationQuery,
  type Ticket,
  type UpdateTicketInput,
} from '@ludoterm/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { nowIso } from '../../lib/clock.ts';
import { processImage, SCREENSHOT_PROFILE } from '../../lib/images.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { ticketAnsweredMail } from '../../lib/mailer-templates.ts';
import { isUploadKey, newUploadKey, type UploadStorage } from '../../lib/storage.ts';
import { findUserById } from '../users/index.ts';
import { assertCanManageTickets, canReadTicket, isAdmin } from './tickets.policy.ts';
import {
  countTickets,
  findTicketByImageKey,
  findTicketById,
  insertTicket,
  listTickets,
  updateTicket,
  type PageWindow,
  type TicketFilter,
} from './tickets.repository.ts';
import { ticketImageKey, toTicketView } from './ticket-view.ts';

export interface TicketDeps {
  db: Kysely<Database>;
  storage: UploadStorage;
  mailer: Mailer;
  config: Pick<Config, 'IMAGE_MAX_BYTES' | 'PUBLIC_URL'>;
  log: { warn(details: Record<string, unknown>, message: string): void };
}

export interface TicketPage {
  tickets: Ticket[];
  total: number;
}

/** One page when `pagina` or `por_pagina` is given (5 per page by default), else everything. */
function pageWindow(query: PaginationQuery): PageWindow | undefined {
  if (query.pagina === undefined && query.por_pagina === undefined) return undefined;
  const size = query.por_pagina ?? ADMIN_PAGE_SIZE;
  return { limit: size, offset: ((query.pagina ?? 1) - 1) * size };
}

async function listPage(
  db: Kysely<Database>,
  filter: TicketFilter,
  query: PaginationQuery,
): Promise<TicketPage> {
  const [rows, total] = await Promise.all([
    listTickets(db, filter, pageWindow(query)),
    countTickets(db, filter),
  ]);
  return { tickets: rows.map(toTicketView), total };
}

/** Files a ticket; its screenshot is re-encoded like an avatar. */
export async function createTicket(
  deps: TicketDeps,
  actor: UserRow,
  form: { fields: Record<string, string>; file: Buffer | null },
): Promise<Ticket> {
  const parsed = createTicketFieldsSchema.safeParse(form.fields);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      parsed.error.issues.map((issue) => issue.message).join(' '),
    );
  }
  const { tipo, descripcion, email } = parsed.data;

  let imageKey: string | null = null;
  if (form.file) {
    const image = await processImage(form.file, SCREENSHOT_PROFILE, deps.config.IMAGE_MAX_BYTES);
    imageKey = newUploadKey('tickets', image.extension);
    await deps.storage.put(imageKey, image.data);
  }
  const now = nowIso();
  try {
    const row = await insertTicket(deps.db, {
      user_id: actor.id,
      email: email ? email.toLowerCase() : actor.email,
      tipo,
      descripcion,
      estado: 'pendiente',
      respuesta: null,
      fecha_respuesta: null,
      image_key: imageKey,
      created_at: now,
      updated_at: now,
    });
    return toTicketView(row);
  } catch (error) {
    if (imageKey) await deps.storage.delete(imageKey);
    throw error;
  }
}

/** The caller's own tickets, newest first. */
export function listOwnTickets(
  db: Kysely<Database>,
  actor: UserRow,
  query: PaginationQuery,
): Promise<TicketPage> {
  return listPage(db, { userId: actor.id }, query);
}

/** `GET /tickets/`: the caller's own tickets, or every ticket for an administrator. */
export function listVisibleTickets(
  db: Kysely<Database>,
  actor: UserRow,
  query: PaginationQuery,
): Promise<TicketPage> {
  return listPage(db, isAdmin(actor) ? {} : { userId: actor.id }, query);
}

/** `GET /admin/tickets`: every ticket, administrators only. */
export function listAllTickets(
  db: Kysely<Database>,
  actor: UserRow,
  query: PaginationQuery,
): Promise<TicketPage> {
  assertCanManageTickets(actor);
  return listPage(db, {}, query);
}

/** An administrator changes the state and/or answers; a new answer is e-mailed to the author. */
export async function answerTicket(
  deps: TicketDeps,
  actor: UserRow,
  id: number,
  input: UpdateTicketInput,
): Promise<Ticket> {
  assertCanManageTickets(actor);
  const current = await findTicketById(deps.db, id);
  if (!current) throw new AppError('NOT_FOUND', 'Ese ticket no existe.');

  const now = nowIso();
  const respuesta = input.respuesta === undefined ? current.respuesta : input.respuesta || null;
  const answerChanged = respuesta !== current.respuesta;
  const updated = await updateTicket(deps.db, id, {
    ...(input.estado !== undefined ? { estado: input.estado } : {}),
    ...(answerChanged ? { respuesta, fecha_respuesta: respuesta ? now : null } : {}),
    updated_at: now,
  });
  if (!updated) throw new AppError('NOT_FOUND', 'Ese ticket no existe.');
  const ticket = toTicketView(updated);
  if (answerChanged && ticket.respuesta) await notifyAuthor(deps, ticket);
  return ticket;
}

/** The answer goes to the author's account address; a failed e-mail never undoes the answer. */
async function notifyAuthor(deps: TicketDeps, ticket: Ticket): Promise<void> {
  const author = ticket.user_id === null ? undefined : await findUserById(deps.db, ticket.user_id);
  if (!author || !ticket.respuesta) return;
  try {
    await deps.mailer.send(
      ticketAnsweredMail(
        author.email,
        { id: ticket.id, respuesta: ticket.respuesta, estado: ticket.estado },
        `${deps.config.PUBLIC_URL}/perfil`,
      ),
    );
  } catch (error) {
    deps.log.warn(
      { err: error, ticketId: ticket.id },
      'no se pudo avisar por correo de la respuesta al ticket',
    );
  }
}

/** The bytes of a ticket image for its author or an administrator; 404 for anyone else. */
export async function readTicketImage(
  deps: Pick<TicketDeps, 'db' | 'storage'>,
  actor: UserRow,
  name: string,
): Promise<{ data: Buffer; contentType: string }> {
  const key = ticketImageKey(name);
  const notFound = new AppError('NOT_FOUND', 'Esa imagen no existe o no tienes acceso.');
  if (!isUploadKey(key)) throw notFound;
  const ticket = await findTicketByImageKey(deps.db, key);
  if (!ticket || !canReadTicket(actor, ticket)) throw notFound;
  const data = await deps.storage.get(key);
  if (!data) throw notFound;
  return { data, contentType: 'image/webp' };
}
