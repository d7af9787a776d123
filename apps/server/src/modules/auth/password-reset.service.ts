import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { addMs, nowIso } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { passwordResetMail } from '../../lib/mailer-templates.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { findUserByEmail, findUserById } from '../users/index.ts';
import { confirmEmailOwnership } from './email-proof.service.ts';
import { closeOpenLoginCodes } from './login-codes.repository.ts';
import {
  closePasswordResetTokens,
  countPasswordResetTokensSince,
  findPasswordResetToken,
  insertPasswordResetToken,
  setPasswordAndEndSessions,
  usePasswordResetToken,
} from './password-reset.repository.ts';
import { sha256Hex } from '../../lib/sha256.ts';

export const RESET_LINK_TTL_MINUTES = 60;
/** At most this many links are e-mailed to one account per hour, whoever asks. */
export const RESET_LINKS_PER_HOUR = 3;

const MINUTE_MS = 60_000;

/** The same answer for every address, so the endpoint reveals no accounts. */
export const FORGOT_PASSWORD_ANSWER =
  'Si existe una cuenta con ese correo, te hemos enviado un enlace para restablecer la contraseña. Revisa tu bandeja de entrada.';
export const RESET_PASSWORD_ANSWER =
  'Contraseña cambiada. Ya puedes iniciar sesión con la nueva contraseña.';

export interface PasswordResetDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  config: Pick<Config, 'PUBLIC_URL' | 'fastPasswordHashing' | 'ADMIN_EMAIL'>;
  log: { warn(details: Record<string, unknown>, message: string): void };
}

function hashToken(token: string): string {
  return sha256Hex(token);
}

/**
 * `POST /auth/forgot-password`: e-mails a single-use link. It is sent after the answer, so
 * known and unknown addresses answer alike and in the same time.
 */
export async function requestPasswordReset(deps: PasswordResetDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const now = nowIso();
  const recent = await countPasswordResetTokensSince(deps.db, user.id, addMs(now, -60 * MINUTE_MS));
  if (recent >= RESET_LINKS_PER_HOUR) {
    deps.log.warn(
      { userId: user.id },
      'límite de enlaces de restablecimiento alcanzado; no se envía otro',
    );
    return;
  }
  const token = randomBytes(32).toString('base64url');
  await insertPasswordResetToken(deps.db, {
    user_id: user.id,
    token_hash: hashToken(token),
    created_at: now,
    expires_at: addMs(now, RESET_LINK_TTL_MINUTES * MINUTE_MS),
  });
  // Links are built from PUBLIC_URL, never from the request's Host header.
  const link = `${deps.config.PUBLIC_URL}/restablecer-contrasena?token=${token}`;
  void deps.mailer
    .send(passwordResetMail(user.email, link, RESET_LINK_TTL_MINUTES))
    .catch((error: unknown) =>
      deps.log.warn(
        { err: error, userId: user.id },
        'no se pudo enviar el correo de restablecimiento',
      ),
    );
}

/**
 * `POST /auth/reset-password`: new password, every session ended; else 422 INVALID_RESET_LINK.
 * The link was e-mailed to the account's address, so using it proves the address too.
 */
export async function resetPassword(
  deps: PasswordResetDeps,
  input: { token: string; password: string },
): Promise<void> {
  const found = await findPasswordResetToken(deps.db, hashToken(input.token));
  if (!found || found.used_at !== null || Date.parse(found.expires_at) <= Date.now()) {
    throw new AppError('INVALID_RESET_LINK');
  }
  const passwordHash = await hashPassword(input.password, deps.config.fastPasswordHashing);
  await deps.db.transaction().execute(async (trx) => {
    const now = nowIso();
    if (!(await usePasswordResetToken(trx, found.id, now)))
      throw new AppError('INVALID_RESET_LINK');
    await setPasswordAndEndSessions(trx, found.user_id, passwordHash, now);
    await closePasswordResetTokens(trx, found.user_id, now);
    await closeOpenLoginCodes(trx, found.user_id, now);
    const user = await findUserById(trx, found.user_id);
    if (user) await confirmEmailOwnership(trx, user, deps.config);
  });
}
