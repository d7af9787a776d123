import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

interface CreatedGlossary {
  nombre: string;
  nombre_seguro: string;
}

/** A glossary of the signed-in page's user, created through the API. */
async function createGlossary(
  page: Page,
  nombre: string,
  idioma_meta = 'en',
): Promise<CreatedGlossary> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const res = await page.request.post('/api/glosarios', {
    data: { nombre, idioma_origen: 'es', idioma_meta },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

async function entriesOf(
  api: APIRequestContext,
  page: Page,
  slug: string,
): Promise<Array<{ termino: { es: string } }>> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const res = await api.get(`/api/glosarios/${slug}/entradas`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return res.json();
}

test('entries: add, edit, history and restore, delete and undo, copy to another glossary, and /copiar', async ({
  editorPage: page,
}) => {
  const suffix = Date.now().toString(36);
  await page.goto('/entradas');
  const origin = await createGlossary(page, `Combate ${suffix}`);
  const destination = await createGlossary(page, `Destino ${suffix}`);

  // Open the glossary from its card, found with the filter.
  await page.goto('/entradas');
  await page.getByPlaceholder('Buscar glosario...').fill(`combate ${suffix}`);
  await page.getByRole('button', { name: new RegExp(`Combate ${suffix}`) }).click();
  await expect(page.getByText('Sin entradas aún')).toBeVisible();

  // Add.
  await page.getByRole('button', { name: 'Añadir entrada' }).click();
  const addForm = page.getByRole('form', { name: 'Nueva entrada' });
  await addForm.getByLabel('Término (es)').fill('espada');
  await addForm.getByLabel('Término (en)').fill('sword');
  await addForm.getByLabel('Definición', { exact: true }).fill('Arma blanca de hoja larga.');
  await addForm.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Entrada creada.')).toBeVisible();
  const card = page.getByRole('article', { name: 'espada' });
  await expect(card).toBeVisible();

  // Edit inline: author and creation date read-only.
  await card.getByRole('button', { name: 'Editar «espada»' }).click();
  const editForm = page.getByRole('form', { name: 'Editar «espada»' });
  await expect(editForm.getByLabel('Autor')).toHaveAttribute('readonly', '');
  await editForm.getByLabel('Término (en)').fill('blade');
  await editForm.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Entrada actualizada.')).toBeVisible();
  await expect(card.getByText('— blade')).toBeVisible();

  // History: the initial version and version 2; restore the initial one.
  await card.getByRole('button', { name: 'Historial de «espada»' }).click();
  const history = page.getByRole('dialog', { name: 'Historial de «espada»' });
  await expect(history.getByText('Versión inicial')).toBeVisible();
  await expect(history.getByText('Versión 2')).toBeVisible();
  await history.getByRole('button', { name: 'Restaurar: Versión inicial' }).click();
  await expect(page.getByText('Entrada restaurada correctamente.')).toBeVisible();
  await expect(card.getByText('— sword')).toBeVisible();
  await card.getByRole('button', { name: 'Historial de «espada»' }).click();
  await expect(history.getByText('Versión 3')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();

  // Delete, then undo from the toast: the same entry comes back.
  await page.getByRole('button', { name: 'Eliminar entradas' }).click();
  await page.getByRole('checkbox', { name: 'Seleccionar «espada»' }).check();
  await expect(page.getByText('1 seleccionada', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Eliminar seleccionadas' }).click();
  await expect(page.getByText('Entrada eliminada.')).toBeVisible();
  await expect(page.getByText('Sin entradas aún')).toBeVisible();
  await page.getByRole('button', { name: 'Restaurar' }).click();
  await expect(page.getByText('Entrada restaurada.')).toBeVisible();
  await expect(card).toBeVisible();

  // Copy to another glossary from the selection mode; the source is not offered.
  await page.getByRole('button', { name: 'Copiar entradas' }).click();
  await page.getByRole('checkbox', { name: 'Seleccionar todo' }).check();
  await page.getByRole('button', { name: 'Copiar seleccionadas' }).click();
  const copyDialog = page.getByRole('dialog', { name: 'Copiar entradas a otro glosario' });
  await copyDialog.getByRole('button', { name: 'Copiar' }).click();
  await expect(copyDialog.getByText('Selecciona un glosario destino.')).toBeVisible();
  await copyDialog.getByRole('textbox', { name: 'Glosario destino' }).click();
  await expect(page.getByRole('option', { name: new RegExp(`Combate ${suffix}`) })).toHaveCount(0);
  await page.getByRole('option', { name: new RegExp(`Destino ${suffix}`) }).click();
  await copyDialog.getByRole('button', { name: 'Copiar' }).click();
  await expect(copyDialog.getByText('Entrada copiada correctamente.')).toBeVisible();
  await expect(copyDialog.getByText('1 entrada copiada.')).toBeVisible();
  await copyDialog.getByRole('button', { name: 'Cerrar' }).last().click();
  expect(
    (await entriesOf(page.request, page, destination.nombre_seguro)).map((e) => e.termino.es),
  ).toEqual(['espada']);

  // /copiar: the same entry again is skipped as a duplicate; a new one is copied.
  await page.getByRole('button', { name: 'Cancelar selección' }).click();
  await page.getByRole('button', { name: 'Añadir entrada' }).click();
  await addForm.getByLabel('Término (es)').fill('escudo');
  await addForm.getByLabel('Término (en)').fill('shield');
  await addForm.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('article', { name: 'escudo' })).toBeVisible();

  await page.goto(`/copiar?origen=${origin.nombre_seguro}`);
  await page.getByRole('button', { name: 'Copiar' }).click();
  await expect(page.getByText('Selecciona glosario de origen y destino.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Glosario destino' }).click();
  await page.getByRole('option', { name: new RegExp(`Destino ${suffix}`) }).click();
  await page.getByRole('checkbox', { name: 'Seleccionar todo' }).check();
  await expect(page.getByText('2 seleccionadas')).toBeVisible();
  await page.getByRole('button', { name: 'Copiar' }).click();
  await expect(page.getByText('Entrada copiada correctamente.')).toBeVisible();
  await expect(
    page.getByText('1 entrada omitida: sus términos ya estaban en el glosario destino.'),
  ).toBeVisible();
  expect(
    (await entriesOf(page.request, page, destination.nombre_seguro)).map((e) => e.termino.es),
  ).toEqual(['escudo', 'espada']);

  // A destination of other languages is not offered, and a link naming one names none.
  const french = await createGlossary(page, `Francés ${suffix}`, 'fr');
  await page.goto(`/copiar?origen=${origin.nombre_seguro}&destino=${french.nombre_seguro}`);
  await expect(page.getByRole('textbox', { name: 'Glosario destino' })).toHaveValue('');
  await page.getByRole('textbox', { name: 'Glosario destino' }).click();
  await expect(page.getByRole('option', { name: new RegExp(`Francés ${suffix}`) })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('checkbox', { name: 'Seleccionar todo' }).check();
  await page.getByRole('button', { name: 'Copiar' }).click();
  await expect(page.getByText('Selecciona glosario de origen y destino.')).toBeVisible();
});

// Rows are measured once the browser has laid them out (virtual-entry-list.tsx): an opened
// card must still push the rows below it down, never cover them.
test('entries: an opened card pushes the rows below it down', async ({ editorPage: page }) => {
  const suffix = Date.now().toString(36);
  await page.goto('/entradas');
  const glossary = await createGlossary(page, `Armería ${suffix}`);
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  for (const [es, en] of [
    ['escudo', 'shield'],
    ['espada', 'sword'],
    ['estoque', 'rapier'],
  ]) {
    const res = await page.request.post(`/api/glosarios/${glossary.nombre_seguro}/entradas`, {
      data: { termino: { es, en }, definicion: `Definición de ${es}.` },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto('/entradas');
  await page.getByPlaceholder('Buscar glosario...').fill(`armería ${suffix}`);
  await page.getByRole('button', { name: new RegExp(`Armería ${suffix}`) }).click();
  const first = page.getByRole('article', { name: 'escudo' });
  const second = page.getByRole('article', { name: 'espada' });
  await expect(second).toBeVisible();

  await first.getByRole('button', { name: 'Ver ficha de «escudo»' }).click();
  await expect(first.getByText('Definición de escudo.')).toBeVisible();
  await expect
    .poll(async () => {
      const [a, b] = await Promise.all([first.boundingBox(), second.boundingBox()]);
      return a && b ? b.y - (a.y + a.height) : -1;
    })
    .toBeGreaterThanOrEqual(0);
});

// Keyboard users: opening a form puts them in it, and closing it puts them back where they were.
test('entries: focus follows the forms, and Escape cancels an edit', async ({
  editorPage: page,
}) => {
  const suffix = Date.now().toString(36);
  await page.goto('/entradas');
  const glossary = await createGlossary(page, `Teclado ${suffix}`);
  await page.goto(`/entradas?glosario=${glossary.nombre_seguro}`);
  await expect(page.getByText('Sin entradas aún')).toBeVisible();

  await page.getByRole('button', { name: 'Añadir entrada' }).click();
  const addForm = page.getByRole('form', { name: 'Nueva entrada' });
  await expect(addForm.getByLabel('Término (es)')).toBeFocused();
  await page.keyboard.type('lanza');
  await addForm.getByLabel('Término (en)').fill('spear');
  await addForm.getByLabel('Comentarios privados').fill('Solo para mí.');
  await addForm.getByLabel('Término (en)').press('Enter');
  await expect(page.getByRole('button', { name: 'Ver ficha de «lanza»' })).toBeFocused();

  await page.getByRole('button', { name: 'Editar «lanza»' }).click();
  const editForm = page.getByRole('form', { name: 'Editar «lanza»' });
  await expect(editForm.getByLabel('Término (es)')).toBeFocused();
  await expect(editForm.getByLabel('Comentarios privados')).toHaveValue('Solo para mí.');
  await page.keyboard.press('Escape');
  await expect(editForm).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Editar «lanza»' })).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(editForm.getByLabel('Término (es)')).toBeFocused();
  await editForm.getByLabel('Término (en)').fill('lance');
  await editForm.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Entrada actualizada.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar «lanza»' })).toBeFocused();
});
