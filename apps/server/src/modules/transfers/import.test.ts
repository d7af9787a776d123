import { describe, expect, it } from 'vitest';
import { foldText } from '../../lib/text-folding.ts';
import { describeEngines } from '../../test/build-test-app.ts';
import { checkSearchIndex } from '../entries/search-index-check.ts';
import { addMemberRow, createGlossaryRow, createUser } from '../../test/factories.ts';
import { formatsFixture, glossaryCounts, listEntries, postImport } from './import-test-helpers.ts';

interface Done {
  importados: number;
  omitidos: number;
}
interface Headers {
  cabeceras_detectadas: string[];
  muestra: string[][];
  sugerencia?: Record<string, string>;
}

describeEngines('POST /glosarios/:nombre_seguro/importar', (t) => {
  async function owned(
    langs: { idioma_origen: string; idioma_meta: string } = {
      idioma_origen: 'es',
      idioma_meta: 'en',
    },
  ) {
    const owner = await createUser(t);
    const glossary = await createGlossaryRow(t, owner.user, langs);
    return { owner, glossary };
  }

  describe('TMX', () => {
    it('imports a UTF-16 TMX 1.4 with a DOCTYPE and inline codes at once, region variants mapped', async () => {
      const { owner, glossary } = await owned({ idioma_origen: 'en', idioma_meta: 'fr' });
      const res = await postImport(t, owner, glossary, {
        formato: 'tmx',
        file: formatsFixture('okapi/ImportTest2A.tmx'),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Done>()).toEqual({ importados: 7, omitidos: 0 });
      const entries = await listEntries(t, owner, glossary);
      const cat = entries.find((e) => e.termino.en === 'The big black cat sleeps.');
      expect(cat?.termino.fr).toBe('Le gros chat noir dors.');
      expect(entries.some((e) => e.termino.fr?.includes('caractères spéciaux'))).toBe(true);
      expect(await glossaryCounts(t, glossary)).toEqual({
        entradas: 7,
        versiones: 7,
        num_entradas: 7,
      });
    });

    it('skips units holding neither language and imports a unit with one of them, the other term empty', async () => {
      const { owner, glossary } = await owned();
      const tmx = `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header srclang="es" adminlang="es" datatype="plaintext" segtype="phrase" o-tmf="x" creationtool="x" creationtoolversion="1"/>
<body>
  <tu><tuv xml:lang="es-ES"><seg>poción de maná</seg></tuv><tuv xml:lang="en-GB"><seg>mana potion</seg></tuv></tu>
  <tu><tuv xml:lang="fr"><seg>potion</seg></tuv><tuv xml:lang="de"><seg>Trank</seg></tuv></tu>
  <tu><tuv xml:lang="es"><seg>ñandú</seg></tuv><tuv xml:lang="de"><seg>Nandu</seg></tuv></tu>
</body></tmx>`;
      const res = await postImport(t, owner, glossary, { formato: 'tmx', file: tmx });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Done>()).toEqual({ importados: 2, omitidos: 1 });
      const entries = await listEntries(t, owner, glossary);
      expect(entries.find((e) => e.termino.es === 'ñandú')?.termino.en).toBeNull();
      expect(entries.find((e) => e.termino.es === 'poción de maná')?.termino.en).toBe(
        'mana potion',
      );
    });
  });

  describe('TBX', () => {
    it('imports a TBX v2 export holding fourteen languages, keeping only the glossary’s two', async () => {
      const { owner, glossary } = await owned();
      const res = await postImport(t, owner, glossary, {
        formato: 'tbx',
        file: formatsFixture('okapi/medtronic_TBX.tbx'),
      });
      expect(res.statusCode, res.body).toBe(200);
      // The file marks two English terms of one concept preferred: the report names the place.
      expect(res.json<Done>()).toEqual({
        importados: 3,
        omitidos: 0,
        avisos: [
          'Entrada <termEntry> n.º 3 (id c7333), línea 607: Solo puede haber un término preferido por idioma: «clinician notification» sigue siendo el preferido (en) y «silent alert» pasa a admitido.',
        ],
      });
      const entries = await listEntries(t, owner, glossary);
      const patient = entries.find((e) => e.termino.en === 'patient identifier');
      expect(patient?.termino.es).toBe('identificador de paciente');
      expect(patient?.definicion).toMatch(/distance telemetry/);
      expect(patient?.categoria).toBe('sustantivo');
    });

    it('imports a TBX v3 (DCA) with its card fields, each language’s definition in its own', async () => {
      const { owner, glossary } = await owned();
      const res = await postImport(t, owner, glossary, {
        formato: 'tbx',
        file: formatsFixture('own/tbx3-dca.tbx'),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Done>().importados).toBe(2);
      const hitscan = (await listEntries(t, owner, glossary)).find(
        (e) => e.termino.en === 'hitscan weapon',
      );
      expect(hitscan).toMatchObject({
        termino: { es: 'arma hitscan' },
        area: 'Shooters',
        categoria: 'sustantivo',
      });
      expect(hitscan?.contexto_en).toBe('The railgun is a hitscan weapon.');
      expect(hitscan).toMatchObject({
        definicion: 'Arma cuyos disparos impactan al instante en línea recta.',
        definicion_en: 'A weapon whose shots hit instantly along a straight line.',
        fuente: 'Shooter glossary',
        notas: 'Hitscan explained (https://example.org/hitscan)',
      });
      // Searchable at once in its own field.
      const found = await t.app.inject({
        method: 'GET',
        url: `/api/buscar?definicion_en=straight%20line&glosarios=${glossary.nombre_seguro}`,
        headers: owner.headers,
      });
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json<Array<{ campo_coincidente: string }>>()).toEqual([
        expect.objectContaining({ campo_coincidente: 'definicion_en' }),
      ]);
    });

    it('imports a MultiTerm-style export whose root is not martif', async () => {
      const { owner, glossary } = await owned();
      const res = await postImport(t, owner, glossary, {
        formato: 'tbx',
        file: formatsFixture('own/multiterm-style.tbx'),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Done>().importados).toBeGreaterThan(0);
    });
  });

  describe('CSV and TSV', () => {
    it('answers the header pass of a game sheet first, writing nothing', async () => {
      const { owner, glossary } = await owned();
      const res = await postImport(t, owner, glossary, {
        formato: 'csv',
        file: formatsFixture('mountaincore/spanish.csv'),
      });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json<Headers>();
      expect(answer.cabeceras_detectadas).toEqual(['KEY', 'NOTES', 'ENGLISH', 'SPANISH']);
      expect(answer.muestra[0]).toEqual(['ACTION.DRINK_FROM_RIVER', '', 'from river', 'del río']);
      expect(answer.sugerencia).toEqual({
        KEY: 'ignorar',
        NOTES: 'notas',
        ENGLISH: 'termino.en',
        SPANISH: 'termino.es',
      });
      expect(await glossaryCounts(t, glossary)).toEqual({
        entradas: 0,
        versiones: 0,
        num_entradas: 0,
      });
    });

    it('imports the sheet with the mapping, accents intact, repeated pairs skipped and counted', async () => {
      const { owner, glossary } = await owned();
      const res = await postImport(t, owner, glossary, {
        formato: 'csv',
        file: formatsFixture('mountaincore/spanish.csv'),
        mapping: { KEY: 'ignorar', NOTES: 'notas', ENGLISH: 'termino.en', SPANISH: 'termino.es' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json<Done>();
      expect(answer.importados + answer.omitidos).toBe(1755);
      expect(answer.omitidos).toBeGreaterThan(0);
      const entries = await listEntries(t, owner, glossary);
      expect(entries).toHaveLength(answer.importados);
      const keys = new Set(
        entries.map((e) => `${foldText(e.termino.es ?? '')}|${foldText(e.termino.en ?? '')}`),
      );
      expect(keys.size).toBe(entries.length);
      const river = entries.find((e) => e.termino.en === 'from river');
      expect(river).toMatchObject({
        termino: { es: 'del río' },
        notas: null,
        autor: owner.user.email,
      });
      expect(entries.find((e) => e.termino.en === 'Clearing {{targetPlant}}')?.notas).toBe(
        'E.g. “Clearing shrub”',
      );
      expect(await glossaryCounts(t, glossary)).toMatchObject({
        entradas: answer.importados,
        num_entradas: answer.importados,
      });
    });

    it('reads a Windows-1252 file separated by semicolons with a comment line', async () => {
      const { owner, glossary } = await owned();
      const file = formatsFixture('own/win1252-semicolon.csv');
      const first = await postImport(t, owner, glossary, { formato: 'csv', file });
      expect(first.json<Headers>().cabeceras_detectadas).toEqual([
        'Término',
        'Traducción',
        'Categoría',
        'Notas',
      ]);
      const res = await postImport(t, owner, glossary, {
        formato: 'csv',
        file,
        mapping: {
          Término: 'termino.es',
          Traducción: 'termino.en',
          Categoría: 'categoria',
          Notas: 'notas',
        },
      });
      expect(res.json<Done>()).toEqual({ importados: 4, omitidos: 0 });
      const entries = await listEntries(t, owner, glossary);
      expect(entries.find((e) => e.termino.es === 'maná')?.notas).toBe(
        '“Recurso” mágico: 5 € por poción',
      );
      expect(entries.find((e) => e.termino.es === 'arma; cuerpo a cuerpo')?.notas).toMatch(
        /^Línea 1\r?\nLínea 2$/,
      );
    });

    it('imports a headerless file by position at once, removing only our export’s formula prefix', async () => {
      const { owner, glossary } = await owned({ idioma_origen: 'en', idioma_meta: 'es' });
      const res = await postImport(t, owner, glossary, {
        formato: 'csv',
        file: formatsFixture('own/headerless.csv'),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Done>().importados).toBe(4);
      const entries = await listEntries(t, owner, glossary);
      expect(entries.find((e) => e.termino.en === 'stealth')).toMatchObject({
        termino: { es: 'sigilo' },
        notas: 'furtividad, en algunos juegos',
      });
      expect(entries.find((e) => e.termino.en === '=SUM(A1)')?.termino.es).toBe('=SUMA(A1)');
    });

    it('reads a UTF-16 tab-separated file sent as tsv', async () => {
      const { owner, glossary } = await owned({ idioma_origen: 'en', idioma_meta: 'es' });
      const res = await postImport(t, owner, glossary, {
        formato: 'tsv',
        file: formatsFixture('own/utf16le-omegat.txt'),
        filename: 'memoria.txt',
      });
      expect(res.statusCode, res.body).toBe(200);
      const entries = await listEntries(t, owner, glossary);
      expect(entries.find((e) => e.termino.en === 'save point')?.termino.es).toBe(
        'punto de guardado',
      );
      expect(entries.find((e) => e.termino.en === 'loot')?.termino.es).toBe('botín');
    });

    it('skips rows whose terms already exist in the glossary or earlier in the file (folded)', async () => {
      const { owner, glossary } = await owned();
      const created = await t.app.inject({
        method: 'POST',
        url: `/api/glosarios/${glossary.nombre_seguro}/entradas`,
        headers: owner.headers,
        payload: { termino: { es: 'Poción', en: 'Potion' } },
      });
      expect(created.statusCode).toBe(201);
      const csv = 'es,en\npocion,POTION\nescudo,shield\nEscudo,Shield\nespada,\n,sword\n';
      const res = await postImport(t, owner, glossary, {
        formato: 'csv',
        file: csv,
        mapping: { es: 'termino.es', en: 'termino.en' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Done>()).toEqual({ importados: 3, omitidos: 2 });
      const entries = await listEntries(t, owner, glossary);
      expect(entries.map((e) => [e.termino.es, e.termino.en]).sort()).toEqual(
        [
          ['Poción', 'Potion'],
          ['escudo', 'shield'],
          ['espada', null],
          [null, 'sword'],
        ].sort(),
      );
      expect((await glossaryCounts(t, glossary)).num_entradas).toBe(4);
    });

    it('answers the same counts when the same file is imported twice (all duplicates)', async () => {
      const { owner, glossary } = await owned();
      const csv = 'es\ten\nbotín\tloot\n';
      const mapping = { es: 'termino.es', en: 'termino.en' };
      expect(
        (await postImport(t, owner, glossary, { formato: 'tsv', file: csv, mapping })).json<Done>(),
      ).toEqual({ importados: 1, omitidos: 0 });
      expect(
        (await postImport(t, owner, glossary, { formato: 'tsv', file: csv, mapping })).json<Done>(),
      ).toEqual({ importados: 0, omitidos: 1 });
    });

    it('runs two imports of the same file one after the other: the second finds the first’s entries', async () => {
      const { owner, glossary } = await owned();
      const csv = 'es,en\nmaná,mana\nescudo,shield\n';
      const mapping = { es: 'termino.es', en: 'termino.en' };
      const answers = await Promise.all([
        postImport(t, owner, glossary, { formato: 'csv', file: csv, mapping }),
        postImport(t, owner, glossary, { formato: 'csv', file: csv, mapping }),
      ]);
      expect(
        answers.map((r) => r.json<Done>()).sort((a, b) => b.importados - a.importados),
      ).toEqual([
        { importados: 2, omitidos: 0 },
        { importados: 0, omitidos: 2 },
      ]);
      expect(await glossaryCounts(t, glossary)).toEqual({
        entradas: 2,
        versiones: 2,
        num_entradas: 2,
      });
    });

    it('imports its own CSV export at once, with no header pass to confirm', async () => {
      const { owner, glossary } = await owned();
      const source = await createGlossaryRow(t, owner.user);
      for (const [es, en] of [
        ['espada', 'sword'],
        ['poción de maná', 'mana potion'],
      ]) {
        await t.app.inject({
          method: 'POST',
          url: `/api/glosarios/${source.nombre_seguro}/entradas`,
          headers: owner.headers,
          payload: { termino: { es, en }, notas: `nota de ${es}` },
        });
      }
      const exported = await t.app.inject({
        method: 'GET',
        url: `/api/glosarios/${source.nombre_seguro}/exportar?formato=csv`,
        headers: owner.headers,
      });
      expect(exported.statusCode).toBe(200);
      const res = await postImport(t, owner, glossary, { formato: 'csv', file: exported.body });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Done>()).toEqual({ importados: 2, omitidos: 0 });
      const entries = await listEntries(t, owner, glossary);
      expect(entries.map((e) => [e.termino.es, e.notas])).toEqual([
        ['espada', 'nota de espada'],
        ['poción de maná', 'nota de poción de maná'],
      ]);
    });

    it('sends columns mapped to notas as labelled lines', async () => {
      const { owner, glossary } = await owned();
      const csv = 'Spanish,English,Platform,Comment\nsigilo,stealth,PC,UI\n';
      const res = await postImport(t, owner, glossary, {
        formato: 'csv',
        file: csv,
        mapping: {
          Spanish: 'termino.es',
          English: 'termino.en',
          Platform: 'notas',
          Comment: 'notas',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [entry] = await listEntries(t, owner, glossary);
      expect(entry?.notas).toBe('Platform: PC\nComment: UI');
    });
  });

  describe('JSON', () => {
    it('imports the project’s own shape at once, skipping entries without the glossary’s languages', async () => {
      const { owner, glossary } = await owned();
      const res = await postImport(t, owner, glossary, {
        formato: 'json',
        file: formatsFixture('own/entries.json'),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Done>()).toEqual({ importados: 3, omitidos: 1 });
      const entries = await listEntries(t, owner, glossary);
      const saved = entries.find((e) => e.termino.es === 'partida guardada');
      // Server fields in the file (id, autor) are ignored: the importer is the author.
      expect(saved).toMatchObject({
        contexto_es: 'Se ha dañado la partida guardada.',
        autor: owner.user.email,
      });
      expect(saved?.id).not.toBe(7);
    });

    it("imports each entry's term list; an unknown status is kept as admitido and reported with its element", async () => {
      const { owner, glossary } = await owned();
      const entry = {
        termino: { es: 'puntos de salud', en: 'hit points' },
        terminos: [
          { idioma: 'es', termino: 'puntos de salud', estado: 'preferido' },
          { idioma: 'es', termino: 'vida', estado: 'desaconsejado', nota_uso: 'Ambiguo.' },
          { idioma: 'en', termino: 'hit points', estado: 'preferido' },
          { idioma: 'en', termino: 'HP', estado: 'admitido', tipo: 'sigla' },
        ],
      };
      const res = await postImport(t, owner, glossary, {
        formato: 'json',
        file: JSON.stringify([entry]),
      });
      expect(res.statusCode, res.body).toBe(200);
      const [saved] = await listEntries(t, owner, glossary);
      expect(saved!.terminos.map((x) => `${x.idioma}:${x.termino}:${x.estado}:${x.tipo}`)).toEqual([
        'es:puntos de salud:preferido:termino_completo',
        'es:vida:desaconsejado:termino_completo',
        'en:hit points:preferido:termino_completo',
        'en:HP:admitido:sigla',
      ]);
      expect(saved!.terminos[1]!.nota_uso).toBe('Ambiguo.');

      const odd = {
        termino: { es: 'maná', en: 'mana' },
        terminos: [
          { idioma: 'es', termino: 'maná', estado: 'favorito' },
          { idioma: 'en', termino: 'mana', estado: 'Preferred' },
        ],
      };
      const res2 = await postImport(t, owner, glossary, {
        formato: 'json',
        file: JSON.stringify([{ termino: { es: 'uno', en: 'one' } }, odd]),
      });
      expect(res2.statusCode, res2.body).toBe(200);
      expect(res2.json<Done & { avisos?: string[] }>().avisos).toEqual([
        'Elemento n.º 2 (línea 1): el estado «favorito» del término «maná» no es ninguno de los que LudoTerm conoce: se ha importado como admitido.',
      ]);
      const mana = (await listEntries(t, owner, glossary)).find((e) => e.termino.en === 'mana');
      expect(mana!.terminos.map((x) => `${x.idioma}:${x.termino}:${x.estado}`)).toEqual([
        'es:maná:admitido',
        'en:mana:preferido',
      ]);
    });

    it("imports a TBX-Basic concept's synonyms as terms with their statuses, none of them into the notes", async () => {
      const { owner, glossary } = await owned();
      const tbx = `<?xml version="1.0" encoding="UTF-8"?>
<martif type="TBX-Basic" xml:lang="en"><text><body>
  <termEntry id="c1">
    <langSet xml:lang="es">
      <tig><term>puntos de salud</term><termNote type="administrativeStatus">preferredTerm-admn-sts</termNote><termNote type="grammaticalGender">masculine</termNote></tig>
      <tig><term>vida</term><termNote type="administrativeStatus">deprecatedTerm-admn-sts</termNote><note>Ambiguo en la interfaz.</note></tig>
      <tig><term>PS</term><termNote type="termType">acronym</termNote><termNote type="administrativeStatus">estado-raro</termNote></tig>
    </langSet>
    <langSet xml:lang="en">
      <tig><term>HP</term><termNote type="termType">acronym</termNote><termNote type="administrativeStatus">admittedTerm-admn-sts</termNote></tig>
      <tig><term>hit points</term><termNote type="administrativeStatus">preferredTerm-admn-sts</termNote></tig>
    </langSet>
  </termEntry>
</body></text></martif>`;
      const res = await postImport(t, owner, glossary, { formato: 'tbx', file: tbx });
      expect(res.statusCode, res.body).toBe(200);
      const [saved] = await listEntries(t, owner, glossary);
      expect(saved!.termino).toEqual({ es: 'puntos de salud', en: 'hit points' });
      expect(saved!.terminos.map((x) => `${x.idioma}:${x.termino}:${x.estado}:${x.tipo}`)).toEqual([
        'es:puntos de salud:preferido:termino_completo',
        'es:vida:desaconsejado:termino_completo',
        // A status LudoTerm does not know is kept as admitted.
        'es:PS:admitido:sigla',
        // The file's order is kept: the shown term is the preferred one, not the first.
        'en:HP:admitido:sigla',
        'en:hit points:preferido:termino_completo',
      ]);
      expect(saved!.terminos[0]!.genero).toBe('masculino');
      expect(saved!.terminos[1]!.nota_uso).toBe('Ambiguo en la interfaz.');
      expect(saved!.notas).toBeNull();
      expect(saved!.variante).toBeNull();
      expect(res.json<Done & { avisos?: string[] }>().avisos).toEqual([
        'Entrada <termEntry> n.º 1 (id c1), línea 3: el estado «estado-raro» del término «PS» no es ninguno de los que LudoTerm conoce: se ha importado como admitido.',
      ]);
      expect(saved!.id_externo).toBe('c1');
    });

    it('never merges two concepts that share a term pair: both kept, the second reported as a possible duplicate', async () => {
      const { owner, glossary } = await owned();
      const concept = (id: string, extra = '') => `  <termEntry id="${id}">${extra}
    <langSet xml:lang="es"><tig><term>guardar</term></tig></langSet>
    <langSet xml:lang="en"><tig><term>save</term></tig></langSet>
  </termEntry>`;
      const origination =
        '<transacGrp><transac type="transactionType">origination</transac><transacNote type="responsibility">Ana</transacNote><date>2019-03-01</date></transacGrp>';
      const tbx = `<?xml version="1.0" encoding="UTF-8"?>
<martif type="TBX-Basic" xml:lang="en"><text><body>
${concept('m-1', origination)}
${concept('m-2')}
${concept('m-2')}
</body></text></martif>`;
      const res = await postImport(t, owner, glossary, { formato: 'tbx', file: tbx });
      expect(res.statusCode, res.body).toBe(200);
      const saved = await listEntries(t, owner, glossary);
      const byId = new Map(saved.map((e) => [e.id_externo, e]));
      // The third repeats the second's concept id: that one is a repeat, skipped.
      expect(res.json<Done>()).toMatchObject({ importados: 2, omitidos: 1 });
      expect(res.json<Done & { posibles_duplicados?: unknown }>().posibles_duplicados).toEqual([
        {
          ubicacion: 'entrada <termEntry> n.º 2 (id m-2), línea 7',
          entrada_id: byId.get('m-2')!.id,
          id_externo: 'm-2',
          termino: { es: 'guardar', en: 'save' },
          duplica_id: byId.get('m-1')!.id,
          duplica_id_externo: 'm-1',
          motivo: 'mismos_terminos',
        },
      ]);
      expect(byId.get('m-1')!.registro_original).toEqual({
        creado_por: 'Ana',
        creado_en: '2019-03-01',
        modificado_por: null,
        modificado_en: null,
      });
      // Who imported it stays the author; the file's author is the original record's.
      expect(byId.get('m-1')!.autor).not.toBe('Ana');

      // Importing the file again adds nothing: every concept id is already there.
      const again = await postImport(t, owner, glossary, { formato: 'tbx', file: tbx });
      expect(again.json<Done>()).toEqual({ importados: 0, omitidos: 3 });

      // An edit keeps the concept id and the original record.
      const first = byId.get('m-1')!;
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/glosarios/${glossary.nombre_seguro}/entradas/${first.id}`,
        headers: owner.headers,
        payload: { ...first, notas: 'Revisado.', id_externo: 'otro' },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json<{ entrada: unknown }>().entrada).toMatchObject({
        id_externo: 'm-1',
        registro_original: first.registro_original,
      });
    });

    it('keeps a known concept id that comes with other terms, reported, and lists no warning of a skipped repeat', async () => {
      const { owner, glossary } = await owned();
      const concept = (
        id: string,
        es: string,
        status = 'preferredTerm',
      ) => `  <termEntry id="${id}">
    <langSet xml:lang="es"><tig><term>${es}</term><termNote type="administrativeStatus">${status}</termNote></tig></langSet>
    <langSet xml:lang="en"><tig><term>save</term></tig></langSet>
  </termEntry>`;
      const file = (...concepts: string[]) =>
        `<?xml version="1.0" encoding="UTF-8"?>\n<martif type="TBX-Basic" xml:lang="en"><text><body>\n${concepts.join('\n')}\n</body></text></martif>`;
      const first = await postImport(t, owner, glossary, {
        formato: 'tbx',
        file: file(concept('k-1', 'guardar')),
      });
      expect(first.json<Done>()).toMatchObject({ importados: 1, omitidos: 0 });
      const [saved] = await listEntries(t, owner, glossary);

      // The same concept again, with a status LudoTerm does not know: a repeat, and nothing to report.
      // The same id with another Spanish term: perhaps a newer version, so kept and reported.
      const res = await postImport(t, owner, glossary, {
        formato: 'tbx',
        file: file(concept('k-1', 'guardar', 'oldTerm'), concept('k-1', 'grabar')),
      });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json<
        Done & { posibles_duplicados?: Array<Record<string, unknown>>; avisos?: string[] }
      >();
      expect(answer).toMatchObject({ importados: 1, omitidos: 1 });
      expect(answer.avisos ?? []).toEqual([]);
      expect(answer.posibles_duplicados).toMatchObject([
        {
          id_externo: 'k-1',
          termino: { es: 'grabar', en: 'save' },
          duplica_id: saved!.id,
          duplica_id_externo: 'k-1',
          motivo: 'mismo_identificador',
        },
      ]);
      expect((await listEntries(t, owner, glossary)).map((e) => e.termino.es).sort()).toEqual([
        'grabar',
        'guardar',
      ]);
    });

    it('skips a concept whose term pair an entry without a concept id already has, as before', async () => {
      const { owner, glossary } = await owned();
      const post = await t.app.inject({
        method: 'POST',
        url: `/api/glosarios/${glossary.nombre_seguro}/entradas`,
        headers: owner.headers,
        payload: { termino: { es: 'Guardar', en: 'save' } },
      });
      expect(post.statusCode, post.body).toBe(201);
      expect(post.json<{ id_externo: unknown }>().id_externo).toBeNull();
      const tbx = `<?xml version="1.0" encoding="UTF-8"?>
<martif type="TBX-Basic" xml:lang="en"><text><body>
  <termEntry id="x9"><langSet xml:lang="es"><tig><term>guardar</term></tig></langSet><langSet xml:lang="en"><tig><term>save</term></tig></langSet></termEntry>
</body></text></martif>`;
      const res = await postImport(t, owner, glossary, { formato: 'tbx', file: tbx });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Done>()).toEqual({ importados: 0, omitidos: 1 });
      expect(await listEntries(t, owner, glossary)).toHaveLength(1);
    });

    it('answers once indexed: every kind of search right after finds them all', async () => {
      const { owner, glossary } = await owned();
      const entries = Array.from({ length: 2000 }, (_, i) => ({
        termino: { es: `runa ${i}`, en: `rune ${i}` },
        definicion: `Glifo tallado número ${i} de la serie arcana.`,
      }));
      const res = await postImport(t, owner, glossary, {
        formato: 'json',
        file: JSON.stringify(entries),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Done>()).toEqual({ importados: 2000, omitidos: 0 });
      // Terms first (quick searches wait only for them), then the card fields.
      const quick = await t.app.inject({
        method: 'GET',
        url: `/api/buscar?termino=rune%201&glosarios=${glossary.nombre_seguro}`,
        headers: owner.headers,
      });
      expect(quick.headers['x-total-count'], quick.body).toBe('1000');
      expect(quick.json<Array<{ termino: Record<string, string> }>>()[0]!.termino.en).toBe(
        'rune 1',
      );
      const own = await t.app.inject({
        method: 'GET',
        url: `/api/glosarios/${glossary.nombre_seguro}/entradas?q=runa%2019&pagina=1&por_pagina=50`,
        headers: owner.headers,
      });
      expect(own.headers['x-total-count'], own.body).toBe('111');
      const found = await t.app.inject({
        method: 'GET',
        url: `/api/buscar?definicion=serie%20arcana&glosarios=${glossary.nombre_seguro}`,
        headers: owner.headers,
      });
      expect(found.statusCode, found.body).toBe(200);
      expect(found.headers['x-total-count']).toBe('1000');
      expect(found.headers['x-total-count-capped']).toBe('true');
      await t.app.writeGate.passed();
      expect(await checkSearchIndex(t.db)).toEqual([]);
    });

    it('answers the header pass for flat objects with foreign keys, then imports with the mapping', async () => {
      const { owner, glossary } = await owned();
      const file = formatsFixture('own/flat-objects.json');
      const first = await postImport(t, owner, glossary, { formato: 'json', file });
      expect(first.statusCode, first.body).toBe(200);
      const headers = first.json<Headers>();
      expect(headers.cabeceras_detectadas).toEqual(
        expect.arrayContaining(['English', 'Spanish', 'Comment', 'Id']),
      );
      expect(headers.sugerencia).toMatchObject({ English: 'termino.en', Spanish: 'termino.es' });
      const res = await postImport(t, owner, glossary, {
        formato: 'json',
        file,
        mapping: { English: 'termino.en', Spanish: 'termino.es', Comment: 'definicion' },
      });
      expect(res.json<Done>()).toEqual({ importados: 3, omitidos: 0 });
      const entries = await listEntries(t, owner, glossary);
      expect(entries.find((e) => e.termino.en === 'cooldown')?.definicion).toBe(
        'Also «enfriamiento»',
      );
    });
  });

  describe('the answer', () => {
    it('comes once every entry is searchable: quick, advanced and in-glossary search', async () => {
      const { owner, glossary } = await owned();
      const res = await postImport(t, owner, glossary, {
        formato: 'csv',
        file: 'es,en,notas\nmaná,mana,recurso mágico\n',
        mapping: { es: 'termino.es', en: 'termino.en', notas: 'notas' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const terms = (url: string) =>
        t.app
          .inject({ method: 'GET', url, headers: owner.headers })
          .then((r) =>
            r.json<Array<{ termino: Record<string, string> }>>().map((e) => e.termino['es']),
          );
      expect(await terms('/api/buscar?termino=mana')).toEqual(['maná']);
      expect(await terms('/api/buscar?notas=magico')).toEqual(['maná']);
      expect(await terms(`/api/glosarios/${glossary.nombre_seguro}/entradas?q=man`)).toEqual([
        'maná',
      ]);
    });
  });

  describe('the request', () => {
    it('accepts the format in capitals and an empty mapping as no mapping', async () => {
      const { owner, glossary } = await owned();
      const res = await postImport(t, owner, glossary, {
        formato: 'CSV',
        file: 'Spanish,English\nmaná,mana\n',
        mapping: {},
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Headers>().cabeceras_detectadas).toEqual(['Spanish', 'English']);
    });

    it('applies a mapping sent after the file, as curl -F sends the fields listed after it', async () => {
      const { owner, glossary } = await owned();
      const res = await postImport(t, owner, glossary, {
        formato: 'csv',
        file: 'es,en\nespada larga,long sword\nescudo,shield\n',
        mapping: { es: 'termino.es', en: 'termino.en' },
        mappingAfterFile: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Done>()).toEqual({ importados: 2, omitidos: 0 });
      const entries = await listEntries(t, owner, glossary);
      expect(entries.map((e) => e.termino.en).sort()).toEqual(['long sword', 'shield']);
    });

    it('refuses a request without a file or without a valid format', async () => {
      const { owner, glossary } = await owned();
      const noFile = await postImport(t, owner, glossary, { formato: 'csv' });
      expect(noFile.statusCode).toBe(422);
      expect(noFile.json()).toEqual({
        code: 'VALIDATION_FAILED',
        detail: 'Selecciona un archivo a importar.',
      });
      const noFormat = await postImport(t, owner, glossary, { file: 'es,en\na,b\n' });
      expect(noFormat.statusCode).toBe(422);
      expect(noFormat.json<{ detail: string }>().detail).toBe(
        'Indica el formato del archivo: csv, xlsx, tsv, json, tmx, tbx.',
      );
      const pdf = await postImport(t, owner, glossary, { formato: 'pdf', file: 'x' });
      expect(pdf.statusCode).toBe(422);
      expect(pdf.json<{ detail: string }>().detail).toMatch(/El formato «pdf» no se admite/);
    });

    it('refuses a body that is not multipart with 415', async () => {
      const { owner, glossary } = await owned();
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/glosarios/${glossary.nombre_seguro}/importar`,
        headers: owner.headers,
        payload: { formato: 'csv' },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json<{ code: string }>().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it('requires a signed-in user who may write the glossary', async () => {
      const { owner, glossary } = await owned();
      const file = 'es,en\nmaná,mana\n';
      const anonymous = await t.app.inject({
        method: 'POST',
        url: `/api/glosarios/${glossary.nombre_seguro}/importar`,
      });
      expect(anonymous.statusCode).toBe(401);
      const reader = await createUser(t);
      await addMemberRow(t, glossary, reader.user, 'lector');
      const readOnly = await postImport(t, reader, glossary, { formato: 'csv', file });
      expect(readOnly.statusCode).toBe(403);
      expect(readOnly.json<{ code: string }>().code).toBe('READ_ONLY');
      const stranger = await createUser(t);
      expect((await postImport(t, stranger, glossary, { formato: 'csv', file })).statusCode).toBe(
        404,
      );
      const editor = await createUser(t);
      await addMemberRow(t, glossary, editor.user, 'editor');
      const allowed = await postImport(t, editor, glossary, {
        formato: 'csv',
        file,
        mapping: { es: 'termino.es', en: 'termino.en' },
      });
      expect(allowed.json<Done>()).toEqual({ importados: 1, omitidos: 0 });
      expect((await listEntries(t, owner, glossary))[0]?.autor).toBe(editor.user.email);
    });
  });
});
