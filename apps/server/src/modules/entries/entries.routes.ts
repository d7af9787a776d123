import { Readable } from 'node:stream';
import {
  TOTAL_COUNT_HEADER,
  bulkDeleteAnswerSchema,
  bulkDeleteInputSchema,
  entryInputSchema,
  entryParamsSchema,
  entrySchema,
  glossaryParamsSchema,
  historyAnswerSchema,
  listEntriesQuerySchema,
  restoreVersionInputSchema,
  updateEntryAnswerSchema,
  updateEntryHeadersSchema,
} from '@ludoterm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../plugins/auth.ts';
import {
  acceptedVersions,
  createEntryFor,
  deleteEntryFor,
  deleteManyEntriesFor,
  entryETag,
  entryHistoryFor,
  isPagedQuery,
  listEntriesPage,
  recoverEntryFor,
  restoreEntryVersionFor,
  streamAllEntries,
  updateEntryFor,
} from './entries.service.ts';

const noContent = z.null().describe('Sin contenido');
const tags = ['entradas'];

/** The entries of a glossary: list (paged or streamed), create, edit, delete, recover, history. */
export const entriesRoutes: FastifyPluginAsyncZod<AppContext> = async (app) => {
  app.get(
    '/glosarios/:nombre_seguro/entradas',
    {
      schema: {
        tags,
        description:
          'Sin parámetros, la lista completa (en streaming). Con q, orden, pagina o por_pagina, ' +
          'una página en el orden del idioma base y el total en X-Total-Count.',
        params: glossaryParamsSchema,
        querystring: listEntriesQuerySchema,
        response: { 200: z.array(entrySchema) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { nombre_seguro } = request.params;
      if (!isPagedQuery(request.query)) {
        const chunks = await streamAllEntries(app.db, user, nombre_seguro);
        // Fastify sends a stream as it is, past the response schema: the chunks are views already.
        return reply.type('application/json; charset=utf-8').send(Readable.from(chunks) as never);
      }
      const page = await listEntriesPage(app.db, user, nombre_seguro, request.query);
      return reply.header(TOTAL_COUNT_HEADER, String(page.total)).send(page.entries);
    },
  );

  app.post(
    '/glosarios/:nombre_seguro/entradas',
    {
      schema: {
        tags,
        params: glossaryParamsSchema,
        body: entryInputSchema,
        response: { 201: entrySchema },
      },
    },
    async (request, reply) => {
      const entry = await createEntryFor(
        app.db,
        requireUser(request),
        request.params.nombre_seguro,
        request.body,
      );
      return reply.code(201).send(entry);
    },
  );

  app.post(
    '/glosarios/:nombre_seguro/entradas/eliminar',
    {
      schema: {
        tags,
        params: glossaryParamsSchema,
        body: bulkDeleteInputSchema,
        response: { 200: bulkDeleteAnswerSchema },
      },
    },
    async (request) =>
      deleteManyEntriesFor(
        app.db,
        requireUser(request),
        request.params.nombre_seguro,
        request.body.ids,
      ),
  );

  app.put(
    '/glosarios/:nombre_seguro/entradas/:id',
    {
      schema: {
        tags,
        description:
          'Una versión nueva. Con `version` en el cuerpo o `If-Match` (W/"v3"), 409 si la entrada ' +
          'ha cambiado desde esa versión; sin ninguno, gana la última escritura.',
        params: entryParamsSchema,
        headers: updateEntryHeadersSchema,
        body: entryInputSchema,
        response: { 200: updateEntryAnswerSchema },
      },
    },
    async (request, reply) => {
      const { nombre_seguro, id } = request.params;
      const accepted = acceptedVersions(request.headers['if-match'], request.body.version);
      const entrada = await updateEntryFor(
        app.db,
        requireUser(request),
        nombre_seguro,
        id,
        request.body,
        accepted,
      );
      return reply.header('etag', entryETag(entrada.version)).send({ entrada });
    },
  );

  app.delete(
    '/glosarios/:nombre_seguro/entradas/:id',
    { schema: { tags, params: entryParamsSchema, response: { 204: noContent } } },
    async (request, reply) => {
      const { nombre_seguro, id } = request.params;
      await deleteEntryFor(app.db, requireUser(request), nombre_seguro, id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/glosarios/:nombre_seguro/entradas/:id/recuperar',
    { schema: { tags, params: entryParamsSchema, response: { 200: entrySchema } } },
    async (request) => {
      const { nombre_seguro, id } = request.params;
      return recoverEntryFor(app.db, requireUser(request), nombre_seguro, id);
    },
  );

  app.get(
    '/glosarios/:nombre_seguro/entradas/:id/historial',
    { schema: { tags, params: entryParamsSchema, response: { 200: historyAnswerSchema } } },
    async (request) => {
      const { nombre_seguro, id } = request.params;
      return entryHistoryFor(app.db, requireUser(request), nombre_seguro, id);
    },
  );

  app.post(
    '/glosarios/:nombre_seguro/entradas/:id/restaurar',
    {
      schema: {
        tags,
        description:
          'Escribe esa versión de nuevo como la más reciente. Con `version` o `If-Match`, 409 si ' +
          'la entrada ha cambiado desde esa versión.',
        params: entryParamsSchema,
        headers: updateEntryHeadersSchema,
        body: restoreVersionInputSchema,
        response: { 200: updateEntryAnswerSchema },
      },
    },
    async (request, reply) => {
      const { nombre_seguro, id } = request.params;
      const accepted = acceptedVersions(request.headers['if-match'], request.body.version);
      const answer = await restoreEntryVersionFor(
        app.db,
        requireUser(request),
        nombre_seguro,
        id,
        request.body.version_index,
        accepted,
      );
      return reply.header('etag', entryETag(answer.entrada.version)).send(answer);
    },
  );
};
