import { randomBytes, randomUUID } from 'node:crypto';
import type {
  LoginAnswer,
  LoginInput,
  RegisterInput,
  Tokens,
  UpdateProfileInput,
  User,
} from '@ludoterm/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { DAY_MS, nowIso } from '../../lib/clock.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { findUserById, toUserView } from '../users/index.ts';
import { initialAccess, normalizeEmail } from './auth.policy.ts';
import {
  countAllUsers,
  findRefreshTokenByHash,
  findUserByEmail,
  insertRefreshToken,
  insertUser,
  lockAccountCreation,
  markRefreshTokenRotated,
  revokeRefreshFamily,
  updateUserProfile,
  type RefreshTokenRow,
} from './auth.repository.ts';
import {
  LOGIN_FAILURE_WINDOW_MS,
  accountFailureKey,
  loginFailureKey,
  loginWaitMs,
  type LoginFailureStore,
} from './login-failures.ts';
import {
  hashRefreshToken,
  newRefreshToken,
  REFRESH_GRACE_SECONDS,
  signSessionAccessToken,
  successorOf,
} from './session-tokens.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

export interface AuthDeps {
  db: Kysely<Database>;
  config: Pick<
    Config,
    | 'JWT_SECRET'
    | 'ACCESS_TOKEN_TTL_SECONDS'
    | 'REFRESH_TOKEN_TTL_DAYS'
    | 'ADMIN_EMAIL'
    | 'TRIAL_DAYS'
    | 'LOGIN_FAILURES_PER_ACCOUNT'
    | 'fastPasswordHashing'
  >;
  loginFailures: LoginFailureStore;
  /** E-mails the code of `POST /auth/login`'s verification step. */
  sendLoginCode?: (user: UserRow) => Promise<void>;
  /** E-mails the owner that their account keeps failing to sign in (`failures` of them). */
  warnOwner?: (user: UserRow, failures: number) => Promise<void>;
}

/** Failures of one account, from any address, within the window that e-mail its owner once. */
export const WARN_OWNER_AFTER = 5;

function waitText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds >= 60) {
    const minutes = Math.ceil(seconds / 60);
    return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
  }
  return seconds === 1 ? '1 segundo' : `${seconds} segundos`;
}

function tooManyFailures(waitMs: number): AppError {
  return new AppError(
    'RATE_LIMITED',
    `Demasiados intentos fallidos con esta cuenta desde tu conexión. Espera ${waitText(waitMs)} y vuelve a intentarlo.`,
    { 'retry-after': String(Math.ceil(waitMs / 1000)) },
  );
}
/** Chain links followed from a token reused within the grace window to the live one. */
const MAX_GRACE_HOPS = 5;

let dummyHash: Promise<string> | null = null;
/** A hash to verify against when the account does not exist, so both cases take as long. */
function dummyPasswordHash(fast: boolean): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'), fast);
  return dummyHash;
}

const invalidSession = () => new AppError('INVALID_TOKEN');

/**
 * `POST /auth/register`: whether the account is admin is decided in one transaction. Nothing
 * proves the address yet, so its invitations and ADMIN_EMAIL's role wait (confirmEmailOwnership).
 */
