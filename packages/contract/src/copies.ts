import { z } from 'zod';
import { idSchema, lineText } from './common.ts';

/** `POST /glosarios/{origen}/copiar`: the chosen ids, or `todas: true` for the whole glossary. */
export const copyInputSchema = z
  .object({
    destino: lineText(
      z.string().trim().min(1, { error: 'Selecciona un glosario destino.' }).max(200),
    ),
    ids: z.array(idSchema).max(100_000).optional(),
    todas: z.boolean().optional(),
  })
  .refine((c) => c.todas === true || (c.ids !== undefined && c.ids.length > 0), {
    error: 'Selecciona al menos una entrada para copiar.',
    path: ['ids'],
  });
export type CopyInput = z.infer<typeof copyInputSchema>;

/** `omitidas`: entries whose terms already exist in the destination. */
export const copyAnswerSchema = z.object({
  copiadas: z.number().int(),
  omitidas: z.number().int(),
});
export type CopyAnswer = z.infer<typeof copyAnswerSchema>;
