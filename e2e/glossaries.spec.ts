import { expect, test } from './fixtures.ts';
import { newAccount, registerAccount, signInPage } from './support/accounts.ts';
import { confirmEmailFromNotice } from './support/outbox.ts';

test('a glossary: create, describe, share read-only, trash and restore', async ({
  editorPage: page,
  browser,
}) => {
  const name = `Combate ${Date.now().toString(36)}`;
  const colleague = newAccount('colega');
  await registerAccount(page.request, colleague);

  // Create it on /crear: es → en by default, the button waits for a name.
  await page.goto('/crear');
  const createButton = page.getByRole('button', { name: 'Crear glosario' });
  await expect(createButton).toBeDisabled();
  await expect(createButton).toHaveAccessibleDescription('Pon un nombre de glosario.');
  await expect(page.getByLabel('Idioma base')).toHaveValue('es');
  await expect(page.getByLabel('Idioma meta')).toHaveValue('en');
  await page.getByLabel('Nombre del glosario').fill(name);
  await createButton.click();
  await expect(page.getByRole('status', { name: 'Estado' })).toContainText(`Glosario "${name}" creado.`);
  const active = page.getByRole('list', { name: 'Glosarios activos' });
  await expect(active.getByText(`${name} (es→en)`)).toBeVisible();

  // Describe it on /glosarios, found through the filter.
  await page.goto('/glosarios');
  await page.getByLabel('Buscar glosario').fill(name.toUpperCase());
  const card = page.getByRole('article', { name: `${name} (es → en)` });
  await expect(card.getByText('(Sin descripción)')).toBeVisible();
  await card.getByRole('button', { name: /Editar descripción/ }).click();
  await card.getByLabel(`Descripción de «${name}»`).fill('Términos de combate por turnos');
  await card.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Descripción guardada.')).toBeVisible();
  await expect(card.getByText('Términos de combate por turnos')).toBeVisible();

  // From the glossary to its entries.
  await card.getByRole('link', { name: `Ver entradas: ${name}` }).click();
  await expect(page).toHaveURL(/\/entradas\?glosario=/);
  await expect(page.getByText('Sin entradas aún')).toBeVisible();
  await page.goBack();

  // Share it with a colleague as a reader.
  await card.getByRole('button', { name: /Compartir/ }).click();
  const dialog = page.getByRole('dialog', { name: `Compartir «${name}»` });
  await dialog.getByLabel('Correo electrónico').fill(colleague.email);
  await dialog.getByLabel('Permiso').selectOption('lector');
  await dialog.getByRole('button', { name: 'Añadir' }).click();
  await expect(dialog.getByText(`Acceso guardado para ${colleague.email}.`)).toBeVisible();
  await expect(
    dialog.getByRole('list', { name: 'Personas con acceso' }).getByText(colleague.email),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar' }).click();

  // The colleague sees it read-only: its access, its description, no edit actions.
  const colleagueContext = await browser.newContext();
  const colleaguePage = await colleagueContext.newPage();
  await signInPage(colleaguePage, colleague);
  // Shares reach an account once it proves the address is its own.
  await confirmEmailFromNotice(colleaguePage, colleague.email);
  const shared = colleaguePage.getByRole('article', { name: `${name} (es → en)` });
  await expect(shared.getByText('Solo lectura')).toBeVisible();
  await expect(shared.getByText('Términos de combate por turnos')).toBeVisible();
  await expect(shared.getByRole('button')).toHaveCount(0);
  await colleagueContext.close();

  // The owner sends it to the trash, after confirming, and brings it back.
  await page.goto('/crear');
  await active.getByRole('button', { name: `Eliminar «${name}»` }).click();
  const confirm = page.getByRole('dialog');
  await expect(
    confirm.getByText(`¿Seguro que quieres eliminar el glosario "${name}"?`),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByRole('status', { name: 'Estado' })).toContainText(`Glosario "${name}" enviado a la papelera.`);
  const trash = page.getByRole('list', { name: 'Papelera' });
  await expect(trash.getByText(`${name} (es→en)`)).toBeVisible();
  // Other journeys of this worker's account may have trashed glossaries too: look at ours.
  const trashed = trash.getByRole('listitem').filter({ hasText: `${name} (es→en)` });
  await expect(trashed.getByText('30 días restantes')).toBeVisible();
  await expect(active.getByText(`${name} (es→en)`)).toHaveCount(0);

  await trash.getByRole('button', { name: `Restaurar «${name}»` }).click();
  await expect(page.getByRole('status', { name: 'Estado' })).toContainText(`Glosario "${name}" restaurado.`);
  await expect(active.getByText(`${name} (es→en)`)).toBeVisible();
});
