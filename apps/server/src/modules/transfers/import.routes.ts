import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { glossaryParamsSchema, importAnswerSchema } from '@ludoterm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { removeStaleFiles } from '../../lib/stale-files.ts';
import { requireUser } from '../../plugins/auth.ts';
import { receiveImportForm } from './import-upload.ts';
import { authorizeImport, importFile, type ImportDeps } from './import.service.ts';

/** Uploads a stopped server left behind go at the next start once this old (no live one is). */
const STALE_FILE_MS = 24 * 60 * 60_000;

/**
 * `POST /glosarios/{ns}/importar` (multipart: `archivo`, `formato`, optional `mapping_json`):
 * the header pass `{cabeceras_detectadas, muestra, sugerencia}` or `{importados, omitidos}`.
 */
export const importRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { config, database, pools },
) => {
  const tmpDir = join(config.DATA_DIR, 'tmp', 'importaciones');
  await mkdir(tmpDir, { recursive: true });
  await removeStaleFiles(tmpDir, STALE_FILE_MS);
  const deps: ImportDeps = { config, database, pool: pools.importPool };

  app.post(
    '/glosarios/:nombre_seguro/importar',
    {
      schema: {
        tags: ['importar'],
        consumes: ['multipart/form-data'],
        params: glossaryParamsSchema,
        response: { 200: importAnswerSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const permission = await authorizeImport(app.db, user, request.params.nombre_seguro);
      const form = await receiveImportForm(request, tmpDir, config.IMPORT_MAX_BYTES);
      try {
        return await importFile(deps, permission, user, form);
      } finally {
        if (form.filePath !== null) await rm(form.filePath, { force: true });
      }
    },
  );
};
