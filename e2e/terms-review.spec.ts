import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

async function authOf(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  return { authorization: `Bearer ${token}` };
}

test('entries: synonyms with statuses on the card, a seed-style edit keeps them, and the owner approves', async ({
  editorPage: page,
}) => {
  const suffix = Date.now().toString(36);
  await page.goto('/entradas');
  const headers = await authOf(page);
  const created = await page.request.post('/api/glosarios', {
    data: { nombre: `Términos ${suffix}`, idioma_origen: 'es', idioma_meta: 'en' },
    headers,
  });
  const { nombre_seguro } = (await created.json()) as { nombre_seguro: string };
  const entry = await page.request.post(`/api/glosarios/${nombre_seguro}/entradas`, {
    data: {
      terminos: [
        { idioma: 'es', termino: 'puntos de salud', genero: 'masculino' },
        { idioma: 'es', termino: 'vida', estado: 'prohibido', nota_uso: 'Ambiguo en la interfaz.' },
        { idioma: 'en', termino: 'hit points' },
        { idioma: 'en', termino: 'HP', tipo: 'sigla' },
      ],
    },
    headers,
  });
  expect(entry.status()).toBe(201);

  await page.goto('/entradas');
  await page.getByPlaceholder('Buscar glosario...').fill(`términos ${suffix}`);
  await page.getByRole('button', { name: new RegExp(`Términos ${suffix}`) }).click();
  await page.getByRole('button', { name: 'Ver ficha de «puntos de salud»' }).click();
  const card = page.getByRole('article', { name: 'puntos de salud' });
  const spanish = card.getByRole('list', { name: 'Términos en es' });
  await expect(spanish.getByRole('listitem')).toHaveText([
    /puntos de salud\s*Preferido\s*masculino/,
    /vida\s*Prohibido\s*Ambiguo en la interfaz\./,
  ]);
  await expect(spanish.locator('s')).toHaveText('vida');

  // The form edits the preferred term only; the forbidden synonym stays.
  await card.getByRole('button', { name: 'Editar', exact: true }).click();
  const form = page.getByRole('form', { name: 'Editar «puntos de salud»' });
  await form.getByLabel('Término (es)').fill('puntos de vida');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Entrada actualizada.')).toBeVisible();
  const edited = page.getByRole('article', { name: 'puntos de vida' });
  await expect(
    edited.getByRole('list', { name: 'Términos en es' }).getByRole('listitem'),
  ).toHaveText([/puntos de vida\s*Preferido/, /vida\s*Prohibido/]);

  // The owner (this editor account owns the glossary) approves; the badge shows on the row.
  await edited.getByRole('button', { name: 'Aprobar: «puntos de vida»' }).click();
  await expect(edited.getByText('Aprobada').first()).toBeVisible();
  await edited.getByRole('button', { name: 'Historial', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('Versión 3');
});

test('entries: «Convertir variantes en términos» proposes the split and adds the terms only once confirmed', async ({
  editorPage: page,
}) => {
  const suffix = Date.now().toString(36);
  await page.goto('/entradas');
  const headers = await authOf(page);
  const created = await page.request.post('/api/glosarios', {
    data: { nombre: `Variantes ${suffix}`, idioma_origen: 'es', idioma_meta: 'en' },
    headers,
  });
  const { nombre_seguro } = (await created.json()) as { nombre_seguro: string };
  const entry = await page.request.post(`/api/glosarios/${nombre_seguro}/entradas`, {
    // "Maná" repeats the Spanish term but for its case: it is proposed, and not added again.
    data: { termino: { es: 'maná', en: 'mana' }, variante: 'mana; Maná; puntos de magia\nMP' },
    headers,
  });
  expect(entry.status()).toBe(201);

  await page.goto('/entradas');
  await page.getByPlaceholder('Buscar glosario...').fill(`variantes ${suffix}`);
  await page.getByRole('button', { name: new RegExp(`Variantes ${suffix}`) }).click();
  await page.getByRole('button', { name: 'Ver ficha de «maná»' }).click();
  const card = page.getByRole('article', { name: 'maná' });
  const convert = card.getByRole('button', { name: 'Convertir variantes en términos: «maná»' });

  // Cancelling changes nothing.
  await convert.click();
  const dialog = page.getByRole('dialog', { name: 'Convertir variantes en términos' });
  await expect(dialog.getByRole('listitem')).toHaveText([
    /^mana/,
    /^Maná.*Ya es un término de la entrada \(es\)/,
    /^puntos de magia/,
    /^MP/,
  ]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(convert).toBeFocused();

  await convert.click();
  await dialog.getByRole('combobox', { name: 'Idioma de «MP»' }).selectOption('en');
  await dialog.getByRole('button', { name: 'Añadir 3 términos' }).click();
  await expect(page.getByText('3 variantes convertidas en términos.')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Términos en es' }).getByRole('listitem')).toHaveText(
    [/maná\s*Preferido/, /mana\s*Admitido\s*variante/, /puntos de magia\s*Admitido\s*variante/],
  );
  await expect(card.getByRole('list', { name: 'Términos en en' }).getByRole('listitem')).toHaveText(
    [/mana\s*Preferido/, /MP\s*Admitido\s*variante/],
  );
  await expect(convert).toBeHidden();
});
