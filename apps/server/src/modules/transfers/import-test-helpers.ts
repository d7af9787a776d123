import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Entry } from '@ludoterm/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { GlossaryRow } from '../../db/schema.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import type { TestUser } from '../../test/factories.ts';
import { multipartBody } from '../../test/multipart.ts';

/** packages/formats/fixtures: real files with their licences (LICENSES.md there). */
const FIXTURES = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  '..',
  '..',
  'packages',
  'formats',
  'fixtures',
);

/** A file of packages/formats/fixtures, by its path there (`okapi/ImportTest2A.tmx`). */
export function formatsFixture(path: string): Buffer {
  return readFileSync(join(FIXTURES, path));
}

export interface ImportRequest {
  /** The file's bytes (a string is sent as UTF-8). */
  file?: Buffer | string;
  filename?: string;
  formato?: string;
  mapping?: Record<string, string> | string;
  /** Sends `mapping_json` after the file instead of before it. */
  mappingAfterFile?: boolean;
}

/** `POST /api/glosarios/{ns}/importar` as the web app sends it (multipart). */
export async function postImport(
  t: TestApp,
  user: TestUser,
  glossary: Pick<GlossaryRow, 'nombre_seguro'>,
  request: ImportRequest,
): Promise<LightMyRequestResponse> {
  const fields: Record<string, string> = {};
  const fieldsAfter: Record<string, string> = {};
  if (request.formato !== undefined) fields['formato'] = request.formato;
  if (request.mapping !== undefined) {
    (request.mappingAfterFile ? fieldsAfter : fields)['mapping_json'] =
      typeof request.mapping === 'string' ? request.mapping : JSON.stringify(request.mapping);
  }
  const body = multipartBody(
    fields,
    request.file === undefined
      ? undefined
      : {
          field: 'archivo',
          filename: request.filename ?? `glosario.${request.formato ?? 'csv'}`,
          contentType: 'application/octet-stream',
          data: typeof request.file === 'string' ? Buffer.from(request.file, 'utf8') : request.file,
        },
    fieldsAfter,
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/glosarios/${glossary.nombre_seguro}/importar`,
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

/** What a glossary holds right now: live entries, version rows and its num_entradas. */
export async function glossaryCounts(
  t: TestApp,
  glossary: Pick<GlossaryRow, 'id'>,
): Promise<{ entradas: number; versiones: number; num_entradas: number }> {
  const entries = await t.db
    .selectFrom('entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('glossary_id', '=', glossary.id)
    .where('eliminado_en', 'is', null)
    .executeTakeFirstOrThrow();
  const versions = await t.db
    .selectFrom('entry_versions')
    .innerJoin('entries', 'entries.id', 'entry_versions.entry_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('entries.glossary_id', '=', glossary.id)
    .executeTakeFirstOrThrow();
  const row = await t.db
    .selectFrom('glossaries')
    .select('num_entradas')
    .where('id', '=', glossary.id)
    .executeTakeFirstOrThrow();
  return {
    entradas: Number(entries.n),
    versiones: Number(versions.n),
    num_entradas: Number(row.num_entradas),
  };
}

/** Every live entry of a glossary through the API, as the web app reads them. */
export async function listEntries(
  t: TestApp,
  user: TestUser,
  glossary: Pick<GlossaryRow, 'nombre_seguro'>,
): Promise<Entry[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/glosarios/${glossary.nombre_seguro}/entradas`,
    headers: user.headers,
  });
  if (res.statusCode !== 200) throw new Error(`GET entradas: ${res.statusCode} ${res.body}`);
  return res.json<Entry[]>();
}
