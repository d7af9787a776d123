import { Readable } from 'node:stream';
import { exportQuerySchema, glossaryParamsSchema } from '@ludoterm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../plugins/auth.ts';
import { exportGlossaryFor } from './export.service.ts';

/** RFC 5987 `attr-char`s stay, everything else is percent-encoded (`'()*` too). */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** `attachment` with a quoted ASCII name for old clients and the exact UTF-8 name (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

/** `GET /glosarios/{ns}/exportar?formato=json|csv|tsv|tmx|tbx|xlsx|pdf[&version=2|3]`. */
export const exportRoutes: FastifyPluginAsyncZod<AppContext> = async (app) => {
  app.get(
    '/glosarios/:nombre_seguro/exportar',
    {
      schema: {
        tags: ['exportar'],
        description:
          'Descarga el glosario como {nombre_seguro}.{formato} (json por defecto; tbx en TBX-Basic ' +
          'v2, o v3 con version=3), en streaming y en el orden del idioma base. Si algo falla a ' +
          'mitad de la descarga, la conexión se corta: el archivo nunca llega truncado como si ' +
          'estuviera completo.',
        params: glossaryParamsSchema,
        querystring: exportQuerySchema,
        response: { 200: z.unknown().describe('El archivo exportado') },
      },
    },
    async (request, reply) => {
      const download = await exportGlossaryFor(
        app.db,
        requireUser(request),
        request.params.nombre_seguro,
        request.query,
        request.log,
      );
      // Readable.from pulls the next chunk only when the socket drains: back-pressure reaches
      // the writer and, through it, the keyset reads. Fastify destroys the socket if the
      // stream fails after the headers went out, and destroys the stream if the client leaves.
      return reply
        .type(download.contentType)
        .header('content-disposition', attachmentDisposition(download.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(Readable.from(download.body, { objectMode: false }) as never);
    },
  );
};
