import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' });

test('the first account is admin and sees Usuarios; an editor does not', async ({ adminPage, browser, editorAccount }) => {
  await adminPage.goto('/');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Inicio (BETA)' })).toBeVisible();
  await expect(sidebar(adminPage).getByRole('link', { name: 'Usuarios' })).toBeVisible();

  const context = await browser.newContext();
  const editor = await context.newPage();
  await editor.goto('/login');
  await editor.getByLabel('Correo electrónico').fill(editorAccount.email);
  await editor.getByLabel(/^Contraseña/).fill(editorAccount.password);
  await editor.getByRole('button', { name: 'Entrar' }).click();
  await expect(editor).toHaveURL(/\/glosarios$/);
  await expect(sidebar(editor).getByRole('link', { name: 'Glosarios' })).toBeVisible();
  await expect(sidebar(editor).getByRole('link', { name: 'Usuarios' })).toHaveCount(0);
  await context.close();
});

test('the shell at phone width: the sidebar is a burger menu', async ({ editorPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/guia');
  await expect(page.getByRole('heading', { level: 1, name: 'Guía rápida sobre LudoTerm (BETA)' })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Mostrar u ocultar el menú' });
  await expect(sidebar(page).getByRole('link', { name: 'Exportar' })).not.toBeInViewport();

  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await sidebar(page).getByRole('link', { name: 'Exportar' }).click();
  await expect(page).toHaveURL(/\/exportar$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Exportar glosario (BETA)' })).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  // Profile and exit stay reachable as labelled icon buttons.
  await expect(page.getByRole('link', { name: 'Perfil' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
});

test('the footer links the legal pages, which link back to /', async ({ editorPage: page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: /^Contacto: / })).toHaveAttribute('href', /^mailto:/);
  await footer.getByRole('link', { name: 'Términos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Términos de uso' })).toBeVisible();
  await expect(page.getByText('Institucional', { exact: false }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Volver' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inicio (BETA)' })).toBeVisible();
});
