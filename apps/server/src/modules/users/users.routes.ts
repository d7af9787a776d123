import {
  adminUserSchema,
  idParamSchema,
  listUsersQuerySchema,
  TOTAL_COUNT_HEADER,
  updateUserInputSchema,
} from '@ludoterm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireAdmin, requireUser } from '../../plugins/auth.ts';
import { listUsersForAdmin, updateUserByAdmin } from './users.service.ts';

/** Refuses non-administrators before the body is even validated (the service checks again). */
async function adminOnly(request: Parameters<typeof requireAdmin>[0]): Promise<void> {
  requireAdmin(request);
}

/** `/admin/users`: accounts, roles and plans, for administrators. */
export const usersRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config }) => {
  app.get(
    '/admin/users',
    {
      preValidation: adminOnly,
      schema: { querystring: listUsersQuerySchema, response: { 200: z.array(adminUserSchema) } },
    },
    async (request, reply) => {
      const page = await listUsersForAdmin(app.db, requireUser(request), request.query);
      return reply.header(TOTAL_COUNT_HEADER, page.total).send(page.users);
    },
  );

  app.put(
    '/admin/users/:id',
    {
      preValidation: adminOnly,
      schema: {
        params: z.object({ id: idParamSchema }),
        body: updateUserInputSchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) =>
      updateUserByAdmin(app.db, config, requireUser(request), request.params.id, request.body),
  );
};
