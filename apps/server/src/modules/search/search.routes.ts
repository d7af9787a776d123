import {
  TOTAL_COUNT_CAPPED_HEADER,
  TOTAL_COUNT_HEADER,
  searchFieldSchema,
  searchQuerySchema,
  searchResultSchema,
} from '@ludoterm/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import {
  findSearchAnswer,
  listSearchFields,
  searchEntries,
  type SearchRunner,
} from './search.service.ts';

const tags = ['búsqueda'];

function searchTimedOut(): AppError {
  return new AppError(
    'SERVICE_UNAVAILABLE',
    'La búsqueda tardó demasiado y se canceló. Prueba con un término más largo o con menos glosarios.',
  );
}

/** A search that shared its thread with one cancelled for its time ends with it. */
function isEndedThread(error: unknown): boolean {
  return error instanceof Error && /Terminating worker thread/i.test(error.message);
}

/** Search across every glossary the caller may read: quick, advanced, and the fields to choose. */
export const searchRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { config, database, pools },
) => {
  // SQLite answers synchronously on one connection: searches run on worker threads with
  // their own (SEARCH_WORKERS), so they use the other cores and never hold up other requests,
  // and one that runs too long is cancelled by ending its thread. PostgreSQL runs them in its
  // own processes, under its statement timeout.
  const { searchPool } = pools;
  const sqlitePath = database.sqlitePath;
  const run: SearchRunner =
    searchPool && sqlitePath
      ? async (searcher, parsed) => {
          const signal = AbortSignal.timeout(config.SEARCH_TIMEOUT_MS);
          try {
            return await searchPool.run({ sqlitePath, searcher, parsed }, { signal });
          } catch (error) {
            if (signal.aborted || isEndedThread(error)) throw searchTimedOut();
            throw error;
          }
        }
      : (searcher, parsed) => findSearchAnswer(app.db, searcher, parsed);

  app.get(
    '/buscar',
    {
      schema: {
        tags,
        description:
          'Búsqueda rápida (termino, subindice_like) o avanzada (un campo de la ficha = valor), sin ' +
          'distinguir mayúsculas ni tildes, en todos los glosarios que el usuario puede leer. Orden: ' +
          'coincidencia exacta, prefijo, inicio de palabra, subcadena; después, el orden del término ' +
          'base. Consultas de 1 o 2 caracteres: solo por prefijo. Paginada (pagina, por_pagina); el ' +
          'total en X-Total-Count, que se detiene en 1000 (X-Total-Count-Capped: true si hay más).',
        querystring: searchQuerySchema,
        response: { 200: z.array(searchResultSchema) },
      },
    },
    async (request, reply) => {
      const answer = await searchEntries(requireUser(request), request.query, run);
      reply.header(TOTAL_COUNT_HEADER, String(answer.total));
      if (answer.capped) reply.header(TOTAL_COUNT_CAPPED_HEADER, 'true');
      // Already serialized through the response schema where the search ran: a string with a
      // JSON content type is sent as it is (the schema above documents it).
      const untyped: FastifyReply = reply;
      return untyped.type('application/json; charset=utf-8').send(answer.body);
    },
  );

  app.get(
    '/buscar/campos',
    {
      schema: {
        tags,
        description: 'Los campos de la ficha de los glosarios del usuario (unión, orden estable).',
        response: { 200: z.array(searchFieldSchema) },
      },
    },
    async (request) => listSearchFields(app.db, requireUser(request)),
  );
};
