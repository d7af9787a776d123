import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** A new glossary created on /crear, which selects it as the import target; its import section. */
async function newImportTarget(page: Page, prefix: string) {
  const name = `${prefix} ${Date.now().toString(36)}`;
  await page.goto('/crear');
  await page.getByLabel('Nombre del glosario').fill(name);
  await page.getByRole('button', { name: 'Crear glosario' }).click();
  await expect(page).toHaveURL(/\?glosario=/);
  return { name, section: page.getByRole('region', { name: 'Importar', exact: true }) };
}

/** A glossary es→en made through the API as the signed-in user, with the headers to reach it. */
async function glossaryThroughApi(page: Page, prefix: string) {
  await page.goto('/crear');
  const headers = {
    authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('access_token'))}`,
  };
  const created = await page.request.post('/api/glosarios', {
    data: {
      nombre: `${prefix} ${Date.now().toString(36)}`,
      idioma_origen: 'es',
      idioma_meta: 'en',
    },
    headers,
  });
  const { nombre_seguro } = (await created.json()) as { nombre_seguro: string };
  return { slug: nombre_seguro, headers };
}

/** A spreadsheet as a translator gets it from a game's localisation team. */
const SHEET = [
  'KEY,Spanish,English,Definition,Comment',
  'ui.mana_potion,poción de maná,mana potion,Recupera puntos de maná.,Tienda',
  'ui.shield,escudo,shield,,',
  'ui.respawn,reaparición,respawn,Volver a la partida tras morir.,Multijugador',
  'ui.shield.dup,Escudo,Shield,,',
].join('\n');

test('import: a CSV with headers is mapped, imported and its entries shown on /entradas', async ({
  editorPage: page,
}) => {
  // A new glossary, selected as the import target.
  const { name, section } = await newImportTarget(page, 'Importado');
  await expect(page.getByRole('status', { name: 'Estado' })).toContainText(
    `Glosario "${name}" creado.`,
  );
  await expect(section.getByText(`${name} (es→en)`)).toBeVisible();
  const submit = section.getByRole('button', { name: 'Importar al glosario' });
  await expect(submit).toBeDisabled();

  // Drop the file (the drop zone's input): the first press answers the detected headers.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'Localizacion.CSV',
    mimeType: 'text/csv',
    buffer: Buffer.from(SHEET, 'utf8'),
  });
  await expect(section.getByText('Archivo: Localizacion.CSV')).toBeVisible();
  await submit.click();
  await expect(section.getByRole('status')).toHaveText(
    'Cabeceras detectadas. Asigna el mapeo y vuelve a pulsar Importar.',
  );
  const table = section.getByRole('table', { name: 'Mapeo de columnas' });
  await expect(table.getByText('Ejemplo: poción de maná')).toBeVisible();
  await expect(section.getByLabel('Destino de la columna «Spanish»')).toHaveValue('termino.es');
  await expect(section.getByLabel('Destino de la columna «English»')).toHaveValue('termino.en');
  await expect(section.getByLabel('Destino de la columna «KEY»')).toHaveValue('ignorar');

  // Map the rest and import: the repeated pair is skipped and counted.
  await section.getByLabel('Destino de la columna «Definition»').selectOption('definicion');
  await section
    .getByLabel('Destino de la columna «Comment»')
    .selectOption({ label: 'Redirigir a notas' });
  await submit.click();
  const done =
    'Importación completada (3 elementos). 1 omitido (repetido o sin los idiomas del glosario).';
  await expect(section.getByRole('status')).toHaveText(done);
  await expect(section.getByRole('table')).toHaveCount(0);

  // The entries are there, accents intact.
  const slug = new URL(page.url()).searchParams.get('glosario');
  await page.goto(`/entradas?glosario=${slug}`);
  await expect(page.getByText('poción de maná').first()).toBeVisible();
  await expect(page.getByText('reaparición').first()).toBeVisible();
  await expect(page.getByText('escudo', { exact: true }).first()).toBeVisible();
});

test('import: a broken file is refused with the line, and nothing is imported', async ({
  editorPage: page,
}) => {
  const { section } = await newImportTarget(page, 'Roto');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'memoria.tmx',
    mimeType: 'application/x-tmx+xml',
    buffer: Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header/><body>\n' +
        '<tu><tuv xml:lang="es"><seg>espada</seg></tuv><tuv xml:lang="en"><seg>sword</seg></tuv></tu>\n' +
        '<tu><tuv xml:lang="es"><seg>escudo</seg>\n',
    ),
  });
  await section.getByRole('button', { name: 'Importar al glosario' }).click();
  await expect(section.getByRole('status')).toContainText(
    'Error al importar: XML mal formado en la línea',
  );
  const slug = new URL(page.url()).searchParams.get('glosario');
  const res = await page.request.get(`/api/glosarios/${slug}/entradas`, {
    headers: {
      authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('access_token'))}`,
    },
  });
  expect(await res.json()).toEqual([]);
});

