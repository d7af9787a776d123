import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';

export interface Account {
  email: string;
  password: string;
}

/** The first account of the e2e installation: an administrator. */
export const ADMIN: Account = { email: 'admin@ludoterm.test', password: 'admin-segura-1234' };

/** A new, unique account's credentials. */
export function newAccount(prefix = 'usuario'): Account {
  return { email: `${prefix}-${randomBytes(4).toString('hex')}@ludoterm.test`, password: 'contraseña-segura-1' };
}

/** Registers an account through the API (no-op when it already exists). */
export async function registerAccount(api: APIRequestContext, account: Account): Promise<void> {
  const res = await api.post('/api/auth/register', { data: account });
  if (!res.ok() && res.status() !== 409) {
    throw new Error(`No se pudo registrar ${account.email}: ${res.status()} ${await res.text()}`);
  }
}

/** Signs in through the API and returns the tokens. */
export async function login(
  api: APIRequestContext,
  account: Account,
): Promise<{ access_token: string; refresh_token: string }> {
  const res = await api.post('/api/auth/login', { data: account });
  if (!res.ok()) throw new Error(`No se pudo iniciar sesión como ${account.email}: ${res.status()}`);
  return res.json();
}

/** Puts an account's session tokens in the page's local storage, as the app keeps them. */
export async function signInPage(page: Page, account: Account): Promise<void> {
  const tokens = await login(page.request, account);
  await page.addInitScript((t) => {
    if (!window.localStorage.getItem('access_token')) {
      window.localStorage.setItem('access_token', t.access_token);
      window.localStorage.setItem('refresh_token', t.refresh_token);
    }
  }, tokens);
}
