import {
  confirmEmailInputSchema,
  emailConfirmationStatusSchema,
  messageAnswerSchema,
} from '@ludoterm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { createMailer } from '../../lib/mailer.ts';
import { requireUser } from '../../plugins/auth.ts';
import {
  CONFIRMATION_SENT_ANSWER,
  confirmEmail,
  EMAIL_CONFIRMED_ANSWER,
  emailConfirmationStatus,
  sendEmailConfirmation,
  type EmailConfirmationDeps,
} from './email-confirmation.service.ts';

/** The signed-in account proves its address through a link e-mailed to it. */
export const emailConfirmationRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const deps: EmailConfirmationDeps = { db: app.db, mailer: createMailer(config, app.log), config };
  const perAddress = { rateLimit: { max: config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } };

  app.get(
    '/auth/email-confirmation',
    { schema: { response: { 200: emailConfirmationStatusSchema } } },
    async (request) => emailConfirmationStatus(app.db, requireUser(request)),
  );

  app.post(
    '/auth/email-confirmation',
    { config: perAddress, schema: { response: { 200: messageAnswerSchema } } },
    async (request) => {
      await sendEmailConfirmation(deps, requireUser(request));
      return { detail: CONFIRMATION_SENT_ANSWER };
    },
  );

  app.post(
    '/auth/confirm-email',
    {
      config: perAddress,
      schema: { body: confirmEmailInputSchema, response: { 200: messageAnswerSchema } },
    },
    async (request) => {
      await confirmEmail(deps, requireUser(request), request.body.token);
      return { detail: EMAIL_CONFIRMED_ANSWER };
    },
  );
};
