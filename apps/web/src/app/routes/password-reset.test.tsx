import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveApi, renderApp } from '@/test/render.tsx';
import type { FixtureHandler } from '@/test/fake-http.ts';

const health = {
  status: 'ok',
  contact_email: 'soporte@example.org',
  version: '0.1.0',
  google_client_id: null,
};

function serve(extra: FixtureHandler) {
  return serveApi(async (request) => {
    const answer = await extra(request);
    if (answer) return answer;
    if (request.url === '/health') return { status: 200, data: health };
    return {
      status: 401,
      data: { detail: 'Inicia sesión para continuar.', code: 'UNAUTHENTICATED' },
    };
  });
}

describe('/forgot-password', () => {
  it('asks for the e-mail and shows the same confirmation for every address', async () => {
    let sent: unknown = null;
    serve((request) => {
      if (request.url === '/auth/forgot-password') {
        sent = request.body;
        return {
          status: 200,
          data: { detail: 'Si existe una cuenta con ese correo, te hemos enviado un enlace.' },
        };
      }
      return undefined as never;
    });
    renderApp('/forgot-password');
    expect(
      await screen.findByRole('heading', { name: 'Recuperar la contraseña' }),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Correo electrónico/), 'ana@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Si existe una cuenta con ese correo, te hemos enviado un enlace para restablecer la contraseña.',
    );
    expect(sent).toEqual({ email: 'ana@example.org' });
    expect(screen.getByRole('link', { name: 'Volver al inicio de sesión' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('checks the address before calling the server', async () => {
    const calls = serve(() => undefined as never);
    renderApp('/forgot-password');
    await userEvent.type(await screen.findByLabelText(/Correo electrónico/), 'no-es-correo');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByText('Escribe un correo electrónico válido.')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/auth/forgot-password')).toBe(false);
  });
});

describe('/restablecer-contrasena', () => {
  it('sets the new password typed twice, with the token of the link', async () => {
    let sent: unknown = null;
    serve((request) => {
      if (request.url === '/auth/reset-password') {
        sent = request.body;
        return { status: 200, data: { detail: 'Contraseña cambiada.' } };
      }
      return undefined as never;
    });
    renderApp('/restablecer-contrasena?token=abc123');
    await userEvent.type(await screen.findByLabelText(/^Nueva contraseña/), 'nueva-clave-1');
    await userEvent.type(screen.getByLabelText(/^Repite la contraseña/), 'nueva-clave-2');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar la contraseña' }));
    expect(await screen.findByText('Las dos contraseñas no coinciden.')).toBeInTheDocument();
    expect(sent).toBeNull();

    await userEvent.clear(screen.getByLabelText(/^Repite la contraseña/));
    await userEvent.type(screen.getByLabelText(/^Repite la contraseña/), 'nueva-clave-1');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar la contraseña' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Contraseña cambiada.');
    expect(sent).toEqual({ token: 'abc123', password: 'nueva-clave-1' });
    expect(screen.getByRole('link', { name: 'Ir a iniciar sesión' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('refuses a password under 8 characters', async () => {
    serve(() => undefined as never);
    renderApp('/restablecer-contrasena?token=abc123');
    await userEvent.type(await screen.findByLabelText(/^Nueva contraseña/), 'corta');
    await userEvent.type(screen.getByLabelText(/^Repite la contraseña/), 'corta');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar la contraseña' }));
    expect(
      await screen.findByText('La contraseña debe tener al menos 8 caracteres.'),
    ).toBeInTheDocument();
  });

  it('explains a used or expired link and offers a new one', async () => {
    serve((request) =>
      request.url === '/auth/reset-password'
        ? {
            status: 422,
            data: {
              detail:
                'El enlace para restablecer la contraseña no es válido, ya se ha usado o ha caducado. Pide uno nuevo.',
              code: 'INVALID_RESET_LINK',
            },
          }
        : (undefined as never),
    );
    renderApp('/restablecer-contrasena?token=usado');
    await userEvent.type(await screen.findByLabelText(/^Nueva contraseña/), 'nueva-clave-1');
    await userEvent.type(screen.getByLabelText(/^Repite la contraseña/), 'nueva-clave-1');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar la contraseña' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ya se ha usado o ha caducado');
    expect(screen.getByRole('link', { name: 'Pedir un enlace nuevo' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('says so when the link has no token', async () => {
    serve(() => undefined as never);
    renderApp('/restablecer-contrasena');
    expect(await screen.findByRole('alert')).toHaveTextContent('Este enlace no está completo.');
  });
});
