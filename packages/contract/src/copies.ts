import { z } from 'zod';
import { idSchema, lineText } from './common.ts';
import type { GlossaryAccess } from './glossaries.ts';

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

interface LanguagePair {
  idioma_origen: string;
  idioma_meta: string;
}

/** A glossary as the copy rule sees it. */
interface CopyEnd extends LanguagePair {
  nombre_seguro: string;
}

/** Whether two glossaries hold the same two languages, in either order (es→en and en→es). */
export function sharesLanguages(a: LanguagePair, b: LanguagePair): boolean {
  const pair = (g: LanguagePair) => [g.idioma_origen, g.idioma_meta].sort().join('|');
  return pair(a) === pair(b);
}

/**
 * Whether entries of `origin` may be copied into `candidate`: another glossary, with the same
 * two languages, that the user may write to (the server checks the same and says why not).
 */
export function isCopyDestination(
  origin: CopyEnd,
  candidate: CopyEnd & { acceso: GlossaryAccess },
): boolean {
  return (
    candidate.nombre_seguro !== origin.nombre_seguro &&
    candidate.acceso !== 'lector' &&
    sharesLanguages(origin, candidate)
  );
}
