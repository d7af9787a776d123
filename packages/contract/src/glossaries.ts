import { z } from 'zod';
import { emailAddressSchema, freeText, isoDateSchema, lineText, textOut } from './common.ts';
import { languageSchema } from './languages.ts';

export const GLOSSARY_NAME_MAX = 200;
export const GLOSSARY_DESCRIPTION_MAX = 2000;
/** Days a trashed glossary can still be restored. */
export const TRASH_RETENTION_DAYS = 30;

/** The caller's rights on a glossary. */
/** A `revisor` edits like an editor and may also approve entries. */
export const glossaryAccessSchema = z.enum(['propietario', 'editor', 'revisor', 'lector']);
export type GlossaryAccess = z.infer<typeof glossaryAccessSchema>;

export const glossarySchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  /** URL-safe identifier used in every path; unique across the installation. */
  nombre_seguro: z.string(),
  idioma_origen: languageSchema,
  idioma_meta: languageSchema,
  descripcion: textOut,
  /** Display name or e-mail of the owner. */
  propietario: z.string(),
  acceso: glossaryAccessSchema,
  num_entradas: z.number().int(),
  created_at: isoDateSchema,
  updated_at: isoDateSchema,
});
export type Glossary = z.infer<typeof glossarySchema>;

export const listGlossariesQuerySchema = z.object({
  /** Admins only: `?todos=1` lists every glossary of the installation. */
  todos: z.enum(['0', '1', 'true', 'false']).optional(),
});

/**
 * The fields of `POST /glosarios` without the cross-field rule: the server validates the body
 * with it and answers the language rule itself with the SAME_LANGUAGES code.
 */
export const createGlossaryBodySchema = z.object({
  nombre: lineText(
    z
      .string()
      .trim()
      .min(1, { error: 'Pon un nombre de glosario.' })
      .max(GLOSSARY_NAME_MAX, { error: `El nombre no puede superar ${GLOSSARY_NAME_MAX} caracteres.` }),
  ),
  idioma_origen: languageSchema.default('es'),
  idioma_meta: languageSchema.default('en'),
  descripcion: freeText(z.string().trim().max(GLOSSARY_DESCRIPTION_MAX)).nullable().optional(),
});

export const createGlossaryInputSchema = createGlossaryBodySchema
  .refine((g) => g.idioma_origen !== g.idioma_meta, {
    error: 'El idioma base y meta no pueden ser iguales.',
    path: ['idioma_meta'],
  });
export type CreateGlossaryInput = z.input<typeof createGlossaryInputSchema>;

export const trashItemSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  nombre_seguro: z.string(),
  idioma_origen: languageSchema,
  idioma_meta: languageSchema,
  eliminado_en: isoDateSchema,
  /** max(0, ceil((30 days − elapsed) / 1 day)); restore is refused at 0. */
  dias_restantes: z.number().int().min(0),
});
export type TrashItem = z.infer<typeof trashItemSchema>;

export const cardFieldSchema = z.object({
  id: z.string(),
  label: z.string(),
  descripcion: z.string(),
  multilinea: z.boolean(),
});

export const glossaryConfigSchema = z.object({
  nombre: z.string(),
  nombre_seguro: z.string(),
  idioma_origen: languageSchema,
  idioma_meta: languageSchema,
  descripcion: textOut,
  acceso: glossaryAccessSchema,
  ficha: z.object({ campos: z.array(cardFieldSchema) }),
});
export type GlossaryConfig = z.infer<typeof glossaryConfigSchema>;

export const updateGlossaryConfigInputSchema = z.object({
  descripcion: freeText(z.string().trim().max(GLOSSARY_DESCRIPTION_MAX)).nullable(),
});

export const restoreGlossaryInputSchema = z.object({
  nombre: lineText(z.string().trim().min(1).max(GLOSSARY_NAME_MAX)),
});

export const memberRoleSchema = z.enum(['editor', 'revisor', 'lector']);
export type MemberRole = z.infer<typeof memberRoleSchema>;

export const memberSchema = z.object({
  /** null until an account with the invited e-mail proves it owns the address. */
  user_id: z.number().int().nullable(),
  email: z.string(),
  display_name: z.string().nullable(),
  rol: memberRoleSchema,
  pendiente: z.boolean(),
  created_at: isoDateSchema,
});
export type Member = z.infer<typeof memberSchema>;

export const addMemberInputSchema = z.object({
  email: emailAddressSchema('Escribe un correo electrónico válido.'),
  rol: memberRoleSchema,
});
export const memberParamsSchema = z.object({
  nombre_seguro: lineText(z.string().min(1).max(200)),
  user_id: z.coerce.number().int().positive(),
});

/**
 * `DELETE /glosarios/{ns}/miembros?email=`: removes a member by e-mail, the only handle a
 * pending invitation has (its `user_id` is null until that person registers).
 */
export const removeMemberQuerySchema = z.object({
  email: lineText(z.string().trim().min(1).max(254)),
});
