import { expect, it } from 'vitest';
import { describeEngines } from './test/build-test-app.ts';
import { createGlossaryRow, createUser } from './test/factories.ts';

const CONTROL_CHARACTERS =
  'Contiene caracteres de control (como el carácter nulo) que no se admiten. Bórralos y vuelve a intentarlo.';

describeEngines('control characters in requests', (t) => {
  it('answers a NUL in a search with a Spanish 422, not a full-text syntax error', async () => {
    const { headers, user } = await createUser(t);
    const glossary = await createGlossaryRow(t, user);
    const quick = await t.app.inject({ url: '/api/buscar?termino=ab%00cd', headers });
    expect(quick.statusCode).toBe(422);
    expect(quick.json()).toEqual({
      code: 'VALIDATION_FAILED',
      detail: `parámetro termino: ${CONTROL_CHARACTERS}`,
    });
    const advanced = await t.app.inject({ url: '/api/buscar?definicion=%00', headers });
    expect(advanced.statusCode).toBe(422);
    const within = await t.app.inject({
      url: `/api/glosarios/${glossary.nombre_seguro}/entradas?q=ab%00cd`,
      headers,
    });
    expect(within.statusCode).toBe(422);
    expect(within.json().detail).toBe(`parámetro q: ${CONTROL_CHARACTERS}`);
  });

  it('refuses a NUL in a path segment with 422', async () => {
    const { headers } = await createUser(t);
    const res = await t.app.inject({ url: '/api/glosarios/ab%00cd/entradas', headers });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('refuses a glossary name with a NUL or another control character, storing nothing', async () => {
    const { headers, user } = await createUser(t);
    for (const nombre of ['Combate\u0000', 'Com\u001bbate', 'Combate\ttáctico']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/glosarios',
        headers,
        payload: { nombre },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: 'VALIDATION_FAILED',
        detail: `nombre: ${CONTROL_CHARACTERS}`,
      });
    }
    const stored = await t.db
      .selectFrom('glossaries')
      .select('id')
      .where('owner_id', '=', user.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses a NUL in an entry field, and keeps tabs and line breaks in free text', async () => {
    const { headers, user } = await createUser(t);
    const glossary = await createGlossaryRow(t, user);
    const url = `/api/glosarios/${glossary.nombre_seguro}/entradas`;
    const refused = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { termino: { es: 'espa\u0000da', en: 'sword' } },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toBe(`termino.es: ${CONTROL_CHARACTERS}`);
    const notes = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { termino: { es: 'espada' }, notas: 'uno\u0000' },
    });
    expect(notes.statusCode).toBe(422);
    expect(notes.json().detail).toBe(`notas: ${CONTROL_CHARACTERS}`);
    const kept = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { termino: { es: 'espada' }, notas: 'uno\tdos\r\ntres' },
    });
    expect(kept.statusCode).toBe(201);
    expect(kept.json().notas).toBe('uno\tdos\r\ntres');
  });

  it('refuses a display name with a control character', async () => {
    const { headers } = await createUser(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers,
      payload: { display_name: 'Ana\u0000' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(`display_name: ${CONTROL_CHARACTERS}`);
  });
});
