import {
  loginAnswerSchema,
  loginInputSchema,
  logoutInputSchema,
  refreshInputSchema,
  registerInputSchema,
  tokensSchema,
  updateProfileInputSchema,
  userSchema,
} from '@ludoterm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../plugins/auth.ts';
import {
  currentUser,
  endSession,
  login,
  refreshSession,
  registerAccount,
  updateProfile,
  type AuthDeps,
} from './auth.service.ts';
import { emailConfirmationRoutes } from './email-confirmation.routes.ts';
import { identityRoutes, loginCodeSender, ownerWarner } from './identity.routes.ts';
import { createLoginFailureStore } from './login-failure-store.ts';

/** `/auth/*`: accounts, sign-in, token renewal, sign-out and the own profile. */
export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config, database }) => {
  const deps: AuthDeps = {
    db: app.db,
    config,
    loginFailures: createLoginFailureStore(database),
    sendLoginCode: loginCodeSender(app, config),
    warnOwner: ownerWarner(app, config),
  };
  // Per address; generous enough for a classroom signing in at once behind one NAT.
  const perAddress = {
    rateLimit: { max: config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 },
  };

  app.post(
    '/auth/register',
    { config: perAddress, schema: { body: registerInputSchema, response: { 201: userSchema } } },
    async (request, reply) => reply.code(201).send(await registerAccount(deps, request.body)),
  );

  app.post(
    '/auth/login',
    {
      config: perAddress,
      schema: { body: loginInputSchema, response: { 200: loginAnswerSchema } },
    },
    // request.ip is the forwarded client address behind TRUST_PROXY.
    async (request) => login(deps, request.body, request.ip),
  );

  app.post(
    '/auth/refresh',
    { config: perAddress, schema: { body: refreshInputSchema, response: { 200: tokensSchema } } },
    async (request) => refreshSession(deps, request.body.refresh_token),
  );

  app.post(
    '/auth/logout',
    { config: perAddress, schema: { body: logoutInputSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await endSession(deps, request.body.refresh_token);
      return reply.code(204).send(null);
    },
  );

  app.get('/auth/me', { schema: { response: { 200: userSchema } } }, async (request) =>
    currentUser(requireUser(request)),
  );

  app.put(
    '/auth/profile',
    { schema: { body: updateProfileInputSchema, response: { 200: userSchema } } },
    async (request) => updateProfile(app.db, requireUser(request), request.body),
  );

  // Sign-in codes, password reset and Google, sharing this module's session deps.
  await app.register(identityRoutes, { config, auth: deps });
  await app.register(emailConfirmationRoutes, { config });
};
