import {
  forgotPasswordInputSchema,
  googleInputSchema,
  messageAnswerSchema,
  resetPasswordInputSchema,
  tokensSchema,
  verifyLoginInputSchema,
} from '@ludoterm/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { UserRow } from '../../db/schema.ts';
import { failedSignInsMail } from '../../lib/mailer-templates.ts';
import { createMailer } from '../../lib/mailer.ts';
import { startSession, type AuthDeps } from './auth.service.ts';
import { createGoogleKeySource, type GoogleKeySource } from './google-id-token.ts';
import { signInWithGoogle } from './google.service.ts';
import { LOGIN_FAILURE_WINDOW_MS } from './login-failures.ts';
import { sendLoginCode, verifyLoginCode, type LoginCodeDeps } from './login-codes.service.ts';
import {
  FORGOT_PASSWORD_ANSWER,
  requestPasswordReset,
  RESET_PASSWORD_ANSWER,
  resetPassword,
  type PasswordResetDeps,
} from './password-reset.service.ts';

/** What `POST /auth/login` calls for an account with `verificacion_codigo` on. */
export function loginCodeSender(
  app: FastifyInstance,
  config: Config,
): (user: UserRow) => Promise<void> {
  const deps: LoginCodeDeps = { db: app.db, mailer: createMailer(config, app.log), config };
  return (user) => sendLoginCode(deps, user);
}

/** What a failed sign-in calls once an account has failed WARN_OWNER_AFTER times. */
export function ownerWarner(
  app: FastifyInstance,
  config: Config,
): (user: UserRow, failures: number) => Promise<void> {
  const mailer = createMailer(config, app.log);
  const minutes = LOGIN_FAILURE_WINDOW_MS / 60_000;
  return (user, failures) => mailer.send(failedSignInsMail(user.email, failures, minutes));
}

export interface IdentityRoutesOptions {
  config: Config;
  /** The auth module's dependencies: sessions and the sign-in failure counter. */
  auth: AuthDeps;
}

/** E-mailed sign-in codes, password reset and Google sign-in, sharing the auth routes' deps. */
export const identityRoutes: FastifyPluginAsyncZod<IdentityRoutesOptions> = async (
  app,
  { config, auth },
) => {
  const mailer = createMailer(config, app.log);
  const codes: LoginCodeDeps = { db: app.db, mailer, config };
  const reset: PasswordResetDeps = { db: app.db, mailer, config, log: app.log };
  // Google's key set at GOOGLE_JWKS_URL, fetched on first use and cached.
  const keys = config.GOOGLE_CLIENT_ID ? createGoogleKeySource(config.GOOGLE_JWKS_URL) : null;
  const perAddress = { rateLimit: { max: config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } };

  app.post(
    '/auth/verify-login',
    {
      config: perAddress,
      schema: { body: verifyLoginInputSchema, response: { 200: tokensSchema } },
    },
    async (request) => startSession(auth, await verifyLoginCode(codes, request.body)),
  );

  app.post(
    '/auth/forgot-password',
    {
      config: perAddress,
      schema: { body: forgotPasswordInputSchema, response: { 200: messageAnswerSchema } },
    },
    async (request) => {
      await requestPasswordReset(reset, request.body.email);
      return { detail: FORGOT_PASSWORD_ANSWER };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: perAddress,
      schema: { body: resetPasswordInputSchema, response: { 200: messageAnswerSchema } },
    },
    async (request) => {
      await resetPassword(reset, request.body);
      return { detail: RESET_PASSWORD_ANSWER };
    },
  );

  app.post(
    '/auth/google',
    { config: perAddress, schema: { body: googleInputSchema, response: { 200: tokensSchema } } },
    async (request) => {
      const user = await signInWithGoogle(
        { auth, config, keys: keys ?? unavailableKeys },
        request.body,
        request.ip,
      );
      return startSession(auth, user);
    },
  );
};

/** Never called: without GOOGLE_CLIENT_ID the service refuses before looking for keys. */
const unavailableKeys: GoogleKeySource = async () => {
  throw new Error('Google sign-in is not configured');
};
