import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GlossaryRow } from '../../db/schema.ts';
import { describeEngines } from '../../test/build-test-app.ts';
import { createGlossaryRow, createUser, type TestUser } from '../../test/factories.ts';
import {
  formatsFixture,
  glossaryCounts,
  postImport,
  type ImportRequest,
} from './import-test-helpers.ts';

// Every hostile or broken file is refused with a Spanish detail that says what is wrong and
// where, and the glossary is left exactly as it was: the import is all or nothing.

interface Refusal {
  name: string;
  request: ImportRequest;
  status: number;
  code: string;
  detail: RegExp;
}

const LONG = 'a'.repeat(20_001);

const refusals: Refusal[] = [
  {
    name: 'entity expansion (billion laughs) in a TMX',
    request: { formato: 'tmx', file: formatsFixture('own/billion-laughs.tmx') },
    status: 422,
    code: 'INVALID_FILE',
    detail: /ENTITY/,
  },
  {
    name: 'cyclic entities',
    request: { formato: 'tmx', file: formatsFixture('defusedxml/cyclic.xml') },
    status: 422,
    code: 'INVALID_FILE',
    detail: /ENTITY/,
  },
  {
    name: 'quadratic blow-up',
    request: { formato: 'tbx', file: formatsFixture('defusedxml/quadratic.xml') },
    status: 422,
    code: 'INVALID_FILE',
    detail: /ENTITY/,
  },
  {
    name: 'an external entity pointing at a URL',
    request: { formato: 'tmx', file: formatsFixture('defusedxml/external.xml') },
    status: 422,
    code: 'INVALID_FILE',
    detail: /ENTITY/,
  },
  {
    name: 'an external entity reading /etc/passwd in a TBX',
    request: { formato: 'tbx', file: formatsFixture('own/external-entity.tbx') },
    status: 422,
    code: 'INVALID_FILE',
    detail: /ENTITY/,
  },
  {
    name: 'a parameter entity',
    request: { formato: 'tmx', file: formatsFixture('own/parameter-entity.tmx') },
    status: 422,
    code: 'INVALID_FILE',
    detail: /ENTITY/,
  },
  {
    name: 'an undefined entity, named with its line',
    request: { formato: 'tmx', file: formatsFixture('own/undefined-entity.tmx') },
    status: 422,
    code: 'INVALID_FILE',
    detail: /&nbsp;.*l[ií]nea 5|l[ií]nea 5.*&nbsp;/is,
  },
  {
    name: 'a truncated TMX, after valid units',
    request: { formato: 'tmx', file: formatsFixture('own/truncated.tmx') },
    status: 422,
    code: 'INVALID_FILE',
    detail: /línea \d+/,
  },
  {
    name: 'a truncated TBX',
    request: { formato: 'tbx', file: formatsFixture('own/truncated.tbx') },
    status: 422,
    code: 'INVALID_FILE',
    detail: /línea \d+/,
  },
  {
    name: 'a truncated JSON',
    request: { formato: 'json', file: formatsFixture('own/truncated.json') },
    status: 422,
    code: 'INVALID_FILE',
    detail: /línea \d+/,
  },
  {
    name: 'malformed JSON',
    request: { formato: 'json', file: formatsFixture('own/missing-comma.json') },
    status: 422,
    code: 'INVALID_FILE',
    detail: /línea \d+/,
  },
  {
    name: 'an unclosed quote in a CSV',
    request: { formato: 'csv', file: formatsFixture('own/unclosed-quote.csv') },
    status: 422,
    code: 'INVALID_FILE',
    detail: /comillas|línea/i,
  },
  {
    name: 'an empty file',
    request: { formato: 'tmx', file: formatsFixture('own/empty.tmx') },
    status: 422,
    code: 'NOTHING_TO_IMPORT',
    detail: /vac[ií]o|nada que importar/i,
  },
  {
    name: 'a file of blank lines',
    request: { formato: 'csv', file: formatsFixture('own/blank.csv') },
    status: 422,
    code: 'NOTHING_TO_IMPORT',
    detail: /nada que importar/,
  },
  {
    name: 'a TMX whose units hold neither of the glossary’s languages',
    request: {
      formato: 'tmx',
      file: '<tmx version="1.4"><header srclang="fr"/><body><tu><tuv xml:lang="fr"><seg>épée</seg></tuv><tuv xml:lang="de"><seg>Schwert</seg></tuv></tu></body></tmx>',
    },
    status: 422,
    code: 'NOTHING_TO_IMPORT',
    detail: /\S/,
  },
  {
    name: 'a declared encoding the bytes contradict',
    request: {
      formato: 'tmx',
      file: Buffer.concat([
        Buffer.from(
          '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header/><body>\n<tu><tuv xml:lang="es"><seg>',
        ),
        Buffer.from('poci\xf3n', 'latin1'),
        Buffer.from('</seg></tuv></tu></body></tmx>'),
      ]),
    },
    status: 422,
    code: 'INVALID_FILE',
    detail: /UTF-8.*línea 3|línea 3.*UTF-8/s,
  },
  {
    name: 'UTF-32',
    request: {
      formato: 'csv',
      file: Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), Buffer.from('e\0\0\0s\0\0\0')]),
    },
    status: 422,
    code: 'INVALID_FILE',
    detail: /UTF-32/,
  },
  {
    name: 'a TBX sent as TMX',
    request: { formato: 'tmx', file: formatsFixture('own/tbx3-dct.tbx') },
    status: 422,
    code: 'FORMAT_MISMATCH',
    detail: /Has elegido el formato TMX, pero el contenido del archivo es TBX/,
  },
  {
    name: 'JSON sent as CSV',
    request: { formato: 'csv', file: formatsFixture('own/entries.json') },
    status: 422,
    code: 'FORMAT_MISMATCH',
    detail: /JSON/,
  },
  {
    name: 'a spreadsheet (.xlsx) sent as CSV',
    request: {
      formato: 'csv',
      file: Buffer.concat([
        Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00]),
        Buffer.from('[Content_Types].xml'),
      ]),
    },
    status: 422,
    code: 'FORMAT_MISMATCH',
    detail: /parece ZIP.*CSV UTF-8/,
  },
  {
    name: 'a mapping to a field the card does not have',
    request: {
      formato: 'csv',
      file: 'es,en\nmaná,mana\n',
      mapping: { es: 'termino.es', en: 'termino.fr' },
    },
    status: 422,
    code: 'VALIDATION_FAILED',
    detail: /«en» está asignada a «termino.fr», que no es un campo de la ficha/,
  },
  {
    name: 'a mapping naming a column the file does not have',
    request: {
      formato: 'csv',
      file: 'es,en\nmaná,mana\n',
      mapping: { es: 'termino.es', Inglés: 'termino.en' },
    },
    status: 422,
    code: 'VALIDATION_FAILED',
    detail: /«Inglés», que no está en el archivo/,
  },
  {
    name: 'a mapping with no term column',
    request: {
      formato: 'csv',
      file: 'es,en\nmaná,mana\n',
      mapping: { es: 'notas', en: 'ignorar' },
    },
    status: 422,
    code: 'VALIDATION_FAILED',
    detail: /ninguna columna a un término/,
  },
  {
    name: 'a mapping that is not JSON',
    request: { formato: 'csv', file: 'es,en\nmaná,mana\n', mapping: '{es: termino.es' },
    status: 422,
    code: 'VALIDATION_FAILED',
    detail: /mapping_json\) no es JSON válido/,
  },
  {
    name: 'a mapping that is not an object of texts',
    request: { formato: 'csv', file: 'es,en\nmaná,mana\n', mapping: '["termino.es"]' },
    status: 422,
    code: 'VALIDATION_FAILED',
    detail: /debe ser un objeto/,
  },
  {
    name: 'a CSV field over 20,000 characters, after valid rows, naming its line',
    request: {
      formato: 'csv',
      file: `es,en,definicion\nmaná,mana,Recurso\nescudo,shield,${LONG}\nespada,sword,\n`,
      mapping: { es: 'termino.es', en: 'termino.en', definicion: 'definicion' },
    },
    status: 422,
    code: 'VALIDATION_FAILED',
    detail: /^Línea 3: El campo «Definición» no puede superar 20\.000 caracteres\.$/,
  },
  {
    // Entries are written while the file is still being read: these 6,000 are in the
    // database, uncommitted, when the bad row comes.
    name: 'a CSV field over 20,000 characters after 6,000 valid rows, naming its line',
    request: {
      formato: 'csv',
      file: `es,en,definicion\n${Array.from({ length: 6000 }, (_, i) => `maná ${i},mana ${i},Recurso\n`).join('')}escudo,shield,${LONG}\n`,
      mapping: { es: 'termino.es', en: 'termino.en', definicion: 'definicion' },
    },
    status: 422,
    code: 'VALIDATION_FAILED',
    detail: /^Línea 6002: El campo «Definición» no puede superar 20\.000 caracteres\.$/,
  },
  {
    name: 'a TMX segment over 20,000 characters, naming its unit',
    request: {
      formato: 'tmx',
      file: `<tmx version="1.4"><header srclang="es"/><body>
<tu><tuv xml:lang="es"><seg>maná</seg></tuv><tuv xml:lang="en"><seg>mana</seg></tuv></tu>
<tu><tuv xml:lang="es"><seg>${LONG}</seg></tuv><tuv xml:lang="en"><seg>long</seg></tuv></tu>
</body></tmx>`,
    },
    status: 422,
    code: 'VALIDATION_FAILED',
    detail:
      /^Unidad <tu> n\.º 2 \(línea 3\): El campo «Término \(es\)» no puede superar 20\.000 caracteres\.$/,
  },
];

