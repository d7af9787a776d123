import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { createAccessTokenVerifier } from '../lib/tokens.ts';
import { findSessionUser } from '../modules/auth/auth.repository.ts';
import { findUserById } from '../modules/users/users.repository.ts';
import type { AppContext } from '../app-context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, read from the database on every request; null when anonymous. */
    user: UserRow | null;
  }
}

/** Requests that carried a token which was invalid, expired or revoked. */
const rejectedTokens = new WeakSet<FastifyRequest>();

/**
 * Bearer access tokens. The user and whether the session was revoked (logout, password reset, a
 * replayed refresh token) are read on every request, so both apply at once, not at expiry.
 */
export const authPlugin = fp<AppContext>(
  async (app, { config }) => {
    app.decorateRequest('user', null);
    const verifyAccessToken = createAccessTokenVerifier(config.JWT_SECRET);
    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (!header || !request.url.startsWith('/api/')) return;
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      const claims = match ? await verifyAccessToken(match[1]!) : null;
      let user: UserRow | undefined;
      let revoked = false;
      if (claims?.sessionId) {
        const found = await findSessionUser(app.db, claims.userId, claims.sessionId);
        user = found?.user;
        revoked = found?.isRevoked ?? false;
      } else if (claims) {
        // Without `sid`: tokens from before sessions were named (one token lifetime at most)
        // and those that tests and benchmarks mint with the secret.
        user = await findUserById(app.db, claims.userId);
      }
      revoked ||=
        user?.sessions_valid_after != null &&
        claims!.issuedAt * 1000 < Date.parse(user.sessions_valid_after) - 1000;
      if (!user || revoked) {
        rejectedTokens.add(request);
        return;
      }
      request.user = user;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

/** The signed-in user, or 401 (INVALID_TOKEN when a token was sent but is no longer valid). */
export function requireUser(request: FastifyRequest): UserRow {
  if (request.user) return request.user;
  throw new AppError(rejectedTokens.has(request) ? 'INVALID_TOKEN' : 'UNAUTHENTICATED');
}

/** The signed-in administrator, or 401/403. */
export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (user.role !== 'admin') throw new AppError('ADMIN_ONLY');
  return user;
}

/** `preValidation` hook: refuses non-administrators before body validation (services recheck). */
export async function adminOnly(request: FastifyRequest): Promise<void> {
  requireAdmin(request);
}
