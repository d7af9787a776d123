import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { login, type Account } from './support/accounts.ts';

/** Entries in no particular order, with what breaks naive exports: ñ, accents, →, IPA, formulas. */
const ENTRIES = [
  { termino: { es: 'poción de maná', en: 'mana potion' }, definicion: 'Recupera puntos de maná.' },
  { termino: { es: 'ñandú', en: 'rhea' }, notas: 'IPA [ɲanˈdu]; jefe del nivel 3 → bioma árido.' },
  { termino: { es: 'árbol de talentos', en: 'skill tree' }, notas: '=SUMA(A1) no es una fórmula' },
  { termino: { es: 'nivel', en: 'level' }, subindice: 'progresión', categoria: 'sustantivo' },
];

/** A glossary with ENTRIES, created through the API as `account`. */
async function glossaryWithEntries(
  page: Page,
  account: Account,
): Promise<{ name: string; slug: string }> {
  const name = `Exportación ${Date.now().toString(36)}`;
  const { access_token } = await login(page.request, account);
  const headers = { authorization: `Bearer ${access_token}` };
  const created = await page.request.post('/api/glosarios', {
    headers,
    data: {
      nombre: name,
      idioma_origen: 'es',
      idioma_meta: 'en',
      descripcion: 'Términos de prueba: ñ, acentos, → e IPA.',
    },
  });
  expect(created.status()).toBe(201);
  const { nombre_seguro } = (await created.json()) as { nombre_seguro: string };
  for (const entry of ENTRIES) {
    const res = await page.request.post(`/api/glosarios/${nombre_seguro}/entradas`, {
      headers,
      data: entry,
    });
    expect(res.status()).toBe(201);
  }
  return { name, slug: nombre_seguro };
}

/** Exports in `format` through the page; answers the saved file's name and bytes. */
async function exportThroughPage(page: Page, format: RegExp) {
  await page.getByRole('radio', { name: format }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const download = await downloading;
  const bytes = await readFile(await download.path());
  await expect(page.getByText('Exportación completada.')).toBeVisible();
  return { name: download.suggestedFilename(), bytes };
}

test('export: CSV and PDF downloads from /exportar, named after the glossary', async ({
  editorPage: page,
  editorAccount,
}) => {
  const { name, slug } = await glossaryWithEntries(page, editorAccount);

  await page.goto('/exportar');
  await page.getByRole('button', { name: 'Exportar' }).click();
  await expect(page.getByText('Selecciona un glosario.')).toBeVisible();

  // The glossary from the selector, then CSV.
  await page.getByRole('textbox', { name: 'Glosario' }).click();
  await page.getByRole('option', { name: `${name} (es → en)` }).click();
  await expect(page).toHaveURL(new RegExp(`\\?glosario=${slug}$`));
  await expect(page.getByText('Selecciona un glosario.')).toHaveCount(0);
  const csv = await exportThroughPage(page, /^CSV/);
  expect(csv.name).toBe(`${slug}.csv`);
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.bytes.toString('utf8').slice(1).split('\r\n');
  expect(lines[0]).toMatch(/^es,en,subindice,categoria,/);
  // Spanish order: accents ignored, ñ after n.
  expect(lines.slice(1, 5).map((l) => l.split(',')[0])).toEqual([
    'árbol de talentos',
    'nivel',
    'ñandú',
    'poción de maná',
  ]);
  expect(lines[1]).toContain(`'=SUMA(A1) no es una fórmula`);
  expect(lines[3]).toContain('IPA [ɲanˈdu]; jefe del nivel 3 → bioma árido.');

  // The printable PDF.
  const pdf = await exportThroughPage(page, /^PDF/);
  expect(pdf.name).toBe(`${slug}.pdf`);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.bytes.subarray(-8).toString('latin1')).toContain('%%EOF');
  await expect(page.getByText(`Guardado como ${slug}.pdf`)).toBeVisible();
});

test('export: a glossary gone meanwhile answers ❌ with the server’s reason', async ({
  editorPage: page,
  editorAccount,
}) => {
  const { name, slug } = await glossaryWithEntries(page, editorAccount);
  await page.goto(`/exportar?glosario=${slug}`);
  await expect(page.getByRole('textbox', { name: 'Glosario' })).toHaveValue(`${name} (es → en)`);
  // Trashed from another tab before the export.
  const { access_token } = await login(page.request, editorAccount);
  const trashed = await page.request.delete(`/api/glosarios/${slug}`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  expect(trashed.ok()).toBe(true);
  await page.getByRole('radio', { name: /^TMX/ }).click();
  await page.getByRole('button', { name: 'Exportar' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'No se ha encontrado lo que buscas, o no tienes acceso.' }),
  ).toBeVisible();
});

test('export: TBX v2 and TBX v3 are offered side by side, each writing its version', async ({
  editorPage: page,
  editorAccount,
}) => {
  const { slug } = await glossaryWithEntries(page, editorAccount);
  await page.goto(`/exportar?glosario=${slug}`);
  // Both in sight at once, side by side: no second choice hidden behind «TBX».
  const v2 = page.getByRole('radio', { name: /^TBX v2 \(TBX-Basic\)/ });
  const v3 = page.getByRole('radio', { name: /^TBX v3 \(ISO 30042:2019\)/ });
  await expect(v2).toBeVisible();
  await expect(v3).toBeVisible();
  const [box2, box3] = [(await v2.boundingBox())!, (await v3.boundingBox())!];
  expect(Math.abs(box2.y - box3.y)).toBeLessThan(5);
  expect(box3.x).toBeGreaterThan(box2.x);

  const v2File = await exportThroughPage(page, /^TBX v2/);
  expect(v2File.name).toBe(`${slug}.tbx`);
  expect(v2File.bytes.toString('utf8')).toContain('<martif');
  const v3File = await exportThroughPage(page, /^TBX v3/);
  expect(v3File.name).toBe(`${slug}.tbx`);
  expect(v3File.bytes.toString('utf8')).toMatch(/<tbx [^>]*urn:iso:std:iso:30042/);
});