test('import: a file over the server limit is refused before it is sent', async ({
  editorPage: page,
}) => {
  const { section } = await newImportTarget(page, 'Grande');
  // The e2e server keeps the default limit, which the drop zone states.
  await expect(
    section.getByText(
      'Arrastra aquí un archivo CSV, TSV, Excel (XLSX), JSON, TMX o TBX (máx. 10MB)',
    ),
  ).toBeVisible();
  let posted = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/importar')) posted += 1;
  });
  await page.locator('input[type="file"]').setInputFiles({
    name: 'enorme.csv',
    mimeType: 'text/csv',
    buffer: Buffer.alloc(11 * 1024 * 1024, 'espada,sword\n'),
  });
  await expect(section.getByRole('status')).toHaveText(
    'El archivo (11 MB) supera el máximo de 10 MB que admite la importación. Divídelo en varios archivos más pequeños o pide a un administrador que amplíe el límite.',
  );
  await expect(section.getByRole('button', { name: 'Importar al glosario' })).toBeDisabled();
  expect(posted).toBe(0);
});

test("import: LudoTerm's own CSV export goes in at once, with no mapping to confirm", async ({
  editorPage: page,
}) => {
  // A glossary with two entries, exported as CSV through the API.
  const { slug: nombre_seguro, headers } = await glossaryThroughApi(page, 'Fuente');
  for (const [es, en] of [
    ['espada', 'sword'],
    ['poción de maná', 'mana potion'],
  ]) {
    await page.request.post(`/api/glosarios/${nombre_seguro}/entradas`, {
      data: { termino: { es, en }, definicion: `Definición de ${es}.` },
      headers,
    });
  }
  const exported = await page.request.get(`/api/glosarios/${nombre_seguro}/exportar?formato=csv`, {
    headers,
  });
  expect(exported.ok()).toBe(true);

  const { section } = await newImportTarget(page, 'Reimportado');
  await page.locator('input[type="file"]').setInputFiles({
    name: `${nombre_seguro}.csv`,
    mimeType: 'text/csv',
    buffer: await exported.body(),
  });
  await section.getByRole('button', { name: 'Importar al glosario' }).click();
  await expect(section.getByRole('status')).toHaveText('Importación completada (2 elementos).');
  await expect(section.getByRole('table', { name: 'Mapeo de columnas' })).toHaveCount(0);
});

