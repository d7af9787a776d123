import {
  addMemberInputSchema,
  createGlossaryBodySchema,
  glossaryConfigSchema,
  glossaryParamsSchema,
  glossarySchema,
  listGlossariesQuerySchema,
  memberParamsSchema,
  memberSchema,
  removeMemberQuerySchema,
  restoreGlossaryInputSchema,
  trashItemSchema,
  updateGlossaryConfigInputSchema,
} from '@ludoterm/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../plugins/auth.ts';
import {
  addGlossaryMember,
  listGlossaryMembers,
  removeGlossaryMember,
} from './glossary-members.service.ts';
import { listOwnTrash, restoreGlossary, trashGlossaryBySlug } from './glossary-trash.service.ts';
import {
  createGlossary,
  getGlossaryConfig,
  listGlossaries,
  updateGlossaryConfig,
} from './glossaries.service.ts';

const noContent = z.null().describe('Sin contenido');

/** Every glossary route: the collection, the trash, the configuration and the members. */
export const glossariesRoutes: FastifyPluginAsyncZod<AppContext> = async (app) => {
  /** Both removal routes: a member named by account, or a pending invitation by e-mail. */
  const removeMember = (
    request: FastifyRequest,
    nombreSeguro: string,
    member: { userId: number } | { email: string },
  ) => removeGlossaryMember(app.db, requireUser(request), nombreSeguro, member);

  app.get(
    '/glosarios',
    {
      schema: {
        tags: ['glosarios'],
        querystring: listGlossariesQuerySchema,
        response: { 200: z.array(glossarySchema) },
      },
    },
    async (request) => {
      const all = request.query.todos === '1' || request.query.todos === 'true';
      return listGlossaries(app.db, requireUser(request), { all });
    },
  );

  app.post(
    '/glosarios',
    {
      schema: {
        tags: ['glosarios'],
        body: createGlossaryBodySchema,
        response: { 201: glossarySchema },
      },
    },
    async (request, reply) => {
      const glossary = await createGlossary(app.db, requireUser(request), request.body);
      return reply.code(201).send(glossary);
    },
  );

  app.get(
    '/glosarios/eliminados',
    { schema: { tags: ['glosarios'], response: { 200: z.array(trashItemSchema) } } },
    async (request) => listOwnTrash(app.db, requireUser(request)),
  );

  app.post(
    '/glosarios/restaurar',
    {
      schema: {
        tags: ['glosarios'],
        body: restoreGlossaryInputSchema,
        response: { 200: glossarySchema },
      },
    },
    async (request) => restoreGlossary(app.db, requireUser(request), request.body.nombre),
  );

  app.get(
    '/glosarios/:nombre_seguro/configuracion',
    {
      schema: {
        tags: ['glosarios'],
        params: glossaryParamsSchema,
        response: { 200: glossaryConfigSchema },
      },
    },
    async (request) =>
      getGlossaryConfig(app.db, requireUser(request), request.params.nombre_seguro),
  );

  app.put(
    '/glosarios/:nombre_seguro/configuracion',
    {
      schema: {
        tags: ['glosarios'],
        params: glossaryParamsSchema,
        body: updateGlossaryConfigInputSchema,
        response: { 200: glossaryConfigSchema },
      },
    },
    async (request) =>
      updateGlossaryConfig(
        app.db,
        requireUser(request),
        request.params.nombre_seguro,
        request.body,
      ),
  );

  app.delete(
    '/glosarios/:nombre_seguro',
    { schema: { tags: ['glosarios'], params: glossaryParamsSchema, response: { 204: noContent } } },
    async (request, reply) => {
      await trashGlossaryBySlug(app.db, requireUser(request), request.params.nombre_seguro);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/glosarios/:nombre_seguro/miembros',
    {
      schema: {
        tags: ['glosarios'],
        params: glossaryParamsSchema,
        response: { 200: z.array(memberSchema) },
      },
    },
    async (request) =>
      listGlossaryMembers(app.db, requireUser(request), request.params.nombre_seguro),
  );

  app.post(
    '/glosarios/:nombre_seguro/miembros',
    {
      // Slows down anyone trying to learn which e-mails have accounts through invitations.
      config: {
        rateLimit: {
          max: 60,
          timeWindow: '1 minute',
          keyGenerator: (r) => String(r.user?.id ?? r.ip),
        },
      },
      schema: {
        tags: ['glosarios'],
        params: glossaryParamsSchema,
        body: addMemberInputSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await addGlossaryMember(
        app.db,
        requireUser(request),
        request.params.nombre_seguro,
        request.body,
      );
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/glosarios/:nombre_seguro/miembros',
    {
      schema: {
        tags: ['glosarios'],
        params: glossaryParamsSchema,
        querystring: removeMemberQuerySchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await removeMember(request, request.params.nombre_seguro, { email: request.query.email });
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/glosarios/:nombre_seguro/miembros/:user_id',
    { schema: { tags: ['glosarios'], params: memberParamsSchema, response: { 204: noContent } } },
    async (request, reply) => {
      await removeMember(request, request.params.nombre_seguro, { userId: request.params.user_id });
      return reply.code(204).send(null);
    },
  );
};
