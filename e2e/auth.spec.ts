import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { login, newAccount, registerAccount } from './support/accounts.ts';

const glossariesHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Glosarios (BETA)' });

/** An access token of `userId` that expired an hour ago, signed with the e2e server's secret. */
function expiredAccessToken(userId: number): string {
  const secret = readFileSync(join(process.env.E2E_DATA_DIR!, 'secrets', 'jwt-secret'), 'utf8').trim();
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const issuedAt = Math.floor(Date.now() / 1000) - 3600;
  const unsigned = `${encode({ alg: 'HS256' })}.${encode({ typ: 'access', sub: String(userId), iat: issuedAt, exp: issuedAt + 900 })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

test('a newcomer registers, lands on /glosarios, stays signed in after a reload and signs out', async ({ page }) => {
  const account = newAccount('recien-llegada');
  await page.goto('/register');
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel(/^Contraseña/).fill(account.password);
  await page.getByRole('button', { name: 'Registrarse' }).click();

  await expect(page).toHaveURL(/\/glosarios$/);
  await expect(glossariesHeading(page)).toBeVisible();
  await expect(page.getByRole('banner').getByText(account.email)).toBeVisible();

  await page.reload();
  await expect(glossariesHeading(page)).toBeVisible();

  await page.getByRole('button', { name: 'Salir' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('access_token'), localStorage.getItem('refresh_token')])).toEqual([
    null,
    null,
  ]);
});

test('a wrong password is refused in Spanish and a good one opens /glosarios', async ({ page, request }) => {
  const account = newAccount('vuelve');
  await registerAccount(request, account);
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel(/^Contraseña/).fill('no-es-la-contraseña');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Correo electrónico o contraseña incorrectos.');

  await page.getByLabel(/^Contraseña/).fill(account.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/glosarios$/);
});

test('a protected page sends a visitor without a session to /login', async ({ page }) => {
  await page.goto('/entradas');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await page.goto('/no-existe');
  await expect(page).toHaveURL(/\/login$/);
});

test('two tabs stay signed in across an access-token expiry, renewing once', async ({ browser, request }) => {
  const account = newAccount('dos-pestanas');
  await registerAccount(request, account);
  const tokens = await login(request, account);
  const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${tokens.access_token}` } });
  const { id } = (await me.json()) as { id: number };

  const context = await browser.newContext();
  const renewals: string[] = [];
  context.on('request', (req) => {
    if (req.url().endsWith('/api/auth/refresh')) renewals.push(req.url());
  });
  const first = await context.newPage();
  await first.goto('/login');
  await first.evaluate((t) => {
    localStorage.setItem('access_token', t.access_token);
    localStorage.setItem('refresh_token', t.refresh_token);
  }, tokens);
  const second = await context.newPage();
  await Promise.all([first.goto('/glosarios'), second.goto('/glosarios')]);
  await expect(glossariesHeading(first)).toBeVisible();
  await expect(glossariesHeading(second)).toBeVisible();
  expect(renewals).toHaveLength(0);

  // The access token both tabs share expires; both reload at once.
  await first.evaluate((expired) => localStorage.setItem('access_token', expired), expiredAccessToken(id));
  await Promise.all([first.reload(), second.reload()]);

  await expect(glossariesHeading(first)).toBeVisible();
  await expect(glossariesHeading(second)).toBeVisible();
  // The tabs take turns under a Web Lock and the second reuses what the first stored. Chromium
  // propagates localStorage between renderer processes asynchronously, so now and then the
  // second still reads the old token and renews too: the server's grace window then answers it
  // the same new pair, so nobody is signed out and both tabs end with one session.
  expect(renewals.length).toBeGreaterThanOrEqual(1);
  expect(renewals.length).toBeLessThanOrEqual(2);
  const firstStored = await first.evaluate(() => localStorage.getItem('refresh_token'));
  const secondStored = await second.evaluate(() => localStorage.getItem('refresh_token'));
  expect(secondStored).not.toBe(tokens.refresh_token);
  expect(secondStored).toBe(firstStored);
  // That session is alive: its refresh token still renews.
  const renewed = await request.post('/api/auth/refresh', { data: { refresh_token: secondStored } });
  expect(renewed.ok()).toBe(true);
  await context.close();
});
