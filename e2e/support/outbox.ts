import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

/** The e2e server writes e-mails to DATA_DIR/outbox (no SMTP_URL). */
const outbox = () => join(process.env.E2E_DATA_DIR!, 'outbox');

function decodeQuotedPrintable(value: string): string {
  const text = value.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(text.charCodeAt(i));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The plain-text bodies of the messages sent to an address, oldest first. */
export function mailsTo(email: string): string[] {
  let names: string[];
  try {
    names = readdirSync(outbox())
      .filter((name) => name.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return names
    .map((name) => readFileSync(join(outbox(), name), 'utf8'))
    .filter((raw) => new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'mi').test(raw))
    .map((raw) => {
      const start = raw.search(/Content-Type: text\/plain/i);
      const part = raw.slice(start);
      const body = part.slice(part.search(/\r?\n\r?\n/)).split(/\r?\n--/)[0] ?? '';
      return /quoted-printable/i.test(part.slice(0, 200)) ? decodeQuotedPrintable(body) : body;
    });
}

/** Waits for the `count`-th message to an address and answers its text. */
export async function nthMailTo(email: string, count: number): Promise<string> {
  await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return mailsTo(email)[count - 1]!;
}

/**
 * Confirms the signed-in account's address as a person would: the button of the /glosarios
 * notice, then the link of the e-mail that arrives. Answers the page back on /glosarios.
 */
export async function confirmEmailFromNotice(page: Page, email: string): Promise<void> {
  const before = mailsTo(email).length;
  await page.goto('/glosarios');
  await page.getByRole('button', { name: 'Enviar enlace de confirmación' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Te hemos enviado un enlace' }),
  ).toBeVisible();
  const mail = await nthMailTo(email, before + 1);
  const link = /https?:\/\/\S+\/confirmar-correo\?token=\S+/.exec(mail)![0];
  await page.goto(link);
  await expect(page.getByText('Correo confirmado.')).toBeVisible();
  await page.getByRole('link', { name: 'Ir a Glosarios' }).click();
  await expect(page).toHaveURL(/\/glosarios$/);
}
