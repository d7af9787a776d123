import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Layout that only a real browser lays out: nothing clipped, nothing covering a control.

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`Sin caja: ${locator.toString()}`);
  return box;
}

/** Creates glossaries of the signed-in page's user through the API; returns their slugs. */
async function createGlossaries(page: Page, names: string[]): Promise<string[]> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const slugs: string[] = [];
  for (const nombre of names) {
    const res = await page.request.post('/api/glosarios', {
      data: { nombre, idioma_origen: 'es', idioma_meta: 'en' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(201);
    slugs.push(((await res.json()) as { nombre_seguro: string }).nombre_seguro);
  }
  return slugs;
}

test('phone header: the whole page title and (BETA) show on every page', async ({
  editorPage: page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [
    '/',
    '/guia',
    '/glosarios',
    '/crear',
    '/entradas',
    '/buscar',
    '/copiar',
    '/extractor',
    '/exportar',
  ]) {
    await page.goto(path);
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toContainText('(BETA)');
    // Clamped or cut text would be taller or wider than the box that shows it.
    const clipped = await title.evaluate(
      (h) => h.scrollHeight > h.clientHeight + 1 || h.scrollWidth > h.clientWidth + 1,
    );
    expect(clipped, `${path}: ${await title.textContent()}`).toBe(false);
  }
});

test('toasts cover neither the header title nor Perfil and Salir, on desktop and phone', async ({
  editorPage: page,
}) => {
  const [name] = [`Avisos ${Date.now().toString(36)}`];
  await page.goto('/entradas');
  await createGlossaries(page, [name!]);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/entradas');
    await page.getByRole('button', { name: new RegExp(name!) }).click();
    await page.getByRole('button', { name: 'Añadir entrada' }).click();
    const form = page.getByRole('form', { name: 'Nueva entrada' });
    await form.getByLabel('Término (es)').fill(`aviso ${width}`);
    await form.getByRole('button', { name: 'Guardar' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Entrada creada.' });
    await expect(toast).toBeVisible();
    const toastBox = await boxOf(toast);
    for (const control of [
      page.getByRole('heading', { level: 1 }),
      page.getByRole('banner').getByRole('link', { name: 'Perfil' }),
      page.getByRole('banner').getByRole('button', { name: 'Salir' }),
    ]) {
      expect(overlaps(toastBox, await boxOf(control)), `${width}px: ${control.toString()}`).toBe(
        false,
      );
    }
  }
});

test('phone /entradas: the glossary cards show whole, never cut through a line', async ({
  editorPage: page,
}) => {
  const tag = Date.now().toString(36);
  await page.goto('/entradas');
  await createGlossaries(
    page,
    [
      'Combate',
      'Magia arcana de los antiguos',
      'Plataformas',
      'Estrategia',
      'Sigilo',
      'Carreras',
    ].map((n) => `${n} ${tag}`),
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/entradas');
  const cards = page.getByRole('list', { name: 'Glosarios' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  // Every card the scroller shows at all shows from its top line to its bottom line.
  const cut = await page.getByRole('list', { name: 'Glosarios' }).evaluate((list) => {
    const viewport = list.closest('.mantine-ScrollArea-viewport') ?? list;
    const band = viewport.getBoundingClientRect();
    return Array.from(list.querySelectorAll(':scope > li'))
      .map((li) => ({ text: li.textContent ?? '', box: li.getBoundingClientRect() }))
      .filter(({ box }) => box.bottom > band.top && box.top < band.bottom)
      .filter(({ box }) => box.top < band.top - 1 || box.bottom > band.bottom + 1)
      .map(({ text }) => text);
  });
  expect(cut).toEqual([]);
});

test('extractor: statistics side by side without overlapping, square checkboxes, and the added notice over no filter', async ({
  editorPage: page,
}) => {
  const [name] = [`Mazmorra ${Date.now().toString(36)}`];
  await page.goto('/extractor');
  await createGlossaries(page, [name!]);
  // Enough different terms for a list longer than the screen, so the page scrolls.
  const things = ['espada', 'escudo', 'poción', 'llave', 'mapa', 'antorcha', 'cofre', 'gema'];
  const places = ['mazmorra', 'torre', 'cueva', 'aldea', 'fortaleza', 'biblioteca'];
  const text = things
    .flatMap((thing) => places.map((place) => `El héroe encuentra la ${thing} en la ${place}.`))
    .join('\n');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/extractor');
    await page.getByRole('textbox', { name: 'O pega el texto' }).fill(text);
    await page.getByRole('button', { name: 'Procesar' }).click();
    const list = page.getByRole('list', { name: 'Candidatos encontrados' });
    await expect(list).toBeVisible({ timeout: 60_000 });

    // "Stopwords: Predeterminadas" never runs into "Idioma: Español".
    const stats = page.getByRole('region', { name: 'Estadísticas' });
    await expect(stats).toContainText('Predeterminadas');
    const statBoxes = await stats.locator('dl > div').evaluateAll((items) =>
      items.map((item) => {
        const value = item.querySelector('dd')!;
        const { x, y, width, height } = item.getBoundingClientRect();
        return { box: { x, y, width, height }, spills: value.scrollWidth > value.clientWidth + 1 };
      }),
    );
    // Soft: the statistics, the checkbox and the notice each report on their own.
    expect
      .soft(
        statBoxes.filter((s) => s.spills),
        `${width}px`,
      )
      .toEqual([]);
    statBoxes.forEach((a, i) =>
      statBoxes
        .slice(i + 1)
        .forEach((b) => expect.soft(overlaps(a.box, b.box), `${width}px`).toBe(false)),
    );

    // A checkbox, not a round radio button.
    const radius = await list
      .getByRole('checkbox')
      .first()
      .evaluate((box) => parseFloat(getComputedStyle(box).borderTopLeftRadius));
    expect.soft(radius).toBeLessThanOrEqual(4);

    // The notice after adding covers no filter, even with the filters scrolled up under the
    // header, where a banner that sticks to the top of the page would sit.
    await page.getByRole('textbox', { name: 'Glosario de destino' }).click();
    await page.getByRole('option', { name: `${name} (es → en)` }).click();
    await list
      .getByRole('button', { name: /^Añadir «.+» al glosario$/ })
      .first()
      .click();
    const notice = page.getByText(
      /^(Candidato añadido al glosario|Ese candidato ya estaba en el glosario)\.$/,
    );
    await expect(notice).toBeVisible();
    const filter = page.getByRole('searchbox', { name: 'Filtrar por término' });
    await filter.evaluate((input) => window.scrollBy(0, input.getBoundingClientRect().top - 90));
    const noticeBox = await boxOf(notice);
    for (const control of [
      filter,
      page.getByRole('combobox', { name: 'Categoría' }),
      page.getByRole('textbox', { name: 'Frecuencia mínima' }).last(),
    ]) {
      if (!(await control.isVisible())) continue;
      expect(overlaps(noticeBox, await boxOf(control)), `${width}px: ${control.toString()}`).toBe(
        false,
      );
    }
  }
});
