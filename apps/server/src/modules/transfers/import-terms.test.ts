import type { Entry } from '@ludoterm/contract';
import { expect, it } from 'vitest';
import { describeEngines } from '../../test/build-test-app.ts';
import { createGlossaryRow, createUser } from '../../test/factories.ts';
import { listEntries, postImport } from './import-test-helpers.ts';

/** Each entry's shown terms, its term list (language, term, status) and review state, by base term. */
function termsOf(entries: Entry[]) {
  return entries
    .map((e) => ({
      termino: e.termino,
      terminos: e.terminos.map((term) => [term.idioma, term.termino, term.estado]),
      estado_revision: e.estado_revision,
    }))
    .sort((a, b) => (a.termino.es ?? '').localeCompare(b.termino.es ?? ''));
}

describeEngines('CSV import and export: several terms per language', (t) => {
  it('reads a MultiTerm-style sheet through the mapping, and its CSV export imports back unchanged with no mapping', async () => {
    const owner = await createUser(t);
    const source = await createGlossaryRow(t, owner.user, { idioma_origen: 'es', idioma_meta: 'en' });
    const sheet =
      'Spanish;Spanish status;English;English status;Review\n' +
      'ataque|golpe;Preferred|Deprecated;attack;preferred;approved\n' +
      'nivel;inventado;level|lvl;preferido|admitted;\n' +
      'maná;;mana;;\n';
    const imported = await postImport(t, owner, source, {
      formato: 'csv',
      file: sheet,
      mapping: {
        Spanish: 'otros_terminos.es',
        'Spanish status': 'estados.es',
        English: 'otros_terminos.en',
        'English status': 'estados.en',
        Review: 'estado_revision',
      },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({
      importados: 3,
      omitidos: 0,
      avisos: [
        'Línea 3: el estado «inventado» del término «nivel» no es ninguno de los que LudoTerm conoce: se ha importado como admitido.',
      ],
    });
    const want = [
      {
        termino: { es: 'ataque', en: 'attack' },
        terminos: [
          ['es', 'ataque', 'preferido'],
          ['es', 'golpe', 'desaconsejado'],
          ['en', 'attack', 'preferido'],
        ],
        estado_revision: 'aprobado',
      },
      {
        termino: { es: 'maná', en: 'mana' },
        terminos: [
          ['es', 'maná', 'preferido'],
          ['en', 'mana', 'preferido'],
        ],
        estado_revision: 'borrador',
      },
      {
        // A status the file invents is kept as admitido, even for a language's only term.
        termino: { es: 'nivel', en: 'level' },
        terminos: [
          ['es', 'nivel', 'admitido'],
          ['en', 'level', 'preferido'],
          ['en', 'lvl', 'admitido'],
        ],
        estado_revision: 'borrador',
      },
    ];
    expect(termsOf(await listEntries(t, owner, source))).toEqual(want);

    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/glosarios/${source.nombre_seguro}/exportar?formato=csv`,
      headers: owner.headers,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain(',golpe,preferido | desaconsejado,,,aprobado,\r\n');

    const copy = await createGlossaryRow(t, owner.user, { idioma_origen: 'es', idioma_meta: 'en' });
    const again = await postImport(t, owner, copy, { formato: 'csv', file: exported.rawPayload });
    expect(again.statusCode, again.body).toBe(200);
    // LudoTerm's own export needs no header pass: it imports at once, with nothing to report.
    expect(again.json()).toEqual({ importados: 3, omitidos: 0 });
    expect(termsOf(await listEntries(t, owner, copy))).toEqual(want);
  });

  it('keeps a term whose status the file does not know as admitido instead of refusing the file', async () => {
    const owner = await createUser(t);
    const glossary = await createGlossaryRow(t, owner.user, { idioma_origen: 'es', idioma_meta: 'en' });
    const res = await postImport(t, owner, glossary, {
      formato: 'csv',
      file: 'es,otros_terminos_es,estados_es,en\nespada,hoja; acero,en estudio; Preferred; Forbidden,sword\n',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = termsOf(await listEntries(t, owner, glossary));
    expect(entry?.termino).toEqual({ es: 'hoja', en: 'sword' });
    expect(entry?.terminos).toEqual([
      ['es', 'espada', 'admitido'],
      ['es', 'hoja', 'preferido'],
      ['es', 'acero', 'prohibido'],
      ['en', 'sword', 'preferido'],
    ]);
  });
});
