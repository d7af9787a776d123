import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveAccount, signIn } from '@/test/account-fixtures.ts';
import { editorUser } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render.tsx';
import type { FixtureAnswer } from '@/test/fake-http.ts';

function serve(confirmAnswer: FixtureAnswer) {
  const sent: unknown[] = [];
  const calls = serveAccount(
    () => editorUser,
    (request) => {
      if (request.method === 'POST' && request.url === '/auth/confirm-email') {
        sent.push(request.body);
        return confirmAnswer;
      }
      return undefined as never;
    },
  );
  return { sent, calls };
}

describe('/confirmar-correo', () => {
  it('uses the link once for the signed-in account and says the address is confirmed', async () => {
    signIn();
    const { sent, calls } = serve({ status: 200, data: { detail: 'Correo confirmado.' } });
    renderApp('/confirmar-correo?token=abc123');
    expect(
      await screen.findByText(
        'Correo confirmado. Ya puedes ver los glosarios que te han compartido.',
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ token: 'abc123' }]);
    expect(screen.getByRole('link', { name: 'Ir a Glosarios' })).toHaveAttribute(
      'href',
      '/glosarios',
    );
    // The user is read again: ADMIN_EMAIL's account may have become admin.
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/auth/me').length).toBeGreaterThanOrEqual(2),
    );
  });

  it("shows why a link is refused (used, expired or another account's)", async () => {
    signIn();
    serve({
      status: 422,
      data: {
        code: 'INVALID_CONFIRMATION_LINK',
        detail:
          'El enlace para confirmar el correo no es válido, ya se ha usado, ha caducado o es de otra cuenta. Pide uno nuevo desde Glosarios.',
      },
    });
    renderApp('/confirmar-correo?token=usado');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudo confirmar el correo: El enlace para confirmar el correo no es válido',
    );
  });

  it('asks to sign in first, without using the link, when there is no session', async () => {
    const { sent } = serve({ status: 200, data: { detail: 'Correo confirmado.' } });
    renderApp('/confirmar-correo?token=abc123');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Para confirmar tu correo, inicia sesión con la cuenta a la que llegó el enlace y vuelve a abrirlo desde el correo.',
    );
    expect(screen.getByRole('link', { name: 'Ir a iniciar sesión' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(sent).toEqual([]);
  });

  it('says the link is incomplete when it has no token', async () => {
    signIn();
    const { sent } = serve({ status: 200, data: { detail: 'Correo confirmado.' } });
    renderApp('/confirmar-correo');
    expect(await screen.findByRole('alert')).toHaveTextContent('Este enlace no está completo.');
    expect(sent).toEqual([]);
  });
});
