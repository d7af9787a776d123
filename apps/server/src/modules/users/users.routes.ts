import {
  adminUserSchema,
  idParamsSchema,
  listUsersQuerySchema,
  TOTAL_COUNT_HEADER,
  updateUserInputSchema,
} from '@ludoterm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { adminOnly, requireUser } from '../../plugins/auth.ts';
import { listUsersForAdmin, updateUserByAdmin } from './users.service.ts';

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
        params: idParamsSchema,
        body: updateUserInputSchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) =>
      updateUserByAdmin(app.db, config, requireUser(request), request.params.id, request.body),
  );
};
