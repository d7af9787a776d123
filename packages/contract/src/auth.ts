import { z } from 'zod';
import { emailAddressSchema, isoDateSchema, lineText } from './common.ts';
import { es } from './messages/es.ts';

export const ROLES = ['admin', 'editor', 'lector'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const PLANS = ['free', 'pro_trial', 'pro'] as const;
export const planSchema = z.enum(PLANS);
export type Plan = z.infer<typeof planSchema>;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

const emailSchema = z
  .string({ error: es.login.emailRequired })
  .trim()
  .min(1, { error: es.login.emailRequired })
  .pipe(emailAddressSchema(es.login.emailInvalid));
const passwordSchema = z
  .string({ error: es.login.passwordRequired })
  .min(1, { error: es.login.passwordRequired })
  .max(PASSWORD_MAX);

/** The signed-in user as `GET /auth/me` answers it. */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: roleSchema,
  plan: planSchema,
  /** Days left of the pro trial; 0 once it ended; null outside pro_trial. */
  trial_remaining: z.number().int().nullable(),
  display_name: z.string().nullable(),
  /** Path starting with /api/, readable without a token. */
  avatar_url: z.string().nullable(),
  created_at: isoDateSchema,
  verificacion_codigo: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const loginInputSchema = z.object({ email: emailSchema, password: passwordSchema });
export type LoginInput = z.infer<typeof loginInputSchema>;

/** A new password: at least 8 characters (422 otherwise, on the server too). */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, { error: `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres.` })
  .max(PASSWORD_MAX, { error: `La contraseña no puede superar ${PASSWORD_MAX} caracteres.` });

export const registerInputSchema = z.object({ email: emailSchema, password: newPasswordSchema });
export type RegisterInput = z.infer<typeof registerInputSchema>;

export const tokensSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
});
export type Tokens = z.infer<typeof tokensSchema>;

/** `POST /auth/login`: the tokens, or `{requires_verification: true}` when a code was e-mailed. */
export const loginAnswerSchema = z.union([
  tokensSchema.extend({ requires_verification: z.literal(false).optional() }),
  z.object({ requires_verification: z.literal(true) }),
]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const refreshInputSchema = z.object({ refresh_token: z.string().min(1).max(500) });
export const logoutInputSchema = refreshInputSchema;

export const verifyLoginInputSchema = z.object({
  email: emailSchema,
  code: z
    .string({ error: es.login.codeRequired })
    .trim()
    .min(1, { error: es.login.codeRequired })
    .regex(/^\d{6}$/, { error: es.login.codeInvalid }),
});
export type VerifyLoginInput = z.infer<typeof verifyLoginInputSchema>;

/**
 * `POST /auth/google`: Google's ID token; `password` is the existing account's, sent once to
 * link an account that already has that e-mail (403 ACCOUNT_LINK_REQUIRED without it).
 */
export const googleInputSchema = z.object({
  id_token: z.string().min(1).max(8192),
  password: z.string().min(1).max(PASSWORD_MAX).optional(),
});
export type GoogleInput = z.infer<typeof googleInputSchema>;

export const updateProfileInputSchema = z.object({
  display_name: lineText(z.string().trim().max(100)).nullable().optional(),
  verificacion_codigo: z.boolean().optional(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInputSchema>;

export const forgotPasswordInputSchema = z.object({ email: emailSchema });
export const resetPasswordInputSchema = z.object({
  token: z.string().min(1).max(500),
  password: newPasswordSchema,
});

/** Same answer for every address, so the endpoint reveals no accounts. */
export const messageAnswerSchema = z.object({ detail: z.string() });
