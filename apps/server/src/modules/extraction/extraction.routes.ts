import {
  addCandidatesAnswerSchema,
  addCandidatesInputSchema,
  extractionAnswerSchema,
  glossaryParamsSchema,
} from '@ludoterm/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import type { Config } from '../../config.ts';
import { requireUser } from '../../plugins/auth.ts';
import { addCandidates } from './candidates.service.ts';
import { assertCanExtract } from './extraction.policy.ts';
import {
  documentTooLarge,
  extractFromForm,
  isAcceptedDocument,
  stopwordsTooLarge,
  unsupportedDocument,
  type ExtractionForm,
} from './extraction.service.ts';

/** Multipart names of the two files (spec section 7). */
const DOCUMENT_FIELD = 'archivo';
const STOPWORDS_FIELD = 'archivo_stopwords';

/**
 * Reads the multipart form whole within the configured limits (413 stating the limit); a
 * document the extractor cannot read is refused (415) before its bytes are read.
 */
async function readExtractionForm(
  request: FastifyRequest,
  config: Config,
): Promise<ExtractionForm> {
  const form: ExtractionForm = { fields: {}, archivo: null, archivoStopwords: null };
  const maxDocument = config.EXTRACTOR_MAX_BYTES;
  const maxStopwords = config.EXTRACTOR_STOPWORDS_MAX_BYTES;
  const parts = request.parts({
    limits: {
      fileSize: Math.max(maxDocument, maxStopwords),
      fieldSize: Math.max(maxDocument, maxStopwords),
      files: 2,
      fields: 10,
      parts: 12,
    },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.valueTruncated) {
        throw part.fieldname === 'stopwords_personalizadas'
          ? stopwordsTooLarge(maxStopwords)
          : documentTooLarge(maxDocument, true);
      }
      if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
      continue;
    }
    const isDocument = part.fieldname === DOCUMENT_FIELD;
    if ((!isDocument && part.fieldname !== STOPWORDS_FIELD) || part.filename === '') {
      // Unknown file fields, and empty file inputs, are drained and ignored.
      part.file.resume();
      continue;
    }
    if (isDocument && !isAcceptedDocument(part.filename)) throw unsupportedDocument(part.filename);
    const limit = isDocument ? maxDocument : maxStopwords;
    const tooLarge = () =>
      isDocument ? documentTooLarge(maxDocument, false) : stopwordsTooLarge(maxStopwords);
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of part.file) {
        size += (chunk as Buffer).length;
        if (size > limit) throw tooLarge();
        chunks.push(chunk as Buffer);
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw error;
    }
    if (part.file.truncated) throw tooLarge();
    const file = { name: part.filename, bytes: Buffer.concat(chunks, size) };
    if (isDocument) form.archivo = file;
    else form.archivoStopwords = file;
  }
  return form;
}

/** Aborts when the client goes away before the answer is sent (no one waits for it). */
function abortOnDisconnect(reply: FastifyReply): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableEnded) controller.abort(new Error('el cliente cerró la conexión'));
  };
  reply.raw.once('close', onClose);
  return { signal: controller.signal, release: () => reply.raw.off('close', onClose) };
}

/** `POST /extractor` on a pool of worker threads; `POST /glosarios/{ns}/entradas/candidatos`. */
export const extractionRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { config, pools },
) => {
  const pool = pools.extractionPool;

  app.post(
    '/extractor',
    {
      schema: {
        tags: ['extractor'],
        consumes: ['multipart/form-data'],
        response: { 200: extractionAnswerSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      assertCanExtract(user);
      const form = await readExtractionForm(request, config);
      const { signal, release } = abortOnDisconnect(reply);
      try {
        return await extractFromForm(
          { db: app.db, config, pool, log: request.log },
          user,
          form,
          signal,
        );
      } finally {
        release();
      }
    },
  );

  app.post(
    '/glosarios/:nombre_seguro/entradas/candidatos',
    {
      schema: {
        tags: ['extractor'],
        params: glossaryParamsSchema,
        body: addCandidatesInputSchema,
        response: { 200: addCandidatesAnswerSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return addCandidates(app.db, user, request.params.nombre_seguro, request.body);
    },
  );
};