test('import: an Excel (XLSX) export from /exportar goes into another glossary with its synonyms and statuses', async ({
  editorPage: page,
}) => {
  // A glossary whose entry has several terms per language, each with its status.
  const { slug, headers } = await glossaryThroughApi(page, 'Hoja');
  const entry = await page.request.post(`/api/glosarios/${slug}/entradas`, {
    data: {
      termino: { es: 'ataque', en: 'attack' },
      terminos: [
        { idioma: 'es', termino: 'ataque', estado: 'preferido' },
        { idioma: 'es', termino: 'golpe', estado: 'desaconsejado' },
        { idioma: 'en', termino: 'attack', estado: 'preferido' },
        { idioma: 'en', termino: 'hit', estado: 'prohibido' },
      ],
      notas: '=SUMA(A1) no es una fórmula',
    },
    headers,
  });
  expect(entry.status()).toBe(201);

  // Exported as «Excel (XLSX)» through the page.
  await page.goto(`/exportar?glosario=${slug}`);
  await page.getByRole('radio', { name: /^Excel \(XLSX\)/ }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${slug}.xlsx`);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

  // Dropped on another glossary's import: no mapping to confirm, every term and status kept.
  const { section } = await newImportTarget(page, 'Desde Excel');
  await page.locator('input[type="file"]').setInputFiles({
    name: `${slug}.xlsx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: bytes,
  });
  await expect(section.getByText(`Archivo: ${slug}.xlsx`)).toBeVisible();
  await section.getByRole('button', { name: 'Importar al glosario' }).click();
  await expect(section.getByRole('status')).toHaveText('Importación completada (1 elemento).');
  await expect(section.getByRole('table', { name: 'Mapeo de columnas' })).toHaveCount(0);
  const target = new URL(page.url()).searchParams.get('glosario')!;
  const listed = await page.request.get(`/api/glosarios/${target}/entradas`, { headers });
  const [imported] = (await listed.json()) as {
    terminos: { idioma: string; termino: string; estado: string }[];
    notas: string;
  }[];
  expect(imported!.terminos.map((t) => `${t.idioma}:${t.termino}:${t.estado}`)).toEqual([
    'es:ataque:preferido',
    'es:golpe:desaconsejado',
    'en:attack:preferido',
    'en:hit:prohibido',
  ]);
  expect(imported!.notas).toBe('=SUMA(A1) no es una fórmula');
});

test('import: the file is chosen with a real button, from the keyboard', async ({
  editorPage: page,
}) => {
  const { section } = await newImportTarget(page, 'Teclado');
  // No focusable element without a role: the zone itself is not in the tab order.
  await expect(section.locator('[role="presentation"][tabindex]')).toHaveCount(0);
  const choose = section.getByRole('button', { name: 'Elegir archivo' });
  await expect(choose).toHaveAccessibleDescription(
    'Arrastra aquí un archivo CSV, TSV, Excel (XLSX), JSON, TMX o TBX (máx. 10MB)',
  );
  await choose.focus();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (
    await chooser
  ).setFiles({
    name: 'glosario.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('espada,sword\nescudo,shield\n', 'utf8'),
  });
  await expect(section.getByText('Archivo: glosario.csv')).toBeVisible();
});

test('import: on a phone the mapping selects show their whole choice', async ({
  editorPage: page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { section } = await newImportTarget(page, 'Móvil');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'hoja.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(SHEET, 'utf8'),
  });
  await section.getByRole('button', { name: 'Importar al glosario' }).click();
  const select = section.getByLabel('Destino de la columna «Comment»');
  await select.selectOption({ label: 'Redirigir a notas' });
  await expect(section.getByRole('table', { name: 'Mapeo de columnas' })).toBeVisible();
  // The select is at least as wide as the widest choice in its own font, plus the arrow.
  const room = await select.evaluate((el) => {
    const s = el as HTMLSelectElement;
    const style = getComputedStyle(s);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = Math.max(...Array.from(s.options, (o) => context.measureText(o.text).width));
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    return s.clientWidth - padding - text;
  });
  expect(room).toBeGreaterThanOrEqual(0);
  // Nothing sticks out of the section.
  const table = section.getByRole('table', { name: 'Mapeo de columnas' });
  const overflow = await table.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const sectionRight = (await section.boundingBox())!;
  const tableBox = (await table.boundingBox())!;
  expect(tableBox.x + tableBox.width).toBeLessThanOrEqual(sectionRight.x + sectionRight.width);
});