describeEngines('POST /glosarios/:nombre_seguro/importar refuses hostile and broken files', (t) => {
  let owner: TestUser;
  let glossary: GlossaryRow;

  beforeAll(async () => {
    owner = await createUser(t);
    glossary = await createGlossaryRow(t, owner.user, { idioma_origen: 'es', idioma_meta: 'en' });
    // The glossary already holds an entry: a refused import must leave it exactly as it is.
    const res = await postImport(t, owner, glossary, {
      formato: 'csv',
      file: 'es,en\nbotín,loot\n',
      mapping: { es: 'termino.es', en: 'termino.en' },
    });
    expect(res.json()).toEqual({ importados: 1, omitidos: 0 });
  });

  describe.each(refusals)('$name', ({ request, status, code, detail }) => {
    it(`answers ${status} ${code} in Spanish and writes nothing`, async () => {
      const before = await glossaryCounts(t, glossary);
      const res = await postImport(t, owner, glossary, request);
      expect(res.statusCode, res.body).toBe(status);
      const body = res.json<{ code: string; detail: string }>();
      expect(body.code).toBe(code);
      expect(body.detail).toMatch(detail);
      expect(await glossaryCounts(t, glossary)).toEqual(before);
      expect(before).toEqual({ entradas: 1, versiones: 1, num_entradas: 1 });
      expect(readdirSync(join(t.config.DATA_DIR, 'tmp', 'importaciones'))).toEqual([]);
    });
  });
});

