import type { EmailConfirmationStatus } from '@ludoterm/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FixtureAnswer } from '@/test/fake-http.ts';
import { renderWithProviders, serveApi } from '@/test/render.tsx';
import { EmailConfirmationNotice } from './email-confirmation-notice.tsx';

const EMAIL = 'colega@example.org';

function serve(status: EmailConfirmationStatus, sendAnswer?: FixtureAnswer) {
  return serveApi((request) => {
    if (request.method === 'GET' && request.url === '/auth/email-confirmation')
      return { status: 200, data: status };
    if (request.method === 'POST' && request.url === '/auth/email-confirmation')
      return sendAnswer ?? { status: 200, data: { detail: 'Enviado.' } };
    return { status: 404, data: { detail: 'No encontrado', code: 'ROUTE_NOT_FOUND' } };
  });
}

describe('EmailConfirmationNotice (/glosarios)', () => {
  it('says one invitation waits, e-mails the link on request and says it was sent', async () => {
    const calls = serve({ correo_confirmado: false, invitaciones_pendientes: 1 });
    renderWithProviders(<EmailConfirmationNotice email={EMAIL} />);
    const notice = await screen.findByRole('region', {
      name: 'Tienes 1 invitación a glosarios esperando a que confirmes tu correo.',
    });
    expect(notice).toHaveTextContent(`Te enviaremos un enlace a ${EMAIL}.`);

    await userEvent.click(screen.getByRole('button', { name: 'Enviar enlace de confirmación' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      `Te hemos enviado un enlace a ${EMAIL}. Revisa tu bandeja de entrada (y la carpeta de spam). El enlace caduca en 24 horas.`,
    );
    expect(screen.getByRole('button', { name: 'Enviar otro enlace' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({ url: '/auth/email-confirmation' }),
    ]);
  });

  it('counts several invitations in the plural', async () => {
    serve({ correo_confirmado: false, invitaciones_pendientes: 3 });
    renderWithProviders(<EmailConfirmationNotice email={EMAIL} />);
    expect(
      await screen.findByText(
        'Tienes 3 invitaciones a glosarios esperando a que confirmes tu correo.',
      ),
    ).toBeInTheDocument();
  });

  it("shows the server's reason when the link cannot be sent", async () => {
    serve(
      { correo_confirmado: false, invitaciones_pendientes: 2 },
      {
        status: 429,
        data: {
          code: 'RATE_LIMITED',
          detail:
            'Ya te hemos enviado 3 enlaces en la última hora. Usa el más reciente o vuelve a intentarlo más tarde.',
        },
      },
    );
    renderWithProviders(<EmailConfirmationNotice email={EMAIL} />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Enviar enlace de confirmación' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'No se pudo enviar el enlace: Ya te hemos enviado 3 enlaces en la última hora.',
    );
  });

  it.each([
    { correo_confirmado: true, invitaciones_pendientes: 0 },
    { correo_confirmado: false, invitaciones_pendientes: 0 },
  ])('shows nothing when no invitation waits (%o)', async (status) => {
    const calls = serve(status);
    renderWithProviders(<EmailConfirmationNotice email={EMAIL} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByText(/invitaci/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
