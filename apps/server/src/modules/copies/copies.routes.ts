import { copyAnswerSchema, copyInputSchema, glossaryParamsSchema } from '@ludoterm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../plugins/auth.ts';
import { copyEntries } from './copies.service.ts';

/** `POST /glosarios/{origen}/copiar {destino, ids | todas}` → `{copiadas, omitidas}`. */
export const copiesRoutes: FastifyPluginAsyncZod<AppContext> = async (app) => {
  app.post(
    '/glosarios/:nombre_seguro/copiar',
    {
      schema: {
        tags: ['entradas'],
        params: glossaryParamsSchema,
        body: copyInputSchema,
        response: { 200: copyAnswerSchema },
      },
    },
    async (request) =>
      copyEntries(app.db, requireUser(request), request.params.nombre_seguro, request.body),
  );
};
