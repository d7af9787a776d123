import { expect, test } from '@playwright/test';

test('the server answers the built web app and the API from one origin', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
  expect(await health.json()).toMatchObject({ status: 'ok', database: 'sqlite' });

  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveTitle(/LudoTerm/);

  // A client route deep link answers the page too, and unknown API paths answer JSON.
  const deepLink = await request.get('/glosarios');
  expect(deepLink.headers()['content-type']).toContain('text/html');
  const unknownApi = await request.get('/api/no-existe');
  expect(unknownApi.status()).toBe(404);
  expect(await unknownApi.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
});
