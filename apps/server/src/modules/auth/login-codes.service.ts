import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { VerifyLoginInput } from '@ludoterm/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { addMs, nowIso } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { loginCodeMail } from '../../lib/mailer-templates.ts';
import { findUserByEmail } from '../users/index.ts';
import { confirmEmailOwnership } from './email-proof.service.ts';
import {
  closeOpenLoginCodes,
  consumeLoginCode,
  countLoginCodeAttempt,
  countLoginCodesSince,
  findOpenLoginCode,
  insertLoginCode,
} from './login-codes.repository.ts';

export const LOGIN_CODE_TTL_MINUTES = 10;
export const LOGIN_CODE_MAX_ATTEMPTS = 5;
/** At most this many codes are e-mailed to one account per window, whoever asks. */
export const LOGIN_CODES_PER_WINDOW = 5;
export const LOGIN_CODE_WINDOW_MINUTES = 15;

const MINUTE_MS = 60_000;

export interface LoginCodeDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  config: Pick<Config, 'JWT_SECRET' | 'ADMIN_EMAIL'>;
}

/** HMAC keyed by the server secret and bound to the user: a copy of the table reveals no code. */
export function hashLoginCode(secret: string, userId: number, code: string): string {
  return createHmac('sha256', secret).update(`login-code:${userId}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Once the password was right, e-mails a fresh code; 429 past the per-account sending limit. */
export async function sendLoginCode(deps: LoginCodeDeps, user: UserRow): Promise<void> {
  const now = nowIso();
  const recent = await countLoginCodesSince(
    deps.db,
    user.id,
    addMs(now, -LOGIN_CODE_WINDOW_MINUTES * MINUTE_MS),
  );
  if (recent >= LOGIN_CODES_PER_WINDOW) {
    throw new AppError(
      'RATE_LIMITED',
      `Ya te hemos enviado ${LOGIN_CODES_PER_WINDOW} códigos en los últimos ${LOGIN_CODE_WINDOW_MINUTES} minutos. Usa el último que recibiste o espera un poco.`,
      { 'retry-after': String(LOGIN_CODE_WINDOW_MINUTES * 60) },
    );
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await closeOpenLoginCodes(deps.db, user.id, now);
  const row = await insertLoginCode(deps.db, {
    user_id: user.id,
    code_hash: hashLoginCode(deps.config.JWT_SECRET, user.id, code),
    created_at: now,
    expires_at: addMs(now, LOGIN_CODE_TTL_MINUTES * MINUTE_MS),
  });
  try {
    await deps.mailer.send(loginCodeMail(user.email, code, LOGIN_CODE_TTL_MINUTES));
  } catch (error) {
    await consumeLoginCode(deps.db, row.id, nowIso());
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'No hemos podido enviarte el código por correo. Inténtalo de nuevo en unos minutos.',
    );
  }
}

const invalidCode = () => new AppError('INVALID_CODE');

/**
 * Checks an e-mailed code and answers the user it signs in. Unknown e-mail and wrong, expired
 * or used-up codes all answer the same 401 INVALID_CODE. The right code proves the address.
 */
export async function verifyLoginCode(
  deps: LoginCodeDeps,
  input: VerifyLoginInput,
): Promise<UserRow> {
  const user = await findUserByEmail(deps.db, input.email);
  const open = user ? await findOpenLoginCode(deps.db, user.id) : undefined;
  if (!user || !open || Date.parse(open.expires_at) <= Date.now()) throw invalidCode();

  const counted = await countLoginCodeAttempt(deps.db, open.id, LOGIN_CODE_MAX_ATTEMPTS);
  if (!counted) {
    throw new AppError(
      'INVALID_CODE',
      'Has agotado los intentos de este código. Vuelve a iniciar sesión para recibir uno nuevo.',
    );
  }
  if (!sameHash(counted.code_hash, hashLoginCode(deps.config.JWT_SECRET, user.id, input.code))) {
    const left = LOGIN_CODE_MAX_ATTEMPTS - counted.attempts;
    throw new AppError(
      'INVALID_CODE',
      left > 0
        ? `El código no es correcto. Te quedan ${left} ${left === 1 ? 'intento' : 'intentos'}.`
        : 'El código no es correcto y has agotado los intentos. Vuelve a iniciar sesión para recibir uno nuevo.',
    );
  }
  if (!(await consumeLoginCode(deps.db, counted.id, nowIso()))) throw invalidCode();
  return confirmEmailOwnership(deps.db, user, deps.config);
}
