import {
  idParamsSchema,
  paginationQuerySchema,
  ticketSchema,
  TOTAL_COUNT_HEADER,
  updateTicketInputSchema,
} from '@ludoterm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { readImageForm } from '../../lib/images-form.ts';
import { createMailer } from '../../lib/mailer.ts';
import { adminOnly, requireUser } from '../../plugins/auth.ts';
import {
  answerTicket,
  createTicket,
  listAllTickets,
  listOwnTickets,
  listVisibleTickets,
  readTicketImage,
  type TicketDeps,
} from './tickets.service.ts';

const ticketListSchema = z.array(ticketSchema);
const imageParamsSchema = z.object({ name: z.string().min(1).max(100) });

/** `/tickets` for every signed-in user and `/admin/tickets` for administrators. */
export const ticketsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config, storage }) => {
  const deps: TicketDeps = {
    db: app.db,
    storage,
    mailer: createMailer(config, app.log),
    config,
    log: app.log,
  };

  app.post('/tickets', { schema: { response: { 201: ticketSchema } } }, async (request, reply) => {
    const actor = requireUser(request);
    const form = await readImageForm(request, config.IMAGE_MAX_BYTES);
    return reply.code(201).send(await createTicket(deps, actor, form));
  });

  app.get(
    '/tickets/mine',
    { schema: { querystring: paginationQuerySchema, response: { 200: ticketListSchema } } },
    async (request, reply) => {
      const page = await listOwnTickets(app.db, requireUser(request), request.query);
      return reply.header(TOTAL_COUNT_HEADER, page.total).send(page.tickets);
    },
  );

  app.get(
    '/tickets',
    { schema: { querystring: paginationQuerySchema, response: { 200: ticketListSchema } } },
    async (request, reply) => {
      const page = await listVisibleTickets(app.db, requireUser(request), request.query);
      return reply.header(TOTAL_COUNT_HEADER, page.total).send(page.tickets);
    },
  );

  // The client fetches it with the token and shows it from a blob URL.
  app.get(
    '/tickets/imagenes/:name',
    { schema: { params: imageParamsSchema } },
    async (request, reply) => {
      const image = await readTicketImage(deps, requireUser(request), request.params.name);
      return reply
        .type(image.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', 'inline')
        .send(image.data);
    },
  );

  app.get(
    '/admin/tickets',
    {
      preValidation: adminOnly,
      schema: { querystring: paginationQuerySchema, response: { 200: ticketListSchema } },
    },
    async (request, reply) => {
      const page = await listAllTickets(app.db, requireUser(request), request.query);
      return reply.header(TOTAL_COUNT_HEADER, page.total).send(page.tickets);
    },
  );

  app.put(
    '/admin/tickets/:id',
    {
      preValidation: adminOnly,
      schema: {
        params: idParamsSchema,
        body: updateTicketInputSchema,
        response: { 200: ticketSchema },
      },
    },
    async (request) => answerTicket(deps, requireUser(request), request.params.id, request.body),
  );
};
