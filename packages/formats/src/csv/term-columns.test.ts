import type { EntryInput } from '@ludoterm/contract';
import { describe, expect, it } from 'vitest';
import { collectEntries } from '../entry-stream.ts';
import { readAllText } from '../text/byte-source.ts';
import { CONCEPT_ENTRIES as ENTRIES, SAMPLE_META } from '../test-support/sample-entries.ts';
import { readDelimited } from './read-delimited.ts';
import { writeCsv } from './write-csv.ts';
import { writeTsv } from './write-tsv.ts';

/** What a reader gives back: the shown terms, the list where there is more than them, the review state. */
const READ_BACK: Partial<EntryInput>[] = [
  {
    termino: { es: 'ataque', en: 'attack' },
    terminos: [
      { idioma: 'es', termino: 'ataque', estado: 'preferido' },
      { idioma: 'es', termino: 'golpe', estado: 'desaconsejado' },
      { idioma: 'es', termino: 'acometida; embate', estado: 'admitido' },
      { idioma: 'en', termino: 'attack', estado: 'preferido' },
      { idioma: 'en', termino: 'hit', estado: 'prohibido' },
    ],
    estado_revision: 'aprobado',
    notas: 'Sinónimos con estado',
  },
  {
    termino: { es: 'nivel', en: 'level' },
    terminos: [
      { idioma: 'es', termino: 'nivel', estado: 'admitido' },
      { idioma: 'en', termino: 'level', estado: 'preferido' },
      { idioma: 'en', termino: 'lvl; tier', estado: 'admitido' },
    ],
    estado_revision: 'en_revision',
  },
  { termino: { es: 'maná', en: 'mana' }, estado_revision: 'borrador' },
];

async function readAll(text: string, formato: 'csv' | 'tsv', mapping?: Record<string, string>): Promise<EntryInput[]> {
  const plan = await readDelimited(text, { formato, ...SAMPLE_META, mapping });
  if (plan.tipo !== 'entradas') throw new Error(`se esperaban entradas: ${JSON.stringify(plan)}`);
  return (await collectEntries(plan.entradas)).entradas;
}

