import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { JSON_BODY_MAX_BYTES, useSpanishZodErrors } from '@ludoterm/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { AppError } from './errors.ts';
import { databaseRateLimitStore } from './lib/rate-limit-counters.repository.ts';
import { createUploadStorage } from './lib/upload-storage.ts';
import { scheduleTrashPurge } from './jobs/trash-purge.job.ts';
import { scheduleWalCheckpoints } from './jobs/wal-checkpoint.job.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { copiesRoutes } from './modules/copies/copies.routes.ts';
import { entriesRoutes } from './modules/entries/entries.routes.ts';
import { extractionRoutes } from './modules/extraction/extraction.routes.ts';
import { glossariesRoutes } from './modules/glossaries/glossaries.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { ticketsRoutes } from './modules/tickets/tickets.routes.ts';
import { exportRoutes } from './modules/transfers/export.routes.ts';
import { importRoutes } from './modules/transfers/import.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { dbPlugin } from './plugins/db.ts';
import { answerClientError, registerErrorHandler } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerWebApp } from './plugins/web.ts';
import { closeWorkerPools, createWorkerPools } from './plugins/worker-pools.ts';
import { APP_VERSION } from './version.ts';

/** Paths of values that must never reach the logs. */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.refresh_token',
  '*.access_token',
  '*.id_token',
  '*.token',
  '*.code',
];

/** Query-string values that are secrets (password-reset links). */
function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|code|refresh_token)=)[^&]*/gi, '$1[REDACTED]');
}

/** Builds the whole application; it never listens (server.ts does, tests use `inject`). */
export async function buildApp(config: Config, database: DatabaseHandle): Promise<FastifyInstance> {
  useSpanishZodErrors();
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: { paths: REDACTED, censor: '[REDACTED]' },
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      },
    },
    bodyLimit: JSON_BODY_MAX_BYTES,
    trustProxy: config.TRUST_PROXY,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    return503OnClosing: true,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Once closing, answers in flight end their keep-alive connection, so `app.close()` does not
  // wait for the browser's idle connection to time out.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
  });
  registerErrorHandler(app);

  const pools = createWorkerPools(config, database);
  app.addHook('onClose', () => closeWorkerPools(pools));
  const storage = createUploadStorage(config, database);
  const context: AppContext = { config, database, pools, storage };
  await app.register(dbPlugin, context);
  await app.register(authPlugin, context);
  registerSecurityHeaders(app, config);
  await app.register(rateLimit, {
    global: false,
    // Instances on one PostgreSQL database share the counts; a single SQLite server keeps them.
    ...(database.engine === 'postgres' ? { store: databaseRateLimitStore(database.db) } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', undefined, {
        'retry-after': String(Math.ceil(context.ttl / 1000)),
      }),
  });
  await app.register(multipart, {
    limits: {
      fileSize: config.IMPORT_MAX_BYTES,
      files: 2,
      fields: 20,
      fieldSize: 1024 * 1024,
      parts: 30,
    },
  });
  await registerOpenApi(app, APP_VERSION);

  // Every module of the API, explicitly, so this file shows the whole API.
  await app.register(healthRoutes, { prefix: '/api', ...context });
  await app.register(authRoutes, { prefix: '/api', ...context });
  await app.register(profileRoutes, { prefix: '/api', ...context });
  await app.register(ticketsRoutes, { prefix: '/api', ...context });
  await app.register(usersRoutes, { prefix: '/api', ...context });
  await app.register(glossariesRoutes, { prefix: '/api', ...context });
  await app.register(entriesRoutes, { prefix: '/api', ...context });
  await app.register(copiesRoutes, { prefix: '/api', ...context });
  await app.register(searchRoutes, { prefix: '/api', ...context });
  await app.register(importRoutes, { prefix: '/api', ...context });
  await app.register(exportRoutes, { prefix: '/api', ...context });
  await app.register(extractionRoutes, { prefix: '/api', ...context });

  // Background work: the trash purge (safe on several instances: database lock) and, on
  // SQLite, the WAL checkpoints (both off when their interval is 0).
  scheduleTrashPurge(app, config);
  scheduleWalCheckpoints(app, config, database);

  await registerWebApp(app, config);
  return app;
}
