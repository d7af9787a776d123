import type { Config } from '../../config.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { nowIso } from '../../lib/clock.ts';
import { claimInvitations } from '../glossaries/index.ts';
import { initialAccess, normalizeEmail } from './auth.policy.ts';
import {
  countAllUsers,
  findUserByEmail,
  insertUser,
  lockAccountCreation,
} from './auth.repository.ts';
import { verifyCredentials, type AuthDeps } from './auth.service.ts';
import { confirmEmailOwnership } from './email-proof.service.ts';
import {
  verifyGoogleIdToken,
  type GoogleIdentity,
  type GoogleKeySource,
} from './google-id-token.ts';
import { findUserByGoogleSub, linkGoogleSub } from './google.repository.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

export interface GoogleDeps {
  auth: AuthDeps;
  config: Pick<Config, 'GOOGLE_CLIENT_ID'>;
  keys: GoogleKeySource;
}

export const GOOGLE_DISABLED =
  'El inicio de sesión con Google no está activado en esta instalación.';
const LINKED_ELSEWHERE = 'Esta cuenta de LudoTerm ya está vinculada a otra cuenta de Google.';

/**
 * A passwordless account for a Google user, by the rules and lock of `POST /auth/register`.
 * Google verified the address, which is the proof that invitations and ADMIN_EMAIL wait for.
 */
async function createGoogleAccount(deps: AuthDeps, identity: GoogleIdentity): Promise<UserRow> {
  try {
    return await deps.db.transaction().execute(async (trx) => {
      await lockAccountCreation(trx);
      if (await findUserByEmail(trx, identity.email)) throw new AppError('CONFLICT');
      const isFirstAccount = (await countAllUsers(trx)) === 0;
      const now = new Date();
      const created = await insertUser(trx, {
        email: identity.email,
        password_hash: null,
        google_sub: identity.sub,
        display_name: identity.name,
        ...initialAccess(identity.email, isFirstAccount, deps.config, now, true),
        verificacion_codigo: 0,
        email_verified_at: now.toISOString(),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
      await claimInvitations(trx, created);
      return created;
    });
  } catch (error) {
    // Created by a parallel request with the same token: sign in to that account.
    if (error instanceof AppError || isUniqueViolation(error)) {
      const existing = await findUserByGoogleSub(deps.db, identity.sub);
      if (existing) return existing;
    }
    throw error;
  }
}

/**
 * `POST /auth/google`: signs in or creates the account. An existing account with that e-mail is
 * never taken over by the token alone: linking it needs its password (403 otherwise).
 */
export async function signInWithGoogle(
  deps: GoogleDeps,
  input: { id_token: string; password?: string | undefined },
  clientAddress: string,
): Promise<UserRow> {
  const clientId = deps.config.GOOGLE_CLIENT_ID;
  if (!clientId) throw new AppError('NOT_FOUND', GOOGLE_DISABLED);
  const identity = await verifyGoogleIdToken(input.id_token, { clientId, keys: deps.keys });

  const linked = await findUserByGoogleSub(deps.auth.db, identity.sub);
  if (linked) return provenByGoogle(deps, linked, identity);

  const existing = await findUserByEmail(deps.auth.db, identity.email);
  if (!existing) return createGoogleAccount(deps.auth, identity);
  if (existing.google_sub) throw new AppError('CONFLICT', LINKED_ELSEWHERE);
  if (!input.password) throw new AppError('ACCOUNT_LINK_REQUIRED');
  await verifyCredentials(
    deps.auth,
    { email: existing.email, password: input.password },
    clientAddress,
  );
  const updated = await linkGoogleSub(deps.auth.db, existing.id, identity.sub, nowIso());
  if (!updated) throw new AppError('CONFLICT', LINKED_ELSEWHERE);
  return provenByGoogle(deps, updated, identity);
}

/** Google's verified address proves the account's own when they are the same. */
async function provenByGoogle(
  deps: GoogleDeps,
  user: UserRow,
  identity: GoogleIdentity,
): Promise<UserRow> {
  if (normalizeEmail(user.email) !== normalizeEmail(identity.email)) return user;
  return confirmEmailOwnership(deps.auth.db, user, deps.auth.config);
}
