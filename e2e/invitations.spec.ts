import { expect, test } from './fixtures.ts';
import { newAccount, registerAccount, signInPage } from './support/accounts.ts';
import { mailsTo, nthMailTo } from './support/outbox.ts';

test('an invitation waits until the colleague confirms the address through the e-mailed link', async ({
  editorPage: page,
  browser,
}) => {
  const name = `Invitación ${Date.now().toString(36)}`;
  const colleague = newAccount('invitada');

  // The colleague registers first: an account alone proves nothing about the address.
  await registerAccount(page.request, colleague);

  // The owner creates a glossary and shares it: the invitation shows as pending.
  await page.goto('/crear');
  await page.getByLabel('Nombre del glosario').fill(name);
  await page.getByRole('button', { name: 'Crear glosario' }).click();
  await expect(
    page.getByRole('list', { name: 'Glosarios activos' }).getByText(`${name} (es→en)`),
  ).toBeVisible();
  await page.goto('/glosarios');
  const card = page.getByRole('article', { name: `${name} (es → en)` });
  await card.getByRole('button', { name: /Compartir/ }).click();
  const dialog = page.getByRole('dialog', { name: `Compartir «${name}»` });
  await dialog.getByLabel('Correo electrónico').fill(colleague.email);
  await dialog.getByRole('button', { name: 'Añadir' }).click();
  await expect(dialog.getByText(`Acceso guardado para ${colleague.email}.`)).toBeVisible();
  const people = dialog.getByRole('list', { name: 'Personas con acceso' });
  await expect(people.getByRole('listitem').filter({ hasText: colleague.email })).toContainText(
    'Invitación pendiente',
  );
  await dialog.getByRole('button', { name: 'Cerrar' }).click();

  // The colleague does not see it yet, and is told why.
  const context = await browser.newContext();
  const colleaguePage = await context.newPage();
  await signInPage(colleaguePage, colleague);
  await colleaguePage.goto('/glosarios');
  const notice = colleaguePage.getByRole('region', {
    name: 'Tienes 1 invitación a glosarios esperando a que confirmes tu correo.',
  });
  await expect(notice).toBeVisible();
  await expect(colleaguePage.getByRole('article', { name: `${name} (es → en)` })).toHaveCount(0);

  // The button e-mails a link; opening it from this session confirms the address.
  expect(mailsTo(colleague.email)).toHaveLength(0);
  await notice.getByRole('button', { name: 'Enviar enlace de confirmación' }).click();
  await expect(notice.getByRole('status')).toContainText(
    `Te hemos enviado un enlace a ${colleague.email}.`,
  );
  const mail = await nthMailTo(colleague.email, 1);
  expect(mail).toContain('Has pedido confirmar que este correo es tuyo en LudoTerm.');
  const link = /https?:\/\/\S+\/confirmar-correo\?token=\S+/.exec(mail)![0];

  // Another account cannot use it.
  const stranger = newAccount('ajena');
  await registerAccount(page.request, stranger);
  const strangerContext = await browser.newContext();
  const strangerPage = await strangerContext.newPage();
  await signInPage(strangerPage, stranger);
  await strangerPage.goto(link);
  await expect(strangerPage.getByRole('alert')).toContainText(
    'No se pudo confirmar el correo: El enlace para confirmar el correo no es válido',
  );
  await strangerContext.close();

  await colleaguePage.goto(link);
  await expect(
    colleaguePage.getByText(
      'Correo confirmado. Ya puedes ver los glosarios que te han compartido.',
    ),
  ).toBeVisible();
  await colleaguePage.getByRole('link', { name: 'Ir a Glosarios' }).click();
  await expect(colleaguePage).toHaveURL(/\/glosarios$/);
  await expect(colleaguePage.getByRole('article', { name: `${name} (es → en)` })).toBeVisible();
  await expect(colleaguePage.getByText(/esperando a que confirmes tu correo/)).toHaveCount(0);

  // The link was single-use.
  await colleaguePage.goto(link);
  await expect(colleaguePage.getByRole('alert')).toContainText('ya se ha usado');
  await context.close();

  // The owner now sees the colleague as a member, no longer pending.
  await page.reload();
  await card.getByRole('button', { name: /Compartir/ }).click();
  await expect(people.getByRole('listitem').filter({ hasText: colleague.email })).not.toContainText(
    'Invitación pendiente',
  );
});
