import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** The signed-in page's API headers. */
async function authOf(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  return { authorization: `Bearer ${token}` };
}

/** A glossary of the signed-in user with `entries` ([es-or-base, target] pairs), via the API. */
async function glossary(
  page: Page,
  nombre: string,
  [idioma_origen, idioma_meta]: [string, string],
  entries: [string, string][] = [],
): Promise<string> {
  const headers = await authOf(page);
  const res = await page.request.post('/api/glosarios', {
    data: { nombre, idioma_origen, idioma_meta },
    headers,
  });
  expect(res.status()).toBe(201);
  const { nombre_seguro } = (await res.json()) as { nombre_seguro: string };
  for (const [base, target] of entries) {
    const created = await page.request.post(`/api/glosarios/${nombre_seguro}/entradas`, {
      data: { termino: { [idioma_origen]: base, [idioma_meta]: target } },
      headers,
    });
    expect(created.status()).toBe(201);
  }
  return nombre_seguro;
}

const LONG = 'sistema de progresión de habilidades compartidas entre personajes del grupo';

test('copy: /copiar offers only valid destinations, filters, and counts what it copied and skipped', async ({
  editorPage: page,
}) => {
  const tag = Date.now().toString(36);
  await page.goto('/copiar');
  const origin = await glossary(
    page,
    `Origen ${tag}`,
    ['es', 'en'],
    [
      ['espada', 'sword'],
      ['escudo', 'shield'],
      [LONG, 'shared party skill progression system'],
    ],
  );
  await glossary(page, `Destino ${tag}`, ['es', 'en']);
  await glossary(page, `Inverso ${tag}`, ['en', 'es']);
  await glossary(page, `Francés ${tag}`, ['en', 'fr']);

  await page.goto(`/copiar?origen=${origin}`);
  const destination = page.getByRole('textbox', { name: 'Glosario destino' });
  await destination.click();
  const offered = page.getByRole('option', { name: new RegExp(tag) });
  await expect(offered).toHaveText([`Destino ${tag} (es → en)`, `Inverso ${tag} (en → es)`]);
  await page.getByRole('option', { name: `Destino ${tag} (es → en)` }).click();
  // Choosing the chosen glossary again keeps it.
  await destination.click();
  await page.getByRole('option', { name: `Destino ${tag} (es → en)` }).click();
  await expect(destination).toHaveValue(`Destino ${tag} (es → en)`);

  // The filter narrows the list; ticking all ticks the matches only.
  const filter = page.getByRole('textbox', { name: 'Filtrar entradas' });
  await filter.fill('escu');
  await expect(page.getByRole('checkbox', { name: 'espada — sword' })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Seleccionar las que coinciden' }).check();
  await expect(page.getByText('1 seleccionada', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Copiar', exact: true }).click();
  await expect(page.getByText('Entrada copiada correctamente.')).toBeVisible();
  await expect(page.getByText('1 entrada copiada.')).toBeVisible();

  // All three: two copied, one skipped, each said.
  await filter.fill('');
  await page.getByRole('checkbox', { name: 'Seleccionar todo' }).check();
  await expect(page.getByText('3 seleccionadas')).toBeVisible();
  await page.getByRole('button', { name: 'Copiar', exact: true }).click();
  await expect(page.getByText('Entradas copiadas correctamente.')).toBeVisible();
  await expect(page.getByText('2 entradas copiadas.')).toBeVisible();
  await expect(
    page.getByText('1 entrada omitida: sus términos ya estaban en el glosario destino.'),
  ).toBeVisible();

  // Again: nothing is copied, and it does not say otherwise.
  await page.getByRole('button', { name: 'Copiar', exact: true }).click();
  await expect(page.getByText('No se ha copiado ninguna entrada.')).toBeVisible();
  await expect(
    page.getByText('3 entradas omitidas: sus términos ya estaban en el glosario destino.'),
  ).toBeVisible();
  await expect(page.getByText(/copiadas? correctamente/)).toHaveCount(0);

  // On a phone a long entry wraps instead of being cut at the right.
  await page.setViewportSize({ width: 390, height: 844 });
  const long = page.getByText(`${LONG} — shared party skill progression system`);
  await expect(long).toBeVisible();
  const fits = await long.evaluate((el) => ({
    inside: el.scrollWidth <= el.clientWidth + 1,
    right: el.getBoundingClientRect().right <= document.documentElement.clientWidth,
    lines: el.getBoundingClientRect().height > 30,
  }));
  expect(fits).toEqual({ inside: true, right: true, lines: true });
});

test('copy: a glossary with no valid destination says why, in the /entradas modal too', async ({
  editorPage: page,
}) => {
  const tag = Date.now().toString(36);
  await page.goto('/copiar');
  const lonely = await glossary(page, `Alemán ${tag}`, ['de', 'fr'], [['Schwert', 'épée']]);
  const why =
    'No tienes otro glosario con los idiomas de y fr en el que puedas escribir. Crea uno en «Crear / Importar» o pide permiso de edición a quien comparte el glosario.';

  await page.goto(`/copiar?origen=${lonely}`);
  await expect(page.getByText(why)).toBeVisible();

  await page.goto(`/entradas?glosario=${lonely}`);
  await page.getByRole('button', { name: 'Copiar entradas' }).click();
  await page.getByRole('checkbox', { name: 'Seleccionar todo' }).check();
  await page.getByRole('button', { name: 'Copiar seleccionadas' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copiar entradas a otro glosario' });
  await expect(dialog.getByText(why)).toBeVisible();
});
