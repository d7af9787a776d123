import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ADMIN, login } from './support/accounts.ts';

// axe-core over every route of apps/web/src/app/router.tsx, signed out and signed in, at
// desktop and phone width, with the states a user opens (modals, menus, results, toasts).
// Each test walks its pages once and lists every serious or critical violation at the end.

const WIDTHS = [1280, 390] as const;

const PUBLIC_ROUTES = [
  '/login',
  '/register',
  '/forgot-password',
  '/restablecer-contrasena?token=caducado',
  '/legal',
  '/privacidad',
  '/cookies',
  '/terminos',
];

const STATIC_ROUTES = ['/', '/guia', '/docuterm', '/exportar', '/perfil', '/usuarios', '/tickets'];

/** A short Spanish text with a few clear terms for the extractor. */
const TEXT = [
  'El héroe lleva una poción de salud y una espada.',
  'La poción de salud recupera la vida; la espada corta.',
  'Antes del jefe final, guarda una poción de salud en el inventario.',
  'El jefe final vive en la última planta de la mazmorra.',
].join('\n');

/**
 * Records the serious and critical WCAG 2.1 A/AA violations of the page as it is now, or only
 * of the part `scope` selects (an open dialog or toast, once the page under it is audited).
 */
async function audit(page: Page, state: string, found: string[], scope?: string): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (scope ? builder.include(scope) : builder).analyze();
  for (const v of results.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    found.push(`${state} — ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }
}

/** Audits the page as it is now at each width (the open state stays open while it resizes). */
async function auditWidths(
  page: Page,
  state: string,
  found: string[],
  scope?: string,
): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    // Two frames: React re-renders for the new media queries, then the browser lays it out.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await audit(page, `${state} @${width}`, found, scope);
  }
  await page.setViewportSize({ width: WIDTHS[0], height: 844 });
}

/** Where Mantine shows its toasts. */
const TOASTS = '.mantine-Notifications-root';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Opens a dialog with `trigger`, audits it, then closes it with Escape. */
async function auditDialog(
  page: Page,
  trigger: Locator,
  name: string | RegExp,
  state: string,
  found: string[],
) {
  await trigger.click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await auditWidths(page, state, found, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test('accessibility: every public page, at 1280 and 390 px', async ({ page }) => {
  const found: string[] = [];
  for (const path of PUBLIC_ROUTES) {
    await page.goto(path);
    await expect(heading(page)).toBeVisible();
    await auditWidths(page, path, found);
  }
  // The sign-in form with its validation messages.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByLabel('Correo electrónico')).toHaveAttribute('aria-invalid', 'true');
  await auditWidths(page, '/login con errores', found);
  expect(found).toEqual([]);
});

test('accessibility: every signed-in page and its open states, at 1280 and 390 px', async ({
  adminPage: page,
}) => {
  test.setTimeout(400_000);
  const found: string[] = [];

  // Data for the lists: a glossary with entries (one the extractor will find), another one
  // to copy to, and a support ticket.
  const tag = Date.now().toString(36);
  const { access_token } = await login(page.request, ADMIN);
  const headers = { authorization: `Bearer ${access_token}` };
  const names = { main: `Accesible ${tag}`, other: `Destino ${tag}` };
  const slugs: Record<string, string> = {};
  for (const [key, nombre] of Object.entries(names)) {
    const res = await page.request.post('/api/glosarios', {
      headers,
      data: { nombre, idioma_origen: 'es', idioma_meta: 'en' },
    });
    expect(res.status()).toBe(201);
    slugs[key] = ((await res.json()) as { nombre_seguro: string }).nombre_seguro;
  }
  for (const [es, en] of [
    ['poción de salud', 'health potion'],
    ['espada', 'sword'],
  ]) {
    const res = await page.request.post(`/api/glosarios/${slugs.main}/entradas`, {
      headers,
      data: { termino: { es, en }, definicion: `Definición de ${es}.` },
    });
    expect(res.status()).toBe(201);
  }
  const ticket = await page.request.post('/api/tickets/', {
    headers,
    multipart: { tipo: 'sugerencia', descripcion: `Una sugerencia ${tag}.` },
  });
  expect(ticket.ok()).toBe(true);

  for (const path of STATIC_ROUTES) {
    await page.goto(path);
    await expect(heading(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    await auditWidths(page, path, found);
  }

  // /glosarios with the share dialog open.
  await page.goto('/glosarios');
  await auditDialog(
    page,
    page.getByRole('button', { name: `Compartir: ${names.main}` }),
    `Compartir «${names.main}»`,
    '/glosarios, compartir',
    found,
  );

  // /crear with its lists, then the confirmation before deleting.
  await page.goto('/crear');
  const remove = page.getByRole('button', { name: `Eliminar «${names.other}»` });
  await expect(remove).toBeVisible();
  await auditWidths(page, '/crear', found);
  await auditDialog(page, remove, /Eliminar/, '/crear, confirmar eliminación', found);

  // /entradas: a glossary and a card open, its history, the add form, a toast, and the copy
  // dialog of the selection mode.
  await page.goto('/entradas');
  await page.getByRole('button', { name: new RegExp(names.main) }).click();
  const sword = page.getByRole('article', { name: 'espada' });
  await sword.getByRole('button', { name: 'Ver ficha de «espada»' }).click();
  await expect(sword.getByText('Definición de espada.')).toBeVisible();
  await auditWidths(page, '/entradas, ficha abierta', found);
  await auditDialog(
    page,
    sword.getByRole('button', { name: 'Historial de «espada»' }),
    'Historial de «espada»',
    '/entradas, historial',
    found,
  );
  await page.getByRole('button', { name: 'Añadir entrada' }).click();
  const addForm = page.getByRole('form', { name: 'Nueva entrada' });
  await addForm.getByLabel('Término (es)').fill('escudo');
  await addForm.getByLabel('Término (en)').fill('shield');
  await auditWidths(page, '/entradas, nueva entrada', found, 'form[aria-label="Nueva entrada"]');
  await addForm.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Entrada creada.')).toBeVisible();
  await auditWidths(page, '/entradas, aviso', found, TOASTS);
  await page.getByRole('button', { name: 'Copiar entradas' }).click();
  await page.getByRole('checkbox', { name: 'Seleccionar todo' }).check();
  await auditDialog(
    page,
    page.getByRole('button', { name: 'Copiar seleccionadas' }),
    'Copiar entradas a otro glosario',
    '/entradas, copiar',
    found,
  );

  // /buscar: the results with one card open.
  await page.goto('/buscar');
  await page.getByRole('textbox', { name: 'Término', exact: true }).fill('espada');
  await page.getByRole('textbox', { name: 'Término', exact: true }).press('Enter');
  const results = page.getByLabel('Resultados de la búsqueda');
  await results.getByRole('button', { name: 'Ver ficha de «espada»' }).first().click();
  await expect(results.getByText('Definición de espada.').first()).toBeVisible();
  await auditWidths(page, '/buscar, resultado abierto', found);

  // /copiar with the origin's entries listed and the destinations offered.
  await page.goto(`/copiar?origen=${slugs.main}`);
  await expect(page.getByRole('checkbox', { name: 'Seleccionar todo' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Glosario destino' }).click();
  await expect(page.getByRole('option', { name: new RegExp(names.other) })).toBeVisible();
  await auditWidths(page, '/copiar, lista y destinos', found);
  await page.keyboard.press('Escape');

  // /extractor: the results ("Ya en:" for the term the glossary holds), a candidate open,
  // and the notice after adding one.
  await page.goto('/extractor');
  await page.getByRole('textbox', { name: 'O pega el texto' }).fill(TEXT);
  await page.getByRole('button', { name: 'Procesar' }).click();
  const list = page.getByRole('list', { name: 'Candidatos encontrados' });
  await expect(list.getByText(`Ya en: ${names.main}`).first()).toBeVisible({ timeout: 60_000 });
  await page.getByRole('textbox', { name: 'Glosario de destino' }).click();
  await page.getByRole('option', { name: `${names.other} (es → en)` }).click();
  await list.getByRole('button', { name: 'Editar «jefe final»' }).click();
  await expect(list.getByLabel('Definición', { exact: true })).toBeVisible();
  await auditWidths(page, '/extractor, resultados', found);
  await list.getByRole('button', { name: 'Añadir «jefe final» al glosario' }).click();
  await expect(page.getByText('Candidato añadido al glosario.')).toBeVisible();
  await auditWidths(page, '/extractor, aviso', found, TOASTS);

  // The phone's navigation menu, open.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Mostrar u ocultar el menú' }).click();
  await expect(
    page
      .getByRole('navigation', { name: 'Navegación principal' })
      .getByRole('link', { name: 'Glosarios' }),
  ).toBeVisible();
  await audit(page, 'menú del móvil @390', found, '#barra-lateral');

  expect(found).toEqual([]);
});
