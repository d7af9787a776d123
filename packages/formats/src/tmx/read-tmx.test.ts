import { readFile } from 'node:fs/promises';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { readImportFile } from '../read-import-file.ts';
import { compact, EN_ES, entriesOf, ES_EN, readFixture, sharedInterchangePath } from '../test-support/fixtures.ts';

const EN_FR = { idioma_origen: 'en', idioma_meta: 'fr' } as const;

async function readTmxFixture(bytes: Uint8Array, langs = ES_EN) {
  const plan = await readImportFile(bytes, { formato: 'tmx', ...langs });
  return entriesOf(plan);
}

describe('readTmx on real files', () => {
  it('reads the UTF-16LE compliance kit file with its DOCTYPE, dropping inline codes', async () => {
    const { entradas } = await readTmxFixture(await readFixture('okapi/ImportTest2A.tmx'), EN_FR);
    expect(entradas.map((e) => [e.termino?.en, e.termino?.fr])).toEqual([
      ['The big black cat sleeps.', 'Le gros chat noir dors.'],
      ['Test for special characters = <=lt, >=gt, &=amp, "=quot.', 'Test pour caractères spéciaux = <=lt, >=gt, &=amp, "=quot.'],
      ['Nested formatting = Bold+Italic+Underlined, Bold+Italic, Bold.', 'Format en gigogne = gras+italique+souligné, gras+italique, gras.'],
      ['First sentence.', 'Première phrase.'],
      ['Second sentence.', 'Seconde phrase.'],
      ['Picture:', 'Image:'],
      ['Some text with a part highlighted.', 'Du texte avec une portion délimitée.'],
    ]);
  });

  it('keeps the text of <sub> inside codes and collects notes and props of every level', async () => {
    const { entradas } = await readTmxFixture(await readFixture('okapi/ImportTest2C.tmx'), EN_FR);
    expect(entradas).toHaveLength(1);
    const [entry] = entradas;
    expect(entry?.termino).toEqual({ en: 'Click Start Here! to start.', fr: 'Cliquez Commencez ici ! pour commencer.' });
    expect(entry?.notas?.split('\n')).toEqual([
      'Text of tu note 1',
      'Text of tu note 2',
      'myPropeType: Data',
      '(en-us) Text of tuv en note 1',
      '(en-us) myPropeType: Data',
      '(fr) myPropeType: Data',
      '(fr) Text of tuv fr note 1',
      '(en-gb) myPropeType: Data',
      '(en-gb) Text of tuv fr note 1',
    ]);
  });

  it('reads TMX 1.1 with lang attributes in ISO-8859-1', async () => {
    const { entradas } = await readTmxFixture(await readFixture('own/tmx11-lang.tmx'), EN_ES);
    expect(entradas.map(compact)).toEqual([
      { termino: { en: 'Press to continue', es: 'Pulsa para continuar' } },
      { termino: { en: 'Options', es: 'Opciones' }, notas: 'Menú principal' },
    ]);
  });

  it('maps region variants, prefers the unit’s srclang, and skips units with neither language', async () => {
    const { entradas, omitidos } = await readTmxFixture(await readFixture('own/srclang-per-unit.tmx'), ES_EN);
    expect(entradas.map(compact)).toEqual([
      { termino: { es: 'computadora', en: 'computer' }, variante: 'ordenador' },
      { termino: { es: 'paleta de colores', en: 'colour palette' } },
      { termino: { es: 'Cargando…' }, notas: 'x-context: Pantalla de carga' },
    ]);
    expect(entradas[2]?.termino?.en).toBeNull();
    expect(omitidos).toBe(1);
  });

  it('reads a UTF-16BE file with BOM', async () => {
    const text = (await readFile(new URL('../../fixtures/own/srclang-per-unit.tmx', import.meta.url), 'utf8')).replace(
      'encoding="UTF-8"',
      'encoding="UTF-16"',
    );
    const bytes = Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(text, 'utf-16be')]);
    const { entradas } = await readTmxFixture(bytes, ES_EN);
    expect(entradas).toHaveLength(3);
    expect(entradas[1]?.termino?.es).toBe('paleta de colores');
  });

  it('reads the GPL OmegaT kit files when the shared folder is there (never committed)', async (ctx) => {
    const many = sharedInterchangePath('omegat/ImportTest1J_many.tmx');
    const utf16be = sharedInterchangePath('omegat/ImportTest1G.tmx');
    const smp = sharedInterchangePath('omegat/test-SMP.tmx');
    if (!many || !utf16be || !smp) return ctx.skip('../shared/data/interchange/omegat no está disponible');
    const first = await readTmxFixture(await readFile(many), ES_EN);
    expect(first.entradas[0]?.termino).toEqual({ es: null, en: 'First entry in US English' });
    expect(first.entradas[2]?.termino).toEqual({ es: '[not to import] Third entry in Spanish', en: '[not to import] Third entry in US English' });
    const be = await readTmxFixture(await readFile(utf16be), EN_FR);
    expect(be.entradas[0]?.termino?.en).toBe('à=agrave, é=eacute, æ=aelig');
    const astral = await readTmxFixture(await readFile(smp), EN_FR);
    expect([...(astral.entradas[0]?.termino?.en ?? '')]).toHaveLength(3);
  });

  it('reads the target language’s definition and drops those of languages the glossary does not have', async () => {
    const tmx = `<?xml version="1.0"?><tmx version="1.4"><header srclang="es"/><body>
      <tu><prop type="x-ludoterm-definicion">Objetos que suelta un enemigo.</prop>
        <prop type="x-ludoterm-definicion_en">Items dropped by an enemy.</prop>
        <prop type="x-ludoterm-definicion_fr">Objets lâchés par un ennemi.</prop>
        <prop type="x-ludoterm-contexto_fr">Le butin est rare.</prop>
        <tuv xml:lang="es"><seg>botín</seg></tuv><tuv xml:lang="en"><seg>loot</seg></tuv></tu>
    </body></tmx>`;
    const { entradas } = await readTmxFixture(new TextEncoder().encode(tmx));
    expect(compact(entradas[0]!)).toEqual({
      termino: { es: 'botín', en: 'loot' },
      definicion: 'Objetos que suelta un enemigo.',
      definicion_en: 'Items dropped by an enemy.',
    });
  });

  it('answers NOTHING_TO_IMPORT naming the languages it found', async () => {
    const plan = await readImportFile(await readFixture('okapi/ImportTest2A.tmx'), { formato: 'tmx', idioma_origen: 'es', idioma_meta: 'de' });
    await expect(entriesOf(plan)).rejects.toThrow(/Ninguna de las 7 unidades <tu> del TMX tiene texto en es ni en de \(idiomas del archivo: en-us, fr-ca\)/);
  });
});
