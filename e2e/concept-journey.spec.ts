import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { newAccount, registerAccount, signInPage } from './support/accounts.ts';
import { confirmEmailFromNotice } from './support/outbox.ts';

/**
 * A TBX-Basic file as a terminologist's tool writes it: a concept with synonyms and statuses
 * (a deprecated Spanish term with its usage note, an English acronym), and two concepts with
 * different ids that share a term pair, which the import keeps both of and flags.
 */
const TBX = `<?xml version="1.0" encoding="UTF-8"?>
<martif type="TBX-Basic" xml:lang="es">
  <martifHeader><fileDesc><sourceDesc><p>Glosario de combate</p></sourceDesc></fileDesc></martifHeader>
  <text><body>
    <termEntry id="c-1">
      <langSet xml:lang="es">
        <tig><term>puntos de salud</term><termNote type="administrativeStatus">preferredTerm-admn-sts</termNote></tig>
        <tig><term>vida</term><termNote type="administrativeStatus">deprecatedTerm-admn-sts</termNote>
          <note>Ambiguo: en la interfaz, «vida» también es cada intento.</note></tig>
      </langSet>
      <langSet xml:lang="en">
        <tig><term>hit points</term><termNote type="administrativeStatus">preferredTerm-admn-sts</termNote></tig>
        <tig><term>HP</term><termNote type="termType">acronym</termNote>
          <termNote type="administrativeStatus">admittedTerm-admn-sts</termNote></tig>
      </langSet>
    </termEntry>
    <termEntry id="c-2">
      <langSet xml:lang="es"><tig><term>escudo</term></tig></langSet>
      <langSet xml:lang="en"><tig><term>shield</term></tig></langSet>
    </termEntry>
    <termEntry id="c-3">
      <langSet xml:lang="es"><tig><term>escudo</term></tig></langSet>
      <langSet xml:lang="en"><tig><term>shield</term></tig></langSet>
    </termEntry>
  </body></text>
</martif>
`;

const DEFINITION = 'Cantidad de daño que un personaje puede recibir antes de caer.';

