import type { MailMessage } from './mailer.ts';

/** The e-mails LudoTerm sends, in Spanish, as plain text and HTML with the same content. */

const FOOTER = 'Si no has sido tú, puedes ignorar este mensaje: tu cuenta sigue protegida.';

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A small, inline-styled page: mail clients ignore stylesheets. */
function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:18px;font-weight:bold">LudoTerm <span style="color:#7b8794;font-weight:normal">(BETA)</span></p>
${body}
</div>
</body>
</html>
`;
}

/** '10 minutos', '1 hora', '2 horas'. */
function durationText(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} minutos`;
  const hours = minutes / 60;
  return hours === 1 ? '1 hora' : `${hours} horas`;
}

const paragraph = (text: string) =>
  `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text)}</p>`;
const small = (text: string) =>
  `<p style="margin:16px 0 0;font-size:13px;color:#52606d;line-height:1.5">${escapeHtml(text)}</p>`;

export function loginCodeMail(to: string, code: string, minutes: number): MailMessage {
  const subject = `Tu código de verificación de LudoTerm: ${code}`;
  const intro = 'Has iniciado sesión en LudoTerm. Escribe este código para terminar de entrar:';
  const validity = `El código caduca en ${durationText(minutes)} y solo sirve una vez.`;
  return {
    to,
    subject,
    text: `Hola:\n\n${intro}\n\n    ${code}\n\n${validity}\n\n${FOOTER}\n\nLudoTerm (BETA)\n`,
    html: htmlPage(
      subject,
      paragraph('Hola:') +
        paragraph(intro) +
        `<p style="margin:0 0 16px;font-size:32px;letter-spacing:8px;font-weight:bold;font-family:monospace">${escapeHtml(code)}</p>` +
        paragraph(validity) +
        small(FOOTER),
    ),
  };
}

export function passwordResetMail(to: string, link: string, minutes: number): MailMessage {
  const subject = 'Restablece tu contraseña de LudoTerm';
  const intro =
    'Alguien ha pedido restablecer la contraseña de tu cuenta de LudoTerm. Abre este enlace para elegir una nueva:';
  const validity = `El enlace caduca en ${durationText(minutes)} y solo sirve una vez. Al cambiar la contraseña se cerrarán todas tus sesiones abiertas.`;
  return {
    to,
    subject,
    text: `Hola:\n\n${intro}\n\n${link}\n\n${validity}\n\n${FOOTER}\n\nLudoTerm (BETA)\n`,
    html: htmlPage(
      subject,
      paragraph('Hola:') +
        paragraph(intro) +
        `<p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#1c7ed6;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:4px">Elegir una contraseña nueva</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;word-break:break-all">${escapeHtml(link)}</p>` +
        paragraph(validity) +
        small(FOOTER),
    ),
  };
}

export function emailConfirmationMail(to: string, link: string, minutes: number): MailMessage {
  const subject = 'Confirma tu correo en LudoTerm';
  const intro =
    'Has pedido confirmar que este correo es tuyo en LudoTerm. Abre este enlace con tu cuenta abierta para confirmarlo; después verás los glosarios que te han compartido:';
  const validity = `El enlace caduca en ${durationText(minutes)} y solo sirve una vez, para la cuenta que lo pidió.`;
  const footer =
    'Si no has creado tú una cuenta de LudoTerm con este correo, no abras el enlace: así nadie podrá usar tu dirección.';
  return {
    to,
    subject,
    text: `Hola:\n\n${intro}\n\n${link}\n\n${validity}\n\n${footer}\n\nLudoTerm (BETA)\n`,
    html: htmlPage(
      subject,
      paragraph('Hola:') +
        paragraph(intro) +
        `<p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#1c7ed6;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:4px">Confirmar mi correo</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;word-break:break-all">${escapeHtml(link)}</p>` +
        paragraph(validity) +
        small(footer),
    ),
  };
}

export function ticketAnsweredMail(
  to: string,
  ticket: { id: number; respuesta: string; estado: string },
  link: string,
): MailMessage {
  const subject = `Respuesta a tu ticket n.º ${ticket.id} de LudoTerm`;
  const intro = `Un administrador ha respondido a tu ticket n.º ${ticket.id} (estado: ${ticket.estado}).`;
  const where = 'Puedes verlo también en tu perfil:';
  return {
    to,
    subject,
    text: `Hola:\n\n${intro}\n\n${ticket.respuesta}\n\n${where} ${link}\n\nLudoTerm (BETA)\n`,
    html: htmlPage(
      subject,
      paragraph('Hola:') +
        paragraph(intro) +
        `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:4px solid #1c7ed6;background:#f1f5f9;white-space:pre-wrap">${escapeHtml(ticket.respuesta)}</blockquote>` +
        `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(where)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    ),
  };
}

export function failedSignInsMail(to: string, failures: number, minutes: number): MailMessage {
  const subject = 'Intentos fallidos de entrar en tu cuenta de LudoTerm';
  const intro = `Alguien ha intentado entrar en tu cuenta de LudoTerm con una contraseña equivocada ${failures} veces en los últimos ${durationText(minutes)}.`;
  const advice =
    'Si eras tú, no tienes que hacer nada. Si no, cambia tu contraseña desde «¿Olvidaste tu contraseña?»: al cambiarla se cierran todas las sesiones abiertas. Mientras tanto, esos intentos esperan cada vez más y tu contraseña correcta sigue funcionando.';
  return {
    to,
    subject,
    text: `Hola:\n\n${intro}\n\n${advice}\n\nLudoTerm (BETA)\n`,
    html: htmlPage(subject, paragraph('Hola:') + paragraph(intro) + paragraph(advice)),
  };
}
