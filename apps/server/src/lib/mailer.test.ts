import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readOutbox } from '../test/outbox.ts';
import { createMailer } from './mailer.ts';
import { loginCodeMail, passwordResetMail } from './mailer-templates.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function setup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ludoterm-mail-'));
  dirs.push(dataDir);
  const lines: { details: Record<string, unknown>; message: string }[] = [];
  const mailer = createMailer(
    { MAIL_FROM: 'LudoTerm <no-reply@ludoterm.app>', DATA_DIR: dataDir },
    { info: (details, message) => lines.push({ details, message }) },
  );
  return { dataDir, lines, mailer };
}

describe('createMailer without SMTP_URL', () => {
  it('writes each message as an .eml file in DATA_DIR/outbox, in Spanish text and HTML', async () => {
    const { dataDir, mailer } = setup();
    await mailer.send(loginCodeMail('ana@ejemplo.es', '042917', 10));
    const [mail] = readOutbox(dataDir);
    expect(mail).toMatchObject({
      to: 'ana@ejemplo.es',
      subject: 'Tu código de verificación de LudoTerm: 042917',
    });
    expect(mail!.text).toContain('Escribe este código para terminar de entrar');
    expect(mail!.text).toContain('042917');
    expect(mail!.text).toContain('caduca en 10 minutos');
    expect(mail!.html).toContain('<html lang="es">');
    const raw = readFileSync(join(dataDir, 'outbox', mail!.file), 'utf8');
    expect(raw).toMatch(/^From: LudoTerm <no-reply@ludoterm\.app>$/m);
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);
  });

  it('logs the recipient and subject, never the body with its secrets', async () => {
    const { lines, mailer } = setup();
    await mailer.send(
      passwordResetMail(
        'luis@ejemplo.es',
        'https://ludoterm.example/restablecer-contrasena?token=SECRETO',
        60,
      ),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]!.message).toBe('correo guardado en la bandeja de salida');
    expect(JSON.stringify(lines[0]!.details)).not.toContain('SECRETO');
    expect(lines[0]!.details).toMatchObject({
      to: 'luis@ejemplo.es',
      subject: 'Restablece tu contraseña de LudoTerm',
    });
  });

  it('escapes HTML in the templates', async () => {
    const { dataDir, mailer } = setup();
    await mailer.send(
      passwordResetMail('eva@ejemplo.es', 'https://x.example/?a=1&b="<script>"', 60),
    );
    const [mail] = readOutbox(dataDir);
    expect(mail!.html).toContain('a=1&amp;b=&quot;&lt;script&gt;&quot;');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.text).toContain('caduca en 1 hora');
  });
});
