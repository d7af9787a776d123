import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

interface CreatedGlossary {
  nombre: string;
  nombre_seguro: string;
}

async function tokenOf(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('access_token'))) ?? '';
}

async function createGlossary(page: Page, nombre: string): Promise<CreatedGlossary> {
  const res = await page.request.post('/api/glosarios', {
    data: { nombre, idioma_origen: 'es', idioma_meta: 'en' },
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

async function addEntry(page: Page, slug: string, entry: object): Promise<void> {
  const res = await page.request.post(`/api/glosarios/${slug}/entradas`, {
    data: entry,
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(res.status()).toBe(201);
}

test('search: find across glossaries without accents, open the card, copy it to another glossary, find the copy', async ({
  editorPage: page,
}) => {
  // A word of its own per run: the worker's account keeps the glossaries of other journeys.
  const tag = `zq${Date.now().toString(36)}`;
  await page.goto('/buscar');
  const origin = await createGlossary(page, `Pociones ${tag}`);
  const destination = await createGlossary(page, `Destino ${tag}`);
  await addEntry(page, origin.nombre_seguro, {
    termino: { es: `Poción de maná ${tag}`, en: `mana potion ${tag}` },
    subindice: 'objeto',
    definicion: 'Restaura los puntos de maná del personaje.',
  });
  await addEntry(page, origin.nombre_seguro, {
    termino: { es: `Gran poción de maná ${tag}`, en: `greater mana potion ${tag}` },
  });

  // Quick search: no accents, capitals, Enter.
  await page.reload();
  const term = page.getByRole('textbox', { name: 'Término', exact: true });
  await term.fill(`POCION DE MANA ${tag}`);
  await term.press('Enter');
  await expect(page).toHaveURL(/\/buscar\?termino=/);
  await expect(page.getByText('2 resultados')).toBeVisible();
  const results = page.getByLabel('Resultados de la búsqueda');
  const first = results.getByRole('button', { name: `Ver ficha de «Poción de maná ${tag}»` });
  const second = results.getByRole('button', { name: `Ver ficha de «Gran poción de maná ${tag}»` });
  // Prefix before word prefix; the match is marked on the original spelling.
  await expect(results.getByRole('button', { name: /^Ver ficha de/ })).toHaveText([
    new RegExp(`Poción de maná ${tag}`),
    new RegExp(`Gran poción de maná ${tag}`),
  ]);
  await expect(first.locator('mark')).toHaveText(`Poción de maná ${tag}`);
  await expect(second.locator('mark')).toHaveText(`poción de maná ${tag}`);
  await expect(first).toContainText(`Pociones ${tag} (es → en)`);

  // Open it: the whole card.
  await first.click();
  await expect(page.getByText('Restaura los puntos de maná del personaje.')).toBeVisible();
  // The card opens in a 200 ms animation that clips its bottom; a click on its button meanwhile
  // could land on nothing (3 clicks of 25 did, straight after the opening click).
  await expect(
    page.getByRole('region', { name: `Ver ficha de «Poción de maná ${tag}»` }),
  ).not.toHaveCSS('overflow', 'hidden');

  // Copy it to the other glossary.
  await page
    .getByRole('button', { name: `Copiar a otro glosario: «Poción de maná ${tag}»` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Copiar entradas a otro glosario' });
  await expect(dialog.getByText('1 entrada para copiar')).toBeVisible();
  await dialog.getByRole('button', { name: 'Copiar' }).click();
  await expect(dialog.getByText('Selecciona un glosario destino.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Glosario destino' }).click();
  await expect(page.getByRole('option', { name: new RegExp(`Pociones ${tag}`) })).toHaveCount(0);
  await page.getByRole('option', { name: `Destino ${tag} (es → en)` }).click();
  await dialog.getByRole('button', { name: 'Copiar' }).click();
  await expect(dialog.getByText('Entrada copiada correctamente.')).toBeVisible();
  await expect(dialog.getByText('1 entrada copiada.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar' }).first().click();

  // It is there: the search finds it in the destination too.
  await expect(page.getByText('3 resultados')).toBeVisible();
  await expect(results.getByText(`Destino ${tag} (es → en)`)).toBeVisible();
  const copied = await page.request.get(`/api/glosarios/${destination.nombre_seguro}/entradas`, {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  const entries = (await copied.json()) as Array<{ termino: { es: string }; definicion: string }>;
  expect(entries.map((e) => e.termino.es)).toEqual([`Poción de maná ${tag}`]);
  expect(entries[0]!.definicion).toBe('Restaura los puntos de maná del personaje.');

  // Advanced search on one field, and nothing found.
  await page.getByRole('textbox', { name: 'Campo' }).click();
  await page.getByRole('option', { name: 'Definición', exact: true }).click();
  await page.getByRole('textbox', { name: 'Valor' }).fill('PUNTOS DE MANA');
  await page.getByRole('button', { name: 'Buscar en el campo' }).click();
  await expect(page).toHaveURL(/campo=definicion/);
  await expect(
    results.getByRole('button', { name: new RegExp(`Poción de maná ${tag}`) }),
  ).toHaveCount(2);
  await expect(results.getByText('Coincidencia en Definición').first()).toBeVisible();

  await term.fill(`${tag}xyz`);
  await term.press('Enter');
  await expect(page.getByText('No se encontraron resultados.')).toBeVisible();
});

test('search: an empty search leaves no stale results, and a card shows its private comments', async ({
  editorPage: page,
}) => {
  const tag = `zp${Date.now().toString(36)}`;
  await page.goto('/buscar');
  const glossary = await createGlossary(page, `Privados ${tag}`);
  await addEntry(page, glossary.nombre_seguro, {
    termino: { es: `cofre ${tag}`, en: `chest ${tag}` },
    comentarios_privados: 'Revisar con QA.',
  });

  await page.goto(`/buscar?termino=${tag}`);
  await expect(page.getByText('1 resultado')).toBeVisible();
  const results = page.getByLabel('Resultados de la búsqueda');
  await results.getByRole('button', { name: `Ver ficha de «cofre ${tag}»` }).click();
  await expect(results.getByText('Comentarios privados')).toBeVisible();
  await expect(results.getByText('Revisar con QA.')).toBeVisible();

  const term = page.getByRole('textbox', { name: 'Término', exact: true });
  await term.fill('');
  await term.press('Enter');
  await expect(
    page.getByText('Escribe un término o un subíndice, o elige un campo y escribe un valor.'),
  ).toBeVisible();
  await expect(page.getByText('1 resultado')).toHaveCount(0);
  await expect(results).toHaveCount(0);
});
