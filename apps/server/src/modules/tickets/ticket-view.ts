import type { Ticket } from '@ludoterm/contract';
import type { TicketRow } from '../../db/schema.ts';

/** Where a ticket image is served; the storage key's file name is the unguessable part. */
export const TICKET_IMAGE_PATH = '/api/tickets/imagenes/';

export function ticketImagePath(imageKey: string): string {
  return TICKET_IMAGE_PATH + imageKey.slice(imageKey.indexOf('/') + 1);
}

/** The storage key behind a served image name. */
export function ticketImageKey(name: string): string {
  return `tickets/${name}`;
}

/** The ticket as the API answers it; 'abierto' from older data is answered as 'pendiente'. */
export function toTicketView(row: TicketRow): Ticket {
  return {
    id: row.id,
    user_id: row.user_id,
    email: row.email,
    tipo: row.tipo,
    descripcion: row.descripcion,
    estado: row.estado === 'abierto' ? 'pendiente' : row.estado,
    respuesta: row.respuesta,
    fecha: row.created_at,
    created_at: row.created_at,
    fecha_respuesta: row.fecha_respuesta,
    imagen: row.image_key ? ticketImagePath(row.image_key) : null,
  };
}
