import { test as base, expect, type Page } from '@playwright/test';
import { ADMIN, newAccount, registerAccount, signInPage, type Account } from './support/accounts.ts';

interface WorkerFixtures {
  /** An editor account registered once per worker. */
  editorAccount: Account;
}

interface TestFixtures {
  /** A page signed in as the worker's editor account. */
  editorPage: Page;
  /** A page signed in as the installation's administrator. */
  adminPage: Page;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  editorAccount: [
    async ({ playwright }, use, workerInfo) => {
      const api = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      const account = newAccount('editor');
      await registerAccount(api, account);
      await api.dispose();
      await use(account);
    },
    { scope: 'worker' },
  ],
  editorPage: async ({ page, editorAccount }, use) => {
    await signInPage(page, editorAccount);
    await use(page);
  },
  adminPage: async ({ page }, use) => {
    await signInPage(page, ADMIN);
    await use(page);
  },
});

export { expect };
