import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { nthMailTo } from './support/outbox.ts';
import {
  ADMIN,
  newAccount,
  registerAccount,
  signInPage,
  type Account,
} from './support/accounts.ts';

/** A small PNG (96 × 96) for the avatar and the ticket screenshot. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAABgCAMAAADVRocKAAABCFBMVEX/s0fNnmQ6YbwxXsKOhIo9Y7s7YbsoWsj////5sEn7sEniplivkXYtXMRdcKe+mG3MnmRjcqRhcqXyrE7Qn2K/mGxveJ3On2PVoV7Hm2jurFA0X8Dvq1Dkp1Vcb6jUoV+Mg4vOnWQ8Yrz8sUetkXjzrU3JnWb6sEnJm2bAmGuwknX5r0kwXcMuXcPwrE5fcKZecKaIgY7xrU8+Y7q2lHE1X79tdp2FgI/FmmgzX8CukXeljny0k3Jkc6MtW8WmjXykjXzWoV/EmmmEf5D+sUdzeZoyXsFyeJoyXcFbb6licaTUoGCJgoyzk3SijH7ZolzKnGZAY7mHgI2oj3pwd5ypjnrYol3Pn2I4iY2MAAAACXBIWXMAAAPoAAAD6AG1e1JrAAABr0lEQVRoge3Y51LCQBQF4ANJWOm9SVFAaVLtvffeff83cfypo+y9FzLDjHse4HwzJ2FJAuVyYABdzETamIm0MRNpYybS5h9NZO3ZoVSw5/f3gqltO25NFnCGnga+pRF7rk4MGLRq+CW1dGQiQKKCP+Ppjw04bYxM9Gk84GJxdD+QzIwBdF9AyE5YClweU/qBZkEGeI9o/UDOKwG25qj9wMMaH+g26f1APswG3jj9wCEXeOX1A2c8YEV7//9M0mEBq2DnjgMk+P1AhAF4JECWDgwk/UCZDLRkQJQK+AIyIOAjAreyfmCDCIgu8VceaYDlhzB+iwTEpf3ANQmw5cA8CQjJgQUSkJIDWRJQkgNBElCUA7MkQHyXAkvTARTdnqjk9kX+kAOV6fih2W4fFXE5kCABHflx3SEBKiYF6ooGDKXAybT86au0y48tKiIDrsiA7DLXFR3oC/pPy5zH910+0FYcwEly+5ervFeoDBdY574EHvD67xUXCOc5/Zv7bECdM17E3wuiTwk5av8N91PCjDDKALqYibQxE2nDPComExhAFzORNmYibcxE2piJlC6fyC7JzJOZ+z4AAAAASUVORK5CYII=',
  'base64',
);

async function signInWithForm(page: Page, account: Account) {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel(/^Contraseña/).fill(account.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

test('an account with the sign-in code turned on enters with the code e-mailed to it', async ({
  browser,
  request,
}) => {
  const account = newAccount('codigo');
  await registerAccount(request, account);
  const settings = await browser.newContext();
  const profile = await settings.newPage();
  await signInPage(profile, account);
  await profile.goto('/perfil');
  await profile.getByRole('switch', { name: /Pedir un código por correo/ }).check();
  await expect(profile.getByText('Verificación por código activada.')).toBeVisible();
  await settings.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithForm(page, account);
  await expect(page.getByRole('heading', { name: 'Código de verificación' })).toBeVisible();
  const mail = await nthMailTo(account.email, 1);
  expect(mail).toContain('Escribe este código para terminar de entrar');
  const code = /\b(\d{6})\b/.exec(mail)![1]!;

  await page
    .getByRole('textbox', { name: /^Código/ })
    .fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'El código no es correcto. Te quedan 4 intentos.',
  );
  // 'Reenviar código' e-mails a new code, which signs in.
  await page.getByRole('button', { name: 'Reenviar código' }).click();
  await expect(page.getByText(/Te hemos enviado un código nuevo/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reenviar código' })).toBeDisabled();
  const second = /\b(\d{6})\b/.exec(await nthMailTo(account.email, 2))![1]!;
  await page.getByRole('textbox', { name: /^Código/ }).fill(second);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/glosarios$/);
  await expect(page.getByRole('banner').getByText(account.email)).toBeVisible();
  await context.close();
});

test('a forgotten password is reset from the e-mailed link, and the new one signs in', async ({
  page,
  request,
  baseURL,
}) => {
  const account = newAccount('olvido');
  await registerAccount(request, account);
  await page.goto('/login');
  await page.getByRole('link', { name: '¿Has olvidado la contraseña?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('status')).toContainText('Si existe una cuenta con ese correo');

  const mail = await nthMailTo(account.email, 1);
  const link = /http\S+restablecer-contrasena\?token=[\w-]+/.exec(mail)![0];
  expect(link.startsWith(`${baseURL}/restablecer-contrasena?token=`)).toBe(true);
  await page.goto(link);
  await page.getByLabel(/^Nueva contraseña/).fill('otra-clave-segura-2');
  await page.getByLabel(/^Repite la contraseña/).fill('otra-clave-segura-2');
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
  await expect(page.getByRole('status')).toContainText('Contraseña cambiada');

  // The link works once.
  await page.goto(link);
  await page.getByLabel(/^Nueva contraseña/).fill('tercera-clave-segura');
  await page.getByLabel(/^Repite la contraseña/).fill('tercera-clave-segura');
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
  await expect(page.getByRole('alert')).toContainText('ya se ha usado o ha caducado');

  await signInWithForm(page, { ...account, password: 'otra-clave-segura-2' });
  await expect(page).toHaveURL(/\/glosarios$/);
});

test('an uploaded avatar shows in the header at once', async ({ editorPage: page }) => {
  await page.goto('/perfil');
  await expect(page.getByRole('heading', { level: 1, name: 'Perfil (BETA)' })).toBeVisible();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'yo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Vista previa del nuevo avatar' })).toBeVisible();
  await page.getByRole('button', { name: 'Subir avatar' }).click();
  await expect(page.getByText('Avatar actualizado.')).toBeVisible();

  const headerAvatar = page.getByRole('banner').getByRole('img', { name: /^Avatar de / });
  await expect(headerAvatar).toHaveAttribute('src', /^\/api\/avatars\/[\w-]{43}\.webp$/);
  await expect
    .poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(96);
  await page.reload();
  await expect(page.getByRole('banner').getByRole('img', { name: /^Avatar de / })).toBeVisible();
});

test('a ticket is filed, answered by an administrator and the answer is seen by its author', async ({
  editorPage: page,
  browser,
}) => {
  const description = `El botón Exportar no responde (${Date.now()})`;
  await page.goto('/guia');
  await page.getByRole('link', { name: 'Abrir un ticket' }).click();
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByLabel('Tipo').selectOption('bug');
  await page.getByLabel(/^Descripción/).fill(description);
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'captura.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Enviar ticket' }).click();
  await expect(page.getByText('Ticket enviado con éxito')).toBeVisible();
  const ticket = page.getByRole('article').filter({ hasText: description });
  await expect(ticket.getByText('pendiente')).toBeVisible();
  await expect(ticket.getByRole('img', { name: /^Captura adjunta al ticket/ })).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInPage(admin, ADMIN);
  await admin.goto('/usuarios');
  const row = admin.getByRole('row').filter({ hasText: description });
  await expect(row.getByRole('img', { name: /^Captura adjunta al ticket/ })).toBeVisible();
  await row.getByRole('combobox').selectOption('resuelto');
  await row.getByRole('textbox').fill('Arreglado en la versión 0.2. ¡Gracias por avisar!');
  await row.getByRole('button', { name: 'Guardar' }).click();
  await expect(admin.getByText('Ticket actualizado.')).toBeVisible();
  await adminContext.close();

  await page.goto('/perfil');
  const answered = page.getByRole('article').filter({ hasText: description });
  await expect(answered.getByText('resuelto')).toBeVisible();
  await expect(
    answered.getByText('Arreglado en la versión 0.2. ¡Gracias por avisar!'),
  ).toBeVisible();
});

test('/usuarios is for administrators only', async ({ editorPage: page }) => {
  await page.goto('/usuarios');
  await expect(page.getByText('Esta página es solo para administradores.')).toBeVisible();
  const res = await page.request.get('/api/admin/users', {
    headers: {
      authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('access_token'))}`,
    },
  });
  expect(res.status()).toBe(403);
});