describeEngines(
  'POST /glosarios/:nombre_seguro/importar with IMPORT_MAX_BYTES',
  (t) => {
    it('refuses a file over the limit with 413 stating the limit, writing nothing', async () => {
      const owner = await createUser(t);
      const glossary = await createGlossaryRow(t, owner.user);
      const rows = Array.from({ length: 400 }, (_, i) => `término ${i},term ${i}`).join('\n');
      const res = await postImport(t, owner, glossary, {
        formato: 'csv',
        file: `es,en\n${rows}\n`,
        mapping: { es: 'termino.es', en: 'termino.en' },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        detail:
          'El archivo supera el máximo de 4 KiB que admite la importación. Divídelo en varios archivos más pequeños o pide a un administrador que amplíe el límite.',
      });
      expect(await glossaryCounts(t, glossary)).toEqual({
        entradas: 0,
        versiones: 0,
        num_entradas: 0,
      });
    });

    it('accepts a file of exactly the limit', async () => {
      const owner = await createUser(t);
      const glossary = await createGlossaryRow(t, owner.user);
      const head = 'es,en\nmaná,mana\n';
      const file = head + ' '.repeat(4096 - Buffer.byteLength(head));
      expect(Buffer.byteLength(file)).toBe(4096);
      const res = await postImport(t, owner, glossary, {
        formato: 'csv',
        file,
        mapping: { es: 'termino.es', en: 'termino.en' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ importados: 1, omitidos: 0 });
    });
  },
  { IMPORT_MAX_BYTES: '4096' },
);
