import type { Glossary } from '@ludoterm/contract';

/** Typed API answers for the export tests. */
export const rpgGlossary: Glossary = {
  id: 1,
  nombre: 'RPG Combate',
  nombre_seguro: 'rpg-combate',
  idioma_origen: 'es',
  idioma_meta: 'en',
  descripcion: 'Términos de combate por turnos',
  propietario: 'Ana Torres',
  acceso: 'lector',
  num_entradas: 2,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
};

/** What `GET …/exportar?formato=csv` answers for it. */
export const csvExport =
  '\uFEFFes,en,subindice,categoria,area,mecanismo,definicion,fuente,contexto_es,contexto_en,' +
  'fuente_contexto_es,fuente_contexto_en,relaciones,variante,cuestiones_traductologicas,notas\r\n' +
  'ñandú,rhea,,,,,,,,,,,,,,\r\n' +
  'poción,potion,,sustantivo,,,,,,,,,,,,\r\n';

export const csvHeaders = {
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="rpg-combate.csv"; filename*=UTF-8''rpg-combate.csv`,
};

/** An error as a blob download receives it: the JSON body inside a Blob. */
export const notFoundBody = () =>
  new Blob(
    [JSON.stringify({ detail: 'El glosario no existe o no tienes acceso.', code: 'NOT_FOUND' })],
    { type: 'application/json' },
  );