describe('CSV and TSV: several terms per language', () => {
  it('CSV writes each language’s other terms and every status after the seed’s columns, empty for plain cards', async () => {
    const csv = await readAllText(writeCsv(ENTRIES, SAMPLE_META));
    const [header, first, second, plain] = csv.split('\r\n');
    expect(header!.endsWith(',notas,otros_terminos_es,estados_es,otros_terminos_en,estados_en,estado_revision,definicion_en')).toBe(true);
    expect(first!.startsWith('ataque,attack,')).toBe(true);
    expect(first!.endsWith(
      ',Sinónimos con estado,golpe | acometida; embate,preferido | desaconsejado | admitido,hit,preferido | prohibido,aprobado,',
    )).toBe(true);
    // A single other term holding «;» ends in « |» so that it is not split when read.
    expect(second!.endsWith(',,admitido,lvl; tier |,preferido | admitido,en_revision,')).toBe(true);
    expect(plain!.endsWith(',,,,,borrador,')).toBe(true);
  });

  it('CSV reads its own export back without a mapping step', async () => {
    const back = await readAll(await readAllText(writeCsv(ENTRIES, SAMPLE_META)), 'csv');
    expect(back).toMatchObject(READ_BACK);
    expect(back[2]).not.toHaveProperty('terminos');
  });

  it('TSV carries them as labelled parts of the comment and reads them back', async () => {
    const tsv = await readAllText(writeTsv(ENTRIES, SAMPLE_META));
    const [first, second, plain] = tsv.split('\n');
    expect(first).toBe(
      'ataque\tattack\tNotas: Sinónimos con estado | Otros términos (es): golpe | acometida; embate | ' +
        'Estados de los términos (es): preferido | desaconsejado | admitido | Otros términos (en): hit | ' +
        'Estados de los términos (en): preferido | prohibido | Estado de revisión: aprobado',
    );
    expect(second).toContain('Otros términos (en): lvl; tier |');
    // A draft is the default state, and a plain card has nothing to add.
    expect(plain).toBe('maná\tmana\t');
    const back = await readAll(tsv, 'tsv');
    expect(back).toMatchObject([READ_BACK[0], READ_BACK[1], { termino: { es: 'maná', en: 'mana' } }]);
    expect(back[2]).not.toHaveProperty('terminos');
  });

  it('reads a MultiTerm/memoQ-style sheet: «;» and «|» cells, statuses in English, any case', async () => {
    const text =
      'Spanish,Spanish status,English,English status,Definition\n' +
      'ataque|golpe,Preferred|DEPRECATED,attack;hit;strike,preferred;superseded;forbidden,Acción ofensiva\n' +
      'escudo,,shield,,\n';
    const plan = await readDelimited(text, { formato: 'csv', ...SAMPLE_META });
    expect(plan.tipo === 'cabeceras' && plan.sugerencia).toEqual({
      Spanish: 'termino.es',
      'Spanish status': 'estados.es',
      English: 'termino.en',
      'English status': 'estados.en',
      Definition: 'definicion',
    });
    // The plain term column is never split (terms may hold «;»): the user maps these to «Otros términos».
    const back = await readAll(text, 'csv', {
      Spanish: 'otros_terminos.es',
      'Spanish status': 'estados.es',
      English: 'otros_terminos.en',
      'English status': 'estados.en',
      Definition: 'definicion',
    });
    expect(back[0]).toMatchObject({
      termino: { es: 'ataque', en: 'attack' },
      terminos: [
        { idioma: 'es', termino: 'ataque', estado: 'preferido' },
        { idioma: 'es', termino: 'golpe', estado: 'desaconsejado' },
        { idioma: 'en', termino: 'attack', estado: 'preferido' },
        { idioma: 'en', termino: 'hit', estado: 'desaconsejado' },
        { idioma: 'en', termino: 'strike', estado: 'prohibido' },
      ],
      definicion: 'Acción ofensiva',
    });
    expect(back[1]).toMatchObject({ termino: { es: 'escudo', en: 'shield' } });
    expect(back[1]).not.toHaveProperty('terminos');
  });

  it('reads repeated language columns as more terms, and never splits the term column on «;»', async () => {
    const text = 'English,English,Spanish,Estados es\nhit points,HP,puntos de vida; PV,preferido | admitido\n';
    const plan = await readDelimited(text, { formato: 'csv', ...SAMPLE_META });
    expect(plan.tipo === 'cabeceras' && plan.sugerencia).toEqual({
      English: 'termino.en',
      'English (2)': 'termino.en',
      Spanish: 'termino.es',
      'Estados es': 'estados.es',
    });
    if (plan.tipo !== 'cabeceras') return;
    const [entry] = await readAll(text, 'csv', plan.sugerencia);
    expect(entry).toMatchObject({
      termino: { es: 'puntos de vida; PV', en: 'hit points' },
      terminos: [
        { idioma: 'es', termino: 'puntos de vida; PV', estado: 'preferido' },
        { idioma: 'en', termino: 'hit points', estado: 'preferido' },
        { idioma: 'en', termino: 'HP', estado: 'admitido' },
      ],
    });
  });

  it('keeps a term with an unknown status as admitido, and the first preferred one as the shown term', async () => {
    const text = 'es,otros_terminos_es,estados_es,en,estado_revision\nespada,hoja | acero,obsoleto | Preferido | ???,sword,lista\n';
    const plan = await readDelimited(text, { formato: 'csv', ...SAMPLE_META });
    if (plan.tipo !== 'entradas') throw new Error('se esperaban entradas');
    const items = [];
    for await (const batch of plan.entradas.batches()) items.push(...batch);
    const [{ entrada: entry, avisos }] = items as [(typeof items)[number]];
    // Reported on its line, as the TBX reader reports an unknown status.
    expect(avisos).toEqual([
      'el estado «obsoleto» del término «espada» no es ninguno de los que LudoTerm conoce: se ha importado como admitido.',
      'el estado «???» del término «acero» no es ninguno de los que LudoTerm conoce: se ha importado como admitido.',
      'el estado de revisión «lista» no es borrador, en revisión ni aprobado: la entrada queda en borrador.',
    ]);
    expect(entry).toMatchObject({
      termino: { es: 'hoja', en: 'sword' },
      terminos: [
        { idioma: 'es', termino: 'espada', estado: 'admitido' },
        { idioma: 'es', termino: 'hoja', estado: 'preferido' },
        { idioma: 'es', termino: 'acero', estado: 'admitido' },
        { idioma: 'en', termino: 'sword', estado: 'preferido' },
      ],
    });
    expect(entry).not.toHaveProperty('estado_revision');
  });

  it('keeps a term once when the file repeats it but for case, says so, and quotes long text cut short', async () => {
    const long = 'x'.repeat(500);
    const text = `es,otros_terminos_es,en,otros_terminos_en\nManá,maná | MANÁ | mana,${long},${long.toUpperCase()}\n`;
    const plan = await readDelimited(text, { formato: 'csv', ...SAMPLE_META });
    if (plan.tipo !== 'entradas') throw new Error('se esperaban entradas');
    const items = [];
    for await (const batch of plan.entradas.batches()) items.push(...batch);
    const [{ entrada: entry, avisos = [] }] = items as [(typeof items)[number]];
    expect(entry.terminos?.map((t) => [t.idioma, t.termino])).toEqual([
      ['es', 'Maná'],
      ['es', 'mana'],
      ['en', long],
    ]);
    expect(avisos[0]).toBe('el término «maná» repite «Maná» salvo en mayúsculas: se guarda una vez, como «Maná».');
    expect(avisos[1]).toContain('«MANÁ» repite «Maná»');
    expect(avisos).toHaveLength(3);
    expect(avisos[2]).toContain(`«${'X'.repeat(79)}…»`);
    expect(avisos[2]!.length).toBeLessThan(400);
  });
});
