import { z } from 'zod';

/**
 * `GET /auth/email-confirmation`: whether the signed-in account proved it owns its address,
 * and how many glossary invitations to that address wait for the proof.
 */
export const emailConfirmationStatusSchema = z.object({
  correo_confirmado: z.boolean(),
  invitaciones_pendientes: z.number().int().nonnegative(),
});
export type EmailConfirmationStatus = z.infer<typeof emailConfirmationStatusSchema>;

/** `POST /auth/confirm-email`: the token of the e-mailed link, used by the account it was sent to. */
export const confirmEmailInputSchema = z.object({ token: z.string().min(1).max(500) });
export type ConfirmEmailInput = z.infer<typeof confirmEmailInputSchema>;
