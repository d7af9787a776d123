import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

/** One e-mail: Spanish plain text and the same content as HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** What the mailer logs: never the body, which holds codes and reset links. */
interface MailLog {
  info(details: Record<string, unknown>, message: string): void;
}

export interface MailerOptions {
  SMTP_URL?: string | undefined;
  MAIL_FROM: string;
  DATA_DIR: string;
}

/** Folder where messages are written when no SMTP server is configured. */
export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox');
}

/** Sends through SMTP_URL, or writes .eml files to DATA_DIR/outbox when there is no mail server. */
export function createMailer(options: MailerOptions, log: MailLog): Mailer {
  if (options.SMTP_URL) {
    const transport = nodemailer.createTransport(options.SMTP_URL);
    return {
      async send(message) {
        await transport.sendMail({ from: options.MAIL_FROM, ...message });
        log.info({ to: message.to, subject: message.subject }, 'correo enviado por SMTP');
      },
    };
  }
  const transport: Transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  const dir = outboxDir(options.DATA_DIR);
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.MAIL_FROM, ...message });
      await mkdir(dir, { recursive: true });
      // Time first so a directory listing sorts oldest to newest.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = join(dir, name);
      // Written under another name, then renamed: whoever lists the outbox (a test waiting
      // for a link, an administrator) never reads half a message.
      const partial = `${file}.parcial`;
      await writeFile(partial, info.message as Buffer, { mode: 0o600 });
      await rename(partial, file);
      log.info(
        { to: message.to, subject: message.subject, file },
        'correo guardado en la bandeja de salida',
      );
    },
  };
}
