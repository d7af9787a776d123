import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  ADMIN,
  newAccount,
  registerAccount,
  signInPage,
  type Account,
} from './support/accounts.ts';

/**
 * Screenshots of the account pages at desktop and phone sizes, for a person to look at.
 * Runs only when E2E_SCREENSHOTS_DIR says where to write them.
 */
const dir = process.env.E2E_SCREENSHOTS_DIR;
test.skip(!dir, 'E2E_SCREENSHOTS_DIR no está definido');

/** A small PNG for the avatar and a ticket screenshot. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAABgCAMAAADVRocKAAABCFBMVEX/s0fNnmQ6YbwxXsKOhIo9Y7s7YbsoWsj////5sEn7sEniplivkXYtXMRdcKe+mG3MnmRjcqRhcqXyrE7Qn2K/mGxveJ3On2PVoV7Hm2jurFA0X8Dvq1Dkp1Vcb6jUoV+Mg4vOnWQ8Yrz8sUetkXjzrU3JnWb6sEnJm2bAmGuwknX5r0kwXcMuXcPwrE5fcKZecKaIgY7xrU8+Y7q2lHE1X79tdp2FgI/FmmgzX8CukXeljny0k3Jkc6MtW8WmjXykjXzWoV/EmmmEf5D+sUdzeZoyXsFyeJoyXcFbb6licaTUoGCJgoyzk3SijH7ZolzKnGZAY7mHgI2oj3pwd5ypjnrYol3Pn2I4iY2MAAAACXBIWXMAAAPoAAAD6AG1e1JrAAABr0lEQVRoge3Y51LCQBQF4ANJWOm9SVFAaVLtvffeff83cfypo+y9FzLDjHse4HwzJ2FJAuVyYABdzETamIm0MRNpYybS5h9NZO3ZoVSw5/f3gqltO25NFnCGnga+pRF7rk4MGLRq+CW1dGQiQKKCP+Ppjw04bYxM9Gk84GJxdD+QzIwBdF9AyE5YClweU/qBZkEGeI9o/UDOKwG25qj9wMMaH+g26f1APswG3jj9wCEXeOX1A2c8YEV7//9M0mEBq2DnjgMk+P1AhAF4JECWDgwk/UCZDLRkQJQK+AIyIOAjAreyfmCDCIgu8VceaYDlhzB+iwTEpf3ANQmw5cA8CQjJgQUSkJIDWRJQkgNBElCUA7MkQHyXAkvTARTdnqjk9kX+kAOV6fih2W4fFXE5kCABHflx3SEBKiYF6ooGDKXAybT86au0y48tKiIDrsiA7DLXFR3oC/pPy5zH910+0FYcwEly+5ervFeoDBdY574EHvD67xUXCOc5/Zv7bECdM17E3wuiTwk5av8N91PCjDDKALqYibQxE2nDPComExhAFzORNmYibcxE2piJlC6fyC7JzJOZ+z4AAAAASUVORK5CYII=',
  'base64',
);

const sizes = [
  { name: 'escritorio', width: 1280, height: 800 },
  { name: 'movil', width: 390, height: 844 },
] as const;

async function pageAt(
  browser: Browser,
  size: (typeof sizes)[number],
  account?: Account,
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
  });
  const page = await context.newPage();
  if (account) await signInPage(page, account);
  return page;
}

async function shoot(page: Page, name: string, size: (typeof sizes)[number]) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${dir}/${name}-${size.name}.png`, fullPage: true });
}

test('account pages', async ({ browser, request, editorAccount }) => {
  test.setTimeout(180_000);
  const withCode = newAccount('pantalla-codigo');
  await registerAccount(request, withCode);
  const login = await request.post('/api/auth/login', { data: withCode });
  const { access_token: token } = await login.json();
  await request.put('/api/auth/profile', {
    data: { verificacion_codigo: true, display_name: 'Cuenta con código' },
    headers: { authorization: `Bearer ${token}` },
  });

  // Some content to look at: an avatar, a ticket with a screenshot and an answer.
  const editorToken = (
    await (await request.post('/api/auth/login', { data: editorAccount })).json()
  ).access_token;
  const editorAuth = { authorization: `Bearer ${editorToken}` };
  await request.post('/api/auth/avatar', {
    headers: editorAuth,
    multipart: { file: { name: 'yo.png', mimeType: 'image/png', buffer: PNG } },
  });
  await request.put('/api/auth/profile', {
    headers: editorAuth,
    data: { display_name: 'Marta Ruiz' },
  });
  const filed = await request.post('/api/tickets/', {
    headers: editorAuth,
    multipart: {
      tipo: 'bug',
      descripcion:
        'Al exportar a PDF un glosario con 2000 entradas, la descarga se queda en blanco.',
      file: { name: 'captura.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  await request.post('/api/tickets/', {
    headers: editorAuth,
    multipart: {
      tipo: 'sugerencia',
      descripcion: 'Sería útil poder ordenar las entradas por fecha de creación.',
    },
  });
  const adminToken = (await (await request.post('/api/auth/login', { data: ADMIN })).json())
    .access_token;
  await request.put(`/api/admin/tickets/${(await filed.json()).id}`, {
    headers: { authorization: `Bearer ${adminToken}` },
    data: {
      estado: 'en curso',
      respuesta: 'Gracias: lo hemos reproducido y lo estamos arreglando.',
    },
  });

  for (const size of sizes) {
    const profile = await pageAt(browser, size, editorAccount);
    await profile.goto('/perfil');
    await expect(profile.getByRole('heading', { name: 'Tu cuenta' })).toBeVisible();
    await shoot(profile, 'perfil', size);
    await profile.goto('/tickets');
    await expect(profile.getByRole('heading', { name: 'Nuevo ticket' })).toBeVisible();
    await shoot(profile, 'tickets', size);
    await profile.goto('/usuarios');
    await shoot(profile, 'usuarios-editor', size);
    await profile.context().close();

    const admin = await pageAt(browser, size, ADMIN);
    await admin.goto('/usuarios');
    await expect(admin.getByText(/en total/).first()).toBeVisible();
    await shoot(admin, 'usuarios', size);
    await admin.context().close();

    const visitor = await pageAt(browser, size);
    await visitor.goto('/forgot-password');
    await shoot(visitor, 'forgot-password', size);
    await visitor.goto('/restablecer-contrasena?token=ejemplo');
    await shoot(visitor, 'restablecer-contrasena', size);
    await visitor.goto('/login');
    await visitor.getByLabel('Correo electrónico').fill(withCode.email);
    await visitor.getByLabel(/^Contraseña/).fill(withCode.password);
    await visitor.getByRole('button', { name: 'Entrar' }).click();
    await expect(visitor.getByRole('heading', { name: 'Código de verificación' })).toBeVisible();
    await shoot(visitor, 'login-codigo', size);
    await visitor.context().close();
  }
});
