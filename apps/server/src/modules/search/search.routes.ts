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

/**
 * The search, or a Spanish 503 after `ms`. The thread finishes it unseen: a task piscina may
 * cancel gets a thread to itself, which would halve what the threads answer under load.
 */
async function withinTime<T>(search: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new AppError(
            'SERVICE_UNAVAILABLE',
            'La búsqueda tardó demasiado y se canceló. Prueba con un término más largo o con menos glosarios.',
          ),
        ),
      ms,
    );
  });
  try {
    return await Promise.race([search, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** Search across every glossary the caller may read: quick, advanced, and the fields to choose. */
export const searchRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { config, database, pools },
) => {
  // SQLite is synchronous: searches run on threads with their own connections, so they never hold
  // up other requests (503 past SEARCH_TIMEOUT_MS); PostgreSQL runs them in its own processes.
  const { searchPool } = pools;
  const sqlitePath = database.sqlitePath;
  const run: SearchRunner =
    searchPool && sqlitePath
      ? (searcher, parsed) =>
          withinTime(searchPool.run({ sqlitePath, searcher, parsed }), config.SEARCH_TIMEOUT_MS)
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
