import type { Entry, HistoryItem } from '@ludoterm/contract';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { describeEngines } from '../../test/build-test-app.ts';
import { createGlossaryRow, createUser, type TestUser } from '../../test/factories.ts';
import { checkSearchIndex } from './search-index-check.ts';

type Op = { kind: 'edit'; es: string; notas: string | null } | { kind: 'restore'; pick: number };

const text = fc
  .string({ minLength: 1, maxLength: 12 })
  .filter((s) => s.trim() !== '' && !s.includes('\u0000'));
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('edit' as const),
    es: text,
    notas: fc.option(text, { nil: null }),
  }),
  fc.record({ kind: fc.constant('restore' as const), pick: fc.nat() }),
);

/** The card fields a version is compared on. */
const snapshot = (e: Pick<Entry, 'termino' | 'notas'>) => ({
  es: e.termino.es ?? null,
  notas: e.notas,
});

describeEngines('entry history (property)', (t) => {
  let owner: TestUser;

  beforeAll(async () => {
    owner = await createUser(t, { display_name: 'Propiedad' });
  });

  it('keeps every version through any sequence of edits and restores', async () => {
    const glossary = await createGlossaryRow(t, owner.user);
    const base = `/api/glosarios/${glossary.nombre_seguro}/entradas`;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 8 }), async (ops) => {
        const created = await t.app.inject({
          method: 'POST',
          url: base,
          headers: owner.headers,
          payload: { termino: { es: 'inicial' }, notas: 'v1' },
        });
        const entry = created.json() as Entry;
        // The model: what each version must hold, in order.
        const versions = [snapshot(entry)];
        for (const step of ops) {
          if (step.kind === 'edit') {
            const res = await t.app.inject({
              method: 'PUT',
              url: `${base}/${entry.id}`,
              headers: owner.headers,
              payload: { termino: { es: step.es }, notas: step.notas },
            });
            expect(res.statusCode).toBe(200);
            versions.push(snapshot((res.json() as { entrada: Entry }).entrada));
          } else {
            const index = step.pick % versions.length;
            const res = await t.app.inject({
              method: 'POST',
              url: `${base}/${entry.id}/restaurar`,
              headers: owner.headers,
              payload: { version_index: index },
            });
            expect(res.statusCode).toBe(200);
            expect(snapshot((res.json() as { entrada: Entry }).entrada)).toEqual(versions[index]);
            versions.push(versions[index]!);
          }
        }
        const history = await t.app.inject({
          method: 'GET',
          url: `${base}/${entry.id}/historial`,
          headers: owner.headers,
        });
        const { historial } = history.json() as { historial: HistoryItem[] };
        expect(historial).toHaveLength(ops.length + 1);
        expect(historial.map((h) => h.version)).toEqual(historial.map((_, i) => i + 1));
        expect(historial.map(snapshot)).toEqual(versions);
      }),
      { numRuns: 15 },
    );
    expect(await checkSearchIndex(t.db, { glossaryId: glossary.id })).toEqual([]);
  });
});
