import { describe, expect, it } from 'vitest';
import { FormatError } from '../errors.ts';
import { readImportFile } from '../read-import-file.ts';
import { compact, EN_ES, entriesOf, ES_EN, readFixture } from '../test-support/fixtures.ts';
import { detectDelimiter, readDelimited } from './read-delimited.ts';

describe('detectDelimiter', () => {
  it('picks the delimiter that splits most lines the same way', () => {
    expect(detectDelimiter('a,b,c\nd,e,f\n', ',')).toBe(',');
    expect(detectDelimiter('maná;mana;Un recurso, mágico\nvida;health;x\n', ',')).toBe(';');
    expect(detectDelimiter('a\tb, c\nd\te\n', ',')).toBe('\t');
    expect(detectDelimiter('"a,b";c\n"d,e";f\n', ',')).toBe(';');
  });

  it('falls back when no delimiter appears (a one-column file)', () => {
    expect(detectDelimiter('uno\ndos\n', '\t')).toBe('\t');
  });
});

describe('readDelimited: header pass', () => {
  it('answers the headers, the first rows and a proposed mapping for a game localisation sheet', async () => {
    const plan = await readImportFile(await readFixture('mountaincore/spanish.csv'), { formato: 'csv', ...EN_ES });
    expect(plan.tipo).toBe('cabeceras');
    if (plan.tipo !== 'cabeceras') return;
    expect(plan.cabeceras_detectadas).toEqual(['KEY', 'NOTES', 'ENGLISH', 'SPANISH']);
    expect(plan.muestra).toHaveLength(5);
    expect(plan.muestra[0]).toEqual(['ACTION.DRINK_FROM_RIVER', '', 'from river', 'del río']);
    expect(plan.sugerencia).toEqual({ KEY: 'ignorar', NOTES: 'notas', ENGLISH: 'termino.en', SPANISH: 'termino.es' });
  });

  it('detects a header row by a numeric column whose first cell is text', async () => {
    const plan = await readImportFile(await readFixture('okapi/testContent_escaped.csv'), { formato: 'csv', ...EN_ES });
    expect(plan.tipo).toBe('cabeceras');
    if (plan.tipo !== 'cabeceras') return;
    expect(plan.cabeceras_detectadas).toEqual(['ID_field', 'post_filed', 'title_field', 'excerpt_field', 'content_field']);
    // Backslash-escaped quotes come out as plain quotes, multi-line HTML in one cell.
    expect(plan.muestra[0]?.[4]).toMatch(/^<img id="__mce" class="alignright/);
    expect(plan.muestra[0]?.[4]).toContain('\n<ul>\n');
  });

  it('reads a first term over terms that are numbers as data, not as a header', async () => {
    // Our own TSV export of such a glossary: no header, one entry per line.
    for (const text of ['x\t\t\n7\t\t\n8\t\t\n', 'x\tq\t\n7\tñ\t\n7\tá\t\n']) {
      const plan = await readDelimited(text, { formato: 'tsv', ...ES_EN });
      expect(plan.tipo).toBe('entradas');
    }
  });

  it('reads a word over distinct numbers, beside another named column, as an identifier header', async () => {
    const plan = await readDelimited('Num\tPalabra\n1\tespada\n2\tescudo\n', { formato: 'tsv', ...ES_EN });
    expect(plan.tipo === 'cabeceras' && plan.cabeceras_detectadas).toEqual(['Num', 'Palabra']);
  });

  it('names blank and repeated headers so they can be mapped', async () => {
    const plan = await readDelimited('es,notes,,notes\nmaná,a,b,c\n', { formato: 'csv', ...ES_EN });
    expect(plan.tipo === 'cabeceras' && plan.cabeceras_detectadas).toEqual(['es', 'notes', 'Columna 3', 'notes (2)']);
  });
});

describe('readDelimited: mapping', () => {
  it('imports the mountaincore sheet with its mapping: 1,755 rows, 21 without Spanish', async () => {
    const { entradas, omitidos } = await entriesOf(
      readImportFile(await readFixture('mountaincore/spanish.csv'), {
        formato: 'csv',
        ...EN_ES,
        mapping: { KEY: 'ignorar', NOTES: 'notas', ENGLISH: 'termino.en', SPANISH: 'termino.es' },
      }),
    );
    expect(entradas).toHaveLength(1755);
    expect(omitidos).toBe(0);
    expect(entradas.filter((e) => e.termino?.es === null)).toHaveLength(21);
    expect(compact(entradas[2]!)).toEqual({
      termino: { en: 'Clearing {{targetPlant}}', es: 'Quitando {{plantDescription}}' },
      notas: 'E.g. “Clearing shrub”',
    });
  });

  it('skips and counts rows without a term in the mapped columns', async () => {
    const { entradas, omitidos } = await entriesOf(
      readImportFile(await readFixture('okapi/testContent_escaped.csv'), {
        formato: 'csv',
        ...EN_ES,
        mapping: { title_field: 'termino.en', excerpt_field: 'definicion', ID_field: 'ignorar' },
      }),
    );
    expect(entradas.map((e) => e.termino?.en)).toEqual([
      'Rutabaga Bloom Announces New Water Activated Testers for Squared Bolts and Components',
      'Home',
      'Company',
      'Design & Development',
      'square Manufacturing',
      'square Development',
      'Test Page',
    ]);
    expect(omitidos).toBe(2);
  });

  it('joins several columns mapped to notas with their headers', async () => {
    const { entradas } = await entriesOf(
      readDelimited('es,en,Comentario,Uso\nmaná,mana,RPG,frecuente\nvida,health,,\n', {
        formato: 'csv',
        ...ES_EN,
        mapping: { es: 'termino.es', en: 'termino.en', Comentario: 'notas', Uso: 'notas' },
      }),
    );
    expect(entradas[0]?.notas).toBe('Comentario: RPG\nUso: frecuente');
    expect(entradas[1]?.notas).toBeNull();
  });

  it('refuses a mapping to a field the card does not have, or one with no term', async () => {
    const text = 'es,en\nmaná,mana\n';
    await expect(readDelimited(text, { formato: 'csv', ...ES_EN, mapping: { es: 'termino.fr' } })).rejects.toMatchObject({
      code: 'MAPPING_INVALID',
    });
    await expect(readDelimited(text, { formato: 'csv', ...ES_EN, mapping: { es: 'notas' } })).rejects.toMatchObject({
      code: 'MAPPING_INVALID',
    });
    await expect(readDelimited(text, { formato: 'csv', ...ES_EN, mapping: { Spanish: 'termino.es' } })).rejects.toThrow(
      /«Spanish», que no está en el archivo/,
    );
  });

  it('reads a Windows-1252 semicolon file from Excel with a comment line', async () => {
    const bytes = await readFixture('own/win1252-semicolon.csv');
    const headers = await readImportFile(bytes, { formato: 'csv', ...ES_EN });
    expect(headers.codificacion).toBe('windows-1252');
    expect(headers.tipo === 'cabeceras' && headers.cabeceras_detectadas).toEqual(['Término', 'Traducción', 'Categoría', 'Notas']);
    expect(headers.tipo === 'cabeceras' && headers.sugerencia).toEqual({
      Término: 'termino.es',
      Traducción: 'termino.en',
      Categoría: 'categoria',
      Notas: 'notas',
    });
    const { entradas } = await entriesOf(
      readImportFile(bytes, {
        formato: 'csv',
        ...ES_EN,
        mapping: { Término: 'termino.es', Traducción: 'termino.en', Categoría: 'categoria', Notas: 'notas' },
      }),
    );
    expect(entradas.map(compact)).toEqual([
      { termino: { es: 'maná', en: 'mana' }, categoria: 'sustantivo', notas: '“Recurso” mágico: 5 € por poción' },
      { termino: { es: 'ñandú', en: 'rhea' }, categoria: 'sustantivo', notas: 'Ave; no confundir con «avestruz»' },
      { termino: { es: 'acción', en: 'action' }, categoria: 'sustantivo' },
      { termino: { es: 'arma; cuerpo a cuerpo', en: 'melee weapon' }, categoria: 'sintagma nominal', notas: 'Línea 1\r\nLínea 2' },
    ]);
  });
});

describe('readDelimited: a definition per language', () => {
  it('proposes each language’s definition column for its field: the base language’s is «Definición»', async () => {
    const text = 'Spanish,English,Definición (es),Definition EN\nbotín,loot,Objetos que suelta un enemigo.,Items dropped by an enemy.\n';
    const plan = await readDelimited(text, { formato: 'csv', ...ES_EN });
    expect(plan.tipo === 'cabeceras' && plan.sugerencia).toEqual({
      Spanish: 'termino.es',
      English: 'termino.en',
      'Definición (es)': 'definicion',
      'Definition EN': 'definicion_en',
    });
    // An es→en export's own columns, read into en→es: its English definition is that glossary's
    // base one, and its plain «definicion» the Spanish one.
    const swapped = await readDelimited('es,en,definicion,definicion_en\nbotín,loot,Objetos.,Items.\n', { formato: 'csv', ...EN_ES });
    expect(swapped.tipo === 'cabeceras' && swapped.sugerencia).toEqual({
      es: 'termino.es',
      en: 'termino.en',
      definicion: 'definicion_es',
      definicion_en: 'definicion',
    });
  });
});

describe("readDelimited: LudoTerm's own CSV export", () => {
  const own = [
    '\uFEFFes,en,subindice,categoria,area,mecanismo,definicion,fuente,contexto_es,contexto_en,fuente_contexto_es,fuente_contexto_en,relaciones,variante,cuestiones_traductologicas,notas',
    'espada,sword,,sustantivo,,,Arma blanca.,,,,,,,,,Tienda',
    'escudo,shield,,,,,,,,,,,,,,',
  ].join('\r\n');

  it('imports it at once: every header is a field of this card, so nothing asks to be mapped', async () => {
    const plan = await readImportFile(Buffer.from(own, 'utf8'), { formato: 'csv', ...ES_EN });
    expect(plan.tipo).toBe('entradas');
    const { entradas } = await entriesOf(plan);
    expect(entradas.map((e) => [e.termino, e.categoria, e.definicion, e.notas])).toEqual([
      [{ es: 'espada', en: 'sword' }, 'sustantivo', 'Arma blanca.', 'Tienda'],
      [{ es: 'escudo', en: 'shield' }, null, null, null],
    ]);
  });

  it('also into a glossary of the same languages the other way round, columns in any order', async () => {
    const plan = await readDelimited('notas,en,es\nTienda,sword,espada\n', { formato: 'csv', ...EN_ES });
    const { entradas } = await entriesOf(plan);
    expect(entradas.map((e) => [e.termino, e.notas])).toEqual([[{ en: 'sword', es: 'espada' }, 'Tienda']]);
  });

  it('still asks for the mapping when one header is not its own or names another language', async () => {
    const foreign = await readDelimited('es,en,Comentario\nespada,sword,x\n', { formato: 'csv', ...ES_EN });
    expect(foreign.tipo).toBe('cabeceras');
    const french = await readDelimited('es,fr,notas\nespada,épée,x\n', { formato: 'csv', ...ES_EN });
    expect(french.tipo).toBe('cabeceras');
    const noTerm = await readDelimited('definicion,notas\nArma.,x\nEscudo.,y\n', { formato: 'csv', ...ES_EN });
    expect(noTerm.tipo).toBe('cabeceras');
  });
});

describe('readDelimited: comments and files without headers', () => {
  it('drops # lines only when they have fewer fields than the data rows', async () => {
    const { entradas } = await entriesOf(
      readImportFile(await readFixture('own/comments.csv'), {
        formato: 'csv',
        ...EN_ES,
        mapping: { source: 'termino.en', target: 'termino.es', notes: 'notas' },
      }),
    );
    expect(entradas.map((e) => e.termino?.en)).toEqual(['boss', '#hashtag', 'grinding']);
  });

  it('maps a headerless file by position and removes exactly our formula prefix', async () => {
    const { entradas } = await entriesOf(readImportFile(await readFixture('own/headerless.csv'), { formato: 'csv', ...ES_EN }));
    expect(entradas.map(compact)).toEqual([
      { termino: { es: 'crafting', en: 'fabricación' } },
      { termino: { es: 'stealth', en: 'sigilo' }, notas: 'furtividad, en algunos juegos' },
      { termino: { es: '=SUM(A1)', en: '=SUMA(A1)' } },
      { termino: { es: '=cell', en: '@mention' } },
    ]);
  });

  it('removes from a tsv cell the one apostrophe our tsv export puts before a formula', async () => {
    const { entradas } = await entriesOf(
      readDelimited("'=x\t''@y\n", { formato: 'tsv', ...ES_EN }),
    );
    expect(entradas[0]?.termino).toEqual({ es: '=x', en: "'@y" });
  });

  it('reads an OmegaT glossary in UTF-16 with a labelled comment and a plain one', async () => {
    const { entradas } = await entriesOf(readImportFile(await readFixture('own/utf16le-omegat.txt'), { formato: 'tsv', ...EN_ES }));
    expect(entradas.map(compact)).toEqual([
      { termino: { en: 'save point', es: 'punto de guardado' }, definicion: 'lugar donde se guarda la partida' },
      { termino: { en: 'hit points', es: 'puntos de vida' }, notas: 'abreviado PV' },
      { termino: { en: 'loot', es: 'botín' } },
      { termino: { en: '# not a comment: three fields', es: 'comentario' }, notas: 'sí' },
    ]);
  });

  it('takes terms that happen to be label words as data, not as a header', async () => {
    const { entradas } = await entriesOf(readDelimited('área\tarea\t\nnivel\tlevel\t\n', { formato: 'tsv', ...ES_EN }));
    expect(entradas).toHaveLength(2);
  });

  it('refuses an unclosed quote with the line where it opened', async () => {
    const error = await readImportFile(await readFixture('own/unclosed-quote.csv'), {
      formato: 'csv',
      ...EN_ES,
      mapping: { term: 'termino.en', translation: 'termino.es' },
    })
      .then(entriesOf)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FormatError);
    expect((error as FormatError).code).toBe('CSV_MALFORMED');
    expect((error as FormatError).ubicacion).toEqual({ linea: 3, columna: 1 });
  });

  it('answers NOTHING_TO_IMPORT for a file with only a header', async () => {
    const plan = await readDelimited('source,target\n', { formato: 'csv', ...ES_EN, mapping: { source: 'termino.es' } });
    await expect(entriesOf(plan)).rejects.toMatchObject({ code: 'NOTHING_TO_IMPORT' });
  });
});
