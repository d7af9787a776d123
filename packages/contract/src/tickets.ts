import { z } from 'zod';
import { emailAddressSchema, freeText, isoDateSchema } from './common.ts';

export const TICKET_TYPES = ['bug', 'sugerencia', 'otro', 'soporte'] as const;
export const ticketTypeSchema = z.enum(TICKET_TYPES);

/** 'abierto' from older data is answered as 'pendiente'. */
export const TICKET_STATES = ['pendiente', 'en curso', 'resuelto'] as const;
export const ticketStateSchema = z.enum(TICKET_STATES);
export type TicketState = z.infer<typeof ticketStateSchema>;

export const TICKET_DESCRIPTION_MAX = 5000;

export const ticketSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  email: z.string().nullable(),
  tipo: ticketTypeSchema,
  descripcion: z.string(),
  estado: ticketStateSchema,
  respuesta: z.string().nullable(),
  fecha: isoDateSchema,
  created_at: isoDateSchema,
  fecha_respuesta: isoDateSchema.nullable(),
  /** Path under /api/ of the attached image, served only to its author and admins. */
  imagen: z.string().nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** Text fields of the multipart body of `POST /tickets/` (the image is `file`). */
export const createTicketFieldsSchema = z.object({
  tipo: ticketTypeSchema.default('otro'),
  descripcion: freeText(
    z
      .string()
      .trim()
      .min(1, { error: 'Describe el problema o la sugerencia.' })
      .max(TICKET_DESCRIPTION_MAX),
  ),
  email: z
    .union([emailAddressSchema('Escribe un correo electrónico válido.'), z.literal('')])
    .optional(),
});

export type CreateTicketFields = z.infer<typeof createTicketFieldsSchema>;

export const updateTicketInputSchema = z
  .object({
    estado: ticketStateSchema.optional(),
    respuesta: freeText(z.string().trim().max(TICKET_DESCRIPTION_MAX)).nullable().optional(),
  })
  .refine((t) => t.estado !== undefined || t.respuesta !== undefined, {
    error: 'Indica un estado o una respuesta.',
  });
export type UpdateTicketInput = z.infer<typeof updateTicketInputSchema>;