async function authOf(page: Page) {
  return {
    authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('access_token'))}`,
  };
}

/** Creates a glossary es→en on /crear, which selects it as the import target. */
async function createGlossary(page: Page, name: string) {
  await page.goto('/crear');
  await page.getByLabel('Nombre del glosario').fill(name);
  await page.getByRole('button', { name: 'Crear glosario' }).click();
  await expect(page).toHaveURL(/\?glosario=/);
  const slug = new URL(page.url()).searchParams.get('glosario')!;
  return { slug, section: page.getByRole('region', { name: 'Importar', exact: true }) };
}

/** Imports a file through the import section's «Elegir archivo» chooser. */
async function importFile(page: Page, section: Locator, name: string, buffer: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await section.getByRole('button', { name: 'Elegir archivo' }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/x-tbx+xml', buffer });
  await section.getByRole('button', { name: 'Importar al glosario' }).click();
  await expect(section.getByRole('status')).toHaveText('Importación completada (3 elementos).');
  // Only the two concepts that share «escudo → shield» are flagged, each kept.
  const duplicates = section.getByRole('region', { name: 'Posibles duplicados (1)' });
  await expect(duplicates.getByRole('listitem')).toHaveCount(1);
  await expect(duplicates.getByRole('listitem')).toHaveText(
    /\(id c-3\), línea \d+: el concepto c-3 \(«escudo → shield»\) tiene los mismos términos que el concepto c-2\.$/,
  );
}

/** What must survive a TBX round trip: each entry's terms, definition and concept id. */
async function conceptsOf(page: Page, slug: string) {
  const res = await page.request.get(`/api/glosarios/${slug}/entradas`, {
    headers: await authOf(page),
  });
  expect(res.ok()).toBe(true);
  const entries = (await res.json()) as Array<{
    terminos: unknown;
    definicion: string | null;
    id_externo: string | null;
    estado_revision: string;
  }>;
  return entries
    .map(({ terminos, definicion, id_externo, estado_revision }) => ({
      terminos,
      definicion,
      id_externo,
      estado_revision,
    }))
    .sort((a, b) => String(a.id_externo).localeCompare(String(b.id_externo)));
}

/** Opens an entry's card on /entradas for a glossary. */
async function openCard(page: Page, slug: string) {
  await page.goto(`/entradas?glosario=${slug}`);
  await page.getByRole('button', { name: 'Ver ficha de «puntos de salud»' }).click();
  return page.getByRole('article', { name: 'puntos de salud' });
}

/** The review row of an open card: its state badge and the actions the caller may take. */
function reviewStateOf(card: Locator) {
  return card.locator('dt', { hasText: 'Revisión' }).locator('+ dd');
}

test('concepts: a TBX with synonyms and statuses is imported, searched, edited, reviewed, approved and exported back unchanged', async ({
  editorPage: page,
  browser,
}) => {
  // Two accounts, two imports, an export and an e-mail confirmation: about 30 s on an idle
  // machine, twice the default when the machine is shared.
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const name = `Combate ${tag}`;

  // 1. The owner creates a glossary and imports the file.
  const { slug, section } = await createGlossary(page, name);
  await importFile(page, section, 'combate.tbx', Buffer.from(TBX, 'utf8'));

  // 2. The card shows every term with its status, the deprecated one struck through.
  let card = await openCard(page, slug);
  const spanish = card.getByRole('list', { name: 'Términos en es' });
  await expect(spanish.getByRole('listitem')).toHaveText([
    /^puntos de salud\s*Preferido$/,
    /^vida\s*Desaconsejado\s*Ambiguo: en la interfaz, «vida» también es cada intento\.$/,
  ]);
  await expect(spanish.locator('s')).toHaveText('vida');
  await expect(spanish.getByTitle('No lo uses: Desaconsejado')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Términos en en' }).getByRole('listitem')).toHaveText(
    [/^hit points\s*Preferido$/, /^HP\s*Admitido\s*sigla$/],
  );
  await expect(
    card.locator('dt', { hasText: 'Identificador del concepto' }).locator('+ dd'),
  ).toHaveText('c-1');

  // 3. Quick search finds the deprecated synonym and flags it; other journeys of this account
  // may have a «vida» too, so the result is the one of this glossary.
  await page.goto('/buscar');
  const term = page.getByRole('textbox', { name: 'Término', exact: true });
  await term.fill('vida');
  await term.press('Enter');
  const results = page.getByLabel('Resultados de la búsqueda');
  const found = results
    .getByRole('button', { name: 'Ver ficha de «puntos de salud»' })
    .filter({ hasText: `${name} (es → en)` });
  await expect(found).toHaveCount(1);
  await expect(found).toContainText('Término (es): Desaconsejado');
  await expect(found).toContainText('Coincide con el término (es):');
  await expect(found.getByRole('list', { name: 'Términos en es' }).locator('s')).toHaveText('vida');
  await expect(found).toContainText(/vida\s*Desaconsejado\s*→hit points/);
  await expect(found).toContainText('Ambiguo: en la interfaz, «vida» también es cada intento.');

  // Advanced search: the Spanish term, filtered by its status.
  await page.getByRole('textbox', { name: 'Campo' }).click();
  await page.getByRole('option', { name: 'Término (es)' }).click();
  await page.getByRole('textbox', { name: 'Valor' }).fill('vida');
  await page.getByRole('textbox', { name: 'Estado del término' }).click();
  await page.getByRole('option', { name: 'Desaconsejado' }).click();
  await page.getByRole('button', { name: 'Buscar en el campo' }).click();
  await expect(page).toHaveURL(/estado_termino=desaconsejado/);
  await expect(
    results
      .getByRole('button', { name: 'Ver ficha de «puntos de salud»' })
      .filter({ hasText: name }),
  ).toHaveCount(1);

  // 4. The owner adds a definition and sends the entry to review.
  card = await openCard(page, slug);
  await card.getByRole('button', { name: 'Editar', exact: true }).click();
  const form = page.getByRole('form', { name: 'Editar «puntos de salud»' });
  await form.getByLabel('Definición', { exact: true }).fill(DEFINITION);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Entrada actualizada.')).toBeVisible();
  await card.getByRole('button', { name: 'Enviar a revisión: «puntos de salud»' }).click();
  await expect(reviewStateOf(card)).toHaveText(/^En revisión/);

  // 5. A colleague becomes a reviewer through the share dialog, and approves it.
  const reviewer = newAccount('revisora');
  await registerAccount(page.request, reviewer);
  await page.goto('/glosarios');
  await page.getByLabel('Buscar glosario').fill(name);
  await page
    .getByRole('article', { name: `${name} (es → en)` })
    .getByRole('button', { name: /Compartir/ })
    .click();
  const share = page.getByRole('dialog', { name: `Compartir «${name}»` });
  await share.getByLabel('Correo electrónico').fill(reviewer.email);
  await share.getByLabel('Permiso').selectOption('revisor');
  await share.getByRole('button', { name: 'Añadir' }).click();
  await expect(share.getByText(`Acceso guardado para ${reviewer.email}.`)).toBeVisible();

  const reviewerContext = await browser.newContext();
  const reviewerPage = await reviewerContext.newPage();
  await signInPage(reviewerPage, reviewer);
  // Shares reach an account once it proves the address is its own.
  await confirmEmailFromNotice(reviewerPage, reviewer.email);
  const reviewed = await openCard(reviewerPage, slug);
  await expect(reviewed.getByText(DEFINITION)).toBeVisible();
  await reviewed.getByRole('button', { name: 'Aprobar: «puntos de salud»' }).click();
  await expect(reviewStateOf(reviewed)).toHaveText(/^Aprobada/);
  // The row keeps the badge when the card is closed.
  await reviewed.getByRole('button', { name: 'Ocultar ficha de «puntos de salud»' }).click();
  await expect(
    reviewed.getByRole('button', { name: 'Ver ficha de «puntos de salud»' }),
  ).toContainText('Aprobada');
  await reviewed.getByRole('button', { name: 'Historial de «puntos de salud»' }).click();
  const history = reviewerPage.getByRole('dialog');
  // Imported, edited, sent to review, approved: each is a version.
  const versions = history.getByRole('listitem');
  await expect(versions).toHaveCount(4);
  await expect(versions.first()).toContainText('Versión inicial');
  // The approval is the current version, signed by the reviewer.
  await expect(versions.last()).toContainText('Versión 4');
  await expect(versions.last()).toContainText(reviewer.email);
  await reviewerContext.close();

  // 6. The owner exports TBX and imports it into a new glossary: the same concepts come back.
  await page.goto(`/exportar?glosario=${slug}`);
  await page.getByRole('radio', { name: /^TBX v2/ }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const download = await downloading;
  const exported = await readFile(await download.path());
  await expect(page.getByText('Exportación completada.')).toBeVisible();

  const copy = await createGlossary(page, `Reimportado ${tag}`);
  await importFile(page, copy.section, download.suggestedFilename(), exported);
  const original = await conceptsOf(page, slug);
  expect(original.map((c) => c.id_externo)).toEqual(['c-1', 'c-2', 'c-3']);
  expect(original[0]!.definicion).toBe(DEFINITION);
  expect(original[0]!.estado_revision).toBe('aprobado');
  expect(await conceptsOf(page, copy.slug)).toEqual(original);
});
