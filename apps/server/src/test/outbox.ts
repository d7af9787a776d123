import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { outboxDir } from '../lib/mailer.ts';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

function decodeQuotedPrintable(value: string): string {
  const text = value.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) in a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function header(block: string, name: string): string {
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded);
  return match ? decodeHeader(match[1]!.trim()) : '';
}

function part(message: string, type: string): string {
  const start = message.search(new RegExp(`Content-Type: ${type}`, 'i'));
  if (start < 0) return '';
  const rest = message.slice(start);
  const bodyStart = rest.search(/\r?\n\r?\n/);
  const headers = rest.slice(0, bodyStart);
  const body =
    rest
      .slice(bodyStart)
      .replace(/^\r?\n\r?\n/, '')
      .split(/\r?\n--/)[0] ?? '';
  if (/quoted-printable/i.test(headers)) return decodeQuotedPrintable(body);
  if (/base64/i.test(headers)) return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

/** Every message in DATA_DIR/outbox, oldest first, decoded enough for assertions. */
export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = outboxDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => {
      const raw = readFileSync(join(dir, name), 'utf8');
      const headerBlock = raw.slice(0, raw.search(/\r?\n\r?\n/));
      return {
        file: name,
        to: header(headerBlock, 'To'),
        subject: header(headerBlock, 'Subject'),
        text: part(raw, 'text/plain'),
        html: part(raw, 'text/html'),
      };
    });
}

/** The newest message to an address, or undefined. */
export function lastMailTo(dataDir: string, to: string): OutboxMail | undefined {
  return readOutbox(dataDir)
    .filter((mail) => mail.to.toLowerCase() === to.toLowerCase())
    .at(-1);
}

/** Waits (up to `timeoutMs`) until `count` messages to the address are in the outbox. */
export async function waitForMails(
  dataDir: string,
  to: string,
  count = 1,
  timeoutMs = 5000,
): Promise<OutboxMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = readOutbox(dataDir).filter((mail) => mail.to.toLowerCase() === to.toLowerCase());
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