export async function registerAccount(deps: AuthDeps, input: RegisterInput): Promise<User> {
  const { db, config } = deps;
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password, config.fastPasswordHashing);
  try {
    const user = await db.transaction().execute(async (trx) => {
      await lockAccountCreation(trx);
      if (await findUserByEmail(trx, email)) throw new AppError('EMAIL_TAKEN');
      const isFirstAccount = (await countAllUsers(trx)) === 0;
      const now = new Date();
      const created = await insertUser(trx, {
        email,
        password_hash: passwordHash,
        ...initialAccess(email, isFirstAccount, config, now, false),
        verificacion_codigo: 0,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
      return created;
    });
    return toUserView(user);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
}

/**
 * Unknown e-mail and wrong password answer the same 401 after the same work. Repeats from one
 * address wait longer each time, then get 429, while the right password from elsewhere works.
 */
export async function verifyCredentials(
  deps: AuthDeps,
  input: LoginInput,
  clientAddress: string,
): Promise<UserRow> {
  const { db, config, loginFailures } = deps;
  const email = normalizeEmail(input.email);
  const failureKey = loginFailureKey(email, clientAddress);
  const failures = await loginFailures.recent(failureKey, LOGIN_FAILURE_WINDOW_MS);
  const waitMs = loginWaitMs(failures, config.LOGIN_FAILURES_PER_ACCOUNT, Date.now());
  if (waitMs > 0) throw tooManyFailures(waitMs);
  const user = await findUserByEmail(db, email);
  const hash = user?.password_hash ?? (await dummyPasswordHash(config.fastPasswordHashing));
  const matches = await verifyPassword(hash, input.password);
  if (!user?.password_hash || !matches) {
    await loginFailures.record(failureKey);
    if (user) await countAccountFailure(deps, user);
    throw new AppError('INVALID_CREDENTIALS');
  }
  await loginFailures.clear(failureKey);
  return user;
}

/** Counts a failure against the account from any address and warns its owner once per window. */
async function countAccountFailure(deps: AuthDeps, user: UserRow): Promise<void> {
  const key = accountFailureKey(normalizeEmail(user.email));
  await deps.loginFailures.record(key);
  const count = (await deps.loginFailures.recent(key, LOGIN_FAILURE_WINDOW_MS)).length;
  if (count === WARN_OWNER_AFTER) await deps.warnOwner?.(user, count);
}

/** `POST /auth/login`: the tokens, or the verification step for accounts that ask for a code. */
export async function login(
  deps: AuthDeps,
  input: LoginInput,
  clientAddress: string,
): Promise<LoginAnswer> {
  const user = await verifyCredentials(deps, input, clientAddress);
  if (user.verificacion_codigo === 1 && deps.sendLoginCode) {
    await deps.sendLoginCode(user);
    return { requires_verification: true };
  }
  return startSession(deps, user);
}

async function sessionPair(
  deps: AuthDeps,
  userId: number,
  row: RefreshTokenRow,
  refreshToken: string,
): Promise<Tokens> {
  const ttl = deps.config.ACCESS_TOKEN_TTL_SECONDS;
  return {
    access_token: await signSessionAccessToken(
      deps.config.JWT_SECRET,
      userId,
      row.family_id,
      row.created_at,
      ttl,
    ),
    refresh_token: refreshToken,
    token_type: 'bearer',
    expires_in: ttl,
  };
}

function refreshExpiry(deps: AuthDeps, now: Date): string {
  return new Date(now.getTime() + deps.config.REFRESH_TOKEN_TTL_DAYS * DAY_MS).toISOString();
}

export async function startSession(deps: AuthDeps, user: Pick<UserRow, 'id'>): Promise<Tokens> {
  const now = new Date();
  const refreshToken = newRefreshToken();
  const row = await insertRefreshToken(deps.db, {
    user_id: user.id,
    family_id: randomUUID(),
    token_hash: hashRefreshToken(refreshToken),
    created_at: now.toISOString(),
    expires_at: refreshExpiry(deps, now),
  });
  return sessionPair(deps, user.id, row, refreshToken);
}

function revokedByReset(user: UserRow, row: RefreshTokenRow): boolean {
  return (
    user.sessions_valid_after != null &&
    Date.parse(row.created_at) < Date.parse(user.sessions_valid_after)
  );
}

/** `POST /auth/refresh`: rotates a refresh token into its successor. */
export async function refreshSession(deps: AuthDeps, refreshToken: string): Promise<Tokens> {
  const { db, config } = deps;
  const now = new Date();
  const row = await findRefreshTokenByHash(db, hashRefreshToken(refreshToken));
  if (!row || row.revoked_at || Date.parse(row.expires_at) <= now.getTime()) throw invalidSession();
  const user = await findUserById(db, row.user_id);
  if (!user || revokedByReset(user, row)) throw invalidSession();
  if (row.rotated_at) return answerRotated(deps, row, refreshToken, now);

  const successor = successorOf(config.JWT_SECRET, refreshToken);
  const created = await db.transaction().execute(async (trx) => {
    if (!(await markRefreshTokenRotated(trx, row.id, now.toISOString()))) return null;
    return insertRefreshToken(trx, {
      user_id: row.user_id,
      family_id: row.family_id,
      token_hash: hashRefreshToken(successor),
      created_at: now.toISOString(),
      expires_at: refreshExpiry(deps, now),
    });
  });
  if (created) return sessionPair(deps, row.user_id, created, successor);

  // Rotated by a concurrent request between our read and our write.
  const rotated = await findRefreshTokenByHash(db, hashRefreshToken(refreshToken));
  if (!rotated?.rotated_at || rotated.revoked_at) throw invalidSession();
  return answerRotated(deps, rotated, refreshToken, now);
}

/**
 * A rotated token presented again: within the grace window (parallel requests, a second tab)
 * it answers the live pair; later it is a replay, and revokes its whole family.
 */
async function answerRotated(
  deps: AuthDeps,
  row: RefreshTokenRow,
  refreshToken: string,
  now: Date,
): Promise<Tokens> {
  const { db, config } = deps;
  const rotatedAgo = now.getTime() - Date.parse(row.rotated_at!);
  if (rotatedAgo > REFRESH_GRACE_SECONDS * 1000) {
    await revokeRefreshFamily(db, row.family_id, now.toISOString());
    throw invalidSession();
  }
  let token = refreshToken;
  let current: RefreshTokenRow | undefined = row;
  for (let hop = 0; current?.rotated_at && hop < MAX_GRACE_HOPS; hop += 1) {
    token = successorOf(config.JWT_SECRET, token);
    current = await findRefreshTokenByHash(db, hashRefreshToken(token));
  }
  if (!current || current.rotated_at || current.revoked_at) throw invalidSession();
  return sessionPair(deps, current.user_id, current, token);
}

/** `POST /auth/logout`: revokes the family of that refresh token; unknown tokens are ignored. */
export async function endSession(deps: AuthDeps, refreshToken: string): Promise<void> {
  const row = await findRefreshTokenByHash(deps.db, hashRefreshToken(refreshToken));
  if (row) await revokeRefreshFamily(deps.db, row.family_id, nowIso());
}

/** `GET /auth/me`. */
export function currentUser(user: UserRow): User {
  return toUserView(user);
}

/** `PUT /auth/profile`: the display name (blank clears it) and the sign-in code switch. */
export async function updateProfile(
  db: Kysely<Database>,
  actor: UserRow,
  input: UpdateProfileInput,
): Promise<User> {
  const changes: Parameters<typeof updateUserProfile>[2] = { updated_at: nowIso() };
  if (input.display_name !== undefined) changes.display_name = input.display_name?.trim() || null;
  if (input.verificacion_codigo !== undefined)
    changes.verificacion_codigo = input.verificacion_codigo ? 1 : 0;
  const updated = await updateUserProfile(db, actor.id, changes);
  if (!updated) throw new AppError('UNAUTHENTICATED');
  return toUserView(updated);
}
