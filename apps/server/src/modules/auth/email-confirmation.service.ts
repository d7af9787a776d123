import { randomBytes } from 'node:crypto';
import type { EmailConfirmationStatus } from '@ludoterm/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { addMs, nowIso } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { emailConfirmationMail } from '../../lib/mailer-templates.ts';
import { pendingInvitationCount } from '../glossaries/index.ts';
import {
  countEmailConfirmationTokensSince,
  findEmailConfirmationToken,
  insertEmailConfirmationToken,
  useEmailConfirmationTokens,
} from './email-confirmation.repository.ts';
import { confirmEmailOwnership } from './email-proof.service.ts';
import { sha256Hex } from '../../lib/sha256.ts';

export const CONFIRMATION_LINK_TTL_MINUTES = 24 * 60;
/** At most this many links are e-mailed to one account per hour. */
export const CONFIRMATION_LINKS_PER_HOUR = 3;

const HOUR_MS = 60 * 60_000;

export const CONFIRMATION_SENT_ANSWER =
  'Te hemos enviado un enlace para confirmar tu correo. Caduca en 24 horas.';
export const EMAIL_CONFIRMED_ANSWER =
  'Correo confirmado. Ya puedes ver los glosarios que te han compartido.';

export interface EmailConfirmationDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  config: Pick<Config, 'PUBLIC_URL' | 'ADMIN_EMAIL'>;
}

function hashToken(token: string): string {
  return sha256Hex(token);
}

/** `GET /auth/email-confirmation`: what the /glosarios notice needs to know. */
export async function emailConfirmationStatus(
  db: Kysely<Database>,
  user: UserRow,
): Promise<EmailConfirmationStatus> {
  return {
    correo_confirmado: user.email_verified_at !== null,
    invitaciones_pendientes: await pendingInvitationCount(db, user),
  };
}

/**
 * `POST /auth/email-confirmation`: e-mails the signed-in account a single-use link to its own
 * address. The user waits for the mail, so a failure to send is told rather than hidden.
 */
export async function sendEmailConfirmation(
  deps: EmailConfirmationDeps,
  user: UserRow,
): Promise<void> {
  if (user.email_verified_at) throw new AppError('CONFLICT', 'Tu correo ya está confirmado.');
  const now = nowIso();
  const recent = await countEmailConfirmationTokensSince(deps.db, user.id, addMs(now, -HOUR_MS));
  if (recent >= CONFIRMATION_LINKS_PER_HOUR) {
    throw new AppError(
      'RATE_LIMITED',
      `Ya te hemos enviado ${CONFIRMATION_LINKS_PER_HOUR} enlaces en la última hora. Usa el más reciente o vuelve a intentarlo más tarde.`,
    );
  }
  const token = randomBytes(32).toString('base64url');
  await insertEmailConfirmationToken(deps.db, {
    user_id: user.id,
    token_hash: hashToken(token),
    created_at: now,
    expires_at: addMs(now, CONFIRMATION_LINK_TTL_MINUTES * 60_000),
  });
  // Links are built from PUBLIC_URL, never from the request's Host header.
  const link = `${deps.config.PUBLIC_URL}/confirmar-correo?token=${token}`;
  try {
    await deps.mailer.send(emailConfirmationMail(user.email, link, CONFIRMATION_LINK_TTL_MINUTES));
  } catch {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'No se pudo enviar el correo de confirmación. Vuelve a intentarlo dentro de unos minutos.',
    );
  }
}

/**
 * `POST /auth/confirm-email {token}`: proves the address only for the signed-in account it was
 * sent to, so no one can borrow the click of the address's owner. Else 422.
 */
export async function confirmEmail(
  deps: EmailConfirmationDeps,
  user: UserRow,
  token: string,
): Promise<void> {
  const found = await findEmailConfirmationToken(deps.db, hashToken(token));
  if (
    !found ||
    found.user_id !== user.id ||
    found.used_at !== null ||
    Date.parse(found.expires_at) <= Date.now()
  ) {
    throw new AppError('INVALID_CONFIRMATION_LINK');
  }
  await deps.db.transaction().execute(async (trx) => {
    if (!(await useEmailConfirmationTokens(trx, found.id, user.id, nowIso()))) {
      throw new AppError('INVALID_CONFIRMATION_LINK');
    }
    await confirmEmailOwnership(trx, user, deps.config);
  });
}
