import { healthSchema } from '@ludoterm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { checkHealth } from './health.service.ts';

export const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { config, database },
) => {
  app.get('/health', { schema: { response: { 200: healthSchema } } }, async () =>
    checkHealth(app.db, { config, engine: database.engine }),
  );
};
