// Registers the installation's first account, which becomes its administrator, so every
// journey knows who the admin is. Its credentials are shared through the environment.
import { request } from '@playwright/test';
import { ADMIN, registerAccount } from './support/accounts.ts';
import { baseURL } from './playwright.config.ts';

export default async function globalSetup(): Promise<void> {
  const api = await request.newContext({ baseURL });
  try {
    await registerAccount(api, ADMIN);
  } finally {
    await api.dispose();
  }
}
