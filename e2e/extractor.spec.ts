import { expect, test } from './fixtures.ts';
import { login } from './support/accounts.ts';

/** A short Spanish game manual of our own, with a few clear terms. */
const TEXT = [
  'Guía rápida de la mazmorra.',
  'Al empezar la partida, el héroe aparece junto a un punto de guardado con una poción de salud en el inventario.',
  'La poción de salud recupera toda la vida del héroe, así que guárdala para el jefe final.',
  'Cada planta tiene un punto de guardado; si el héroe muere, vuelve al último punto de guardado.',
  'El jefe final vive en la última planta de la mazmorra y lanza bolas de fuego.',
  'Contra el jefe final conviene llevar dos pociones de salud y un pergamino de teletransporte.',
  'Sin una poción de salud, el jefe final gana casi siempre.',
].join('\n');

interface EntryView {
  termino: Record<string, string | null>;
  categoria: string | null;
  definicion: string | null;
  contexto_es: string | null;
  fuente_contexto_es: string | null;
}

test('extractor: pasted text → candidates → edit one → add them → they are in the glossary', async ({
  editorPage: page,
  editorAccount,
}) => {
  // A new editor is on a pro trial: the extractor is open. Its glossary comes from the API.
  const { access_token } = await login(page.request, editorAccount);
  const headers = { authorization: `Bearer ${access_token}` };
  const nombre = `Mazmorra ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/glosarios', {
    headers,
    data: { nombre, idioma_origen: 'es', idioma_meta: 'en', descripcion: null },
  });
  expect(created.ok()).toBe(true);
  const { nombre_seguro } = (await created.json()) as { nombre_seguro: string };

  // Paste the text, see its word count, process it.
  await page.goto('/extractor');
  await page.getByRole('textbox', { name: 'O pega el texto' }).fill(TEXT);
  await expect(page.getByText('102 palabras')).toBeVisible();
  await page.getByRole('button', { name: 'Procesar' }).click();
  const list = page.getByRole('list', { name: 'Candidatos encontrados' });
  await expect(list).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('region', { name: 'Estadísticas' })).toContainText('Español');
  await expect(page.getByRole('figure', { name: 'Candidatos más frecuentes' })).toBeVisible();

  // Adding needs a glossary first.
  const potionAdd = list.getByRole('button', {
    name: /^Añadir «poci(ón|ones) de salud» al glosario$/,
  });
  await potionAdd.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Selecciona un glosario primero.' }),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Glosario de destino' }).click();
  await page.getByRole('option', { name: `${nombre} (es → en)` }).click();

  // Edit one candidate and add it on its own: the notice shows for 3 seconds.
  await list.getByRole('button', { name: /^Editar «poci(ón|ones) de salud»$/ }).click();
  await list.getByLabel('Término (en)').fill('health potion');
  await list.getByLabel('Definición', { exact: true }).fill('Objeto que recupera la vida del héroe.');
  await potionAdd.click();
  const notice = page.getByText('Candidato añadido al glosario.');
  await expect(notice).toBeVisible();
  await expect(notice).toBeHidden({ timeout: 6000 });

  // Select two more and add them at once.
  await list.getByRole('checkbox', { name: 'Seleccionar «jefe final»' }).check();
  await list.getByRole('checkbox', { name: 'Seleccionar «punto de guardado»' }).check();
  await page.getByRole('button', { name: 'Añadir seleccionados' }).click();
  await expect(page.getByText('2 candidatos añadidos al glosario.')).toBeVisible();
  await expect(list.getByText('Añadido', { exact: true })).toHaveCount(3);

  // They are DocuTerm cards in the glossary, with the edits, the context and its source.
  const answer = await page.request.get(`/api/glosarios/${nombre_seguro}/entradas`, { headers });
  const entries = (await answer.json()) as EntryView[];
  expect(entries).toHaveLength(3);
  const potion = entries.find((e) => e.termino.en === 'health potion');
  expect(potion).toMatchObject({
    categoria: 'sintagma nominal',
    definicion: 'Objeto que recupera la vida del héroe.',
    fuente_contexto_es: 'Texto pegado',
  });
  expect(potion?.contexto_es).toMatch(/poci(ón|ones) de salud/i);
  expect(entries.map((e) => e.termino.es)).toEqual(
    expect.arrayContaining(['jefe final', 'punto de guardado']),
  );

  // Extracting again marks them as already in the glossary.
  await page.getByRole('button', { name: 'Procesar' }).click();
  await expect(list.getByText(`Ya en: ${nombre}`).first()).toBeVisible({ timeout: 60_000 });
});
