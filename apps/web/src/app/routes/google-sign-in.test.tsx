import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  GoogleCredentialResponse,
  GoogleIdentityApi,
} from '@/features/auth/utils/google-identity.ts';
import { GOOGLE_SCRIPT_URL } from '@/features/auth/utils/google-identity.ts';
import type { FixtureHandler } from '@/test/fake-http.ts';
import { editorUser, tokens } from '@/test/fixtures.ts';
import { renderApp, serveApi } from '@/test/render.tsx';

const CLIENT_ID = '1234-ludoterm.apps.googleusercontent.com';

function serve(googleClientId: string | null, extra: FixtureHandler = () => undefined as never) {
  return serveApi(async (request) => {
    const answer = await extra(request);
    if (answer) return answer;
    if (request.url === '/health') {
      return {
        status: 200,
        data: {
          status: 'ok',
          contact_email: 'soporte@example.org',
          version: '0.1.0',
          google_client_id: googleClientId,
        },
      };
    }
    if (request.url === '/auth/me') {
      return request.authorization
        ? { status: 200, data: editorUser }
        : { status: 401, data: { detail: 'x', code: 'UNAUTHENTICATED' } };
    }
    return { status: 404, data: { detail: 'No encontrado', code: 'ROUTE_NOT_FOUND' } };
  });
}

/** Google's script as the page sees it once loaded: renders a button and hands a credential. */
function fakeGoogle() {
  const state: {
    callback: ((response: GoogleCredentialResponse) => void) | null;
    clientId: string | null;
  } = {
    callback: null,
    clientId: null,
  };
  const api: GoogleIdentityApi = {
    accounts: {
      id: {
        initialize(options) {
          state.clientId = options.client_id;
          state.callback = options.callback;
        },
        renderButton(parent) {
          const button = document.createElement('button');
          button.textContent = 'Continuar con Google';
          parent.append(button);
        },
      },
    },
  };
  window.google = api;
  return state;
}

/** An ID token as far as the client reads it: only the e-mail in the payload. */
const credential = `h.${btoa(JSON.stringify({ email: 'ana@example.org' })).replace(/=+$/, '')}.s`;

afterEach(() => {
  delete window.google;
  document
    .querySelectorAll(`script[src="${GOOGLE_SCRIPT_URL}"]`)
    .forEach((script) => script.remove());
});

describe('Google sign-in button', () => {
  it("is absent, and Google's script never loaded, when the installation does not offer it", async () => {
    serve(null);
    renderApp('/login');
    await screen.findByRole('button', { name: 'Entrar' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector(`script[src="${GOOGLE_SCRIPT_URL}"]`)).toBeNull();
    expect(screen.queryByText('Continuar con Google')).not.toBeInTheDocument();
  });

  it("loads Google's script only when GET /health gives a client id", async () => {
    serve(CLIENT_ID);
    renderApp('/register');
    await waitFor(() =>
      expect(document.querySelector(`script[src="${GOOGLE_SCRIPT_URL}"]`)).not.toBeNull(),
    );
    expect(screen.getByText('Cargando el acceso con Google...')).toBeInTheDocument();
  });

  it('sends the credential to POST /auth/google and opens /glosarios', async () => {
    const google = fakeGoogle();
    let sent: unknown = null;
    serve(CLIENT_ID, (request) => {
      if (request.url === '/auth/google') {
        sent = request.body;
        return { status: 200, data: tokens };
      }
      return undefined as never;
    });
    const { router } = renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Continuar con Google' })).toBeInTheDocument();
    expect(google.clientId).toBe(CLIENT_ID);
    google.callback!({ credential });
    await waitFor(() => expect(router.state.location.pathname).toBe('/glosarios'));
    expect(sent).toEqual({ id_token: credential });
  });

  it("asks for the existing account's password to link it, then signs in", async () => {
    const google = fakeGoogle();
    const bodies: unknown[] = [];
    serve(CLIENT_ID, (request) => {
      if (request.url !== '/auth/google') return undefined as never;
      bodies.push(request.body);
      return (request.body as { password?: string }).password
        ? { status: 200, data: tokens }
        : {
            status: 403,
            data: {
              detail:
                'Ya existe una cuenta con este correo. Inicia sesión con tu contraseña para vincular Google.',
              code: 'ACCOUNT_LINK_REQUIRED',
            },
          };
    });
    const { router } = renderApp('/login');
    await screen.findByRole('button', { name: 'Continuar con Google' });
    google.callback!({ credential });
    expect(
      await screen.findByRole('heading', { name: 'Vincular tu cuenta de Google' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Ya existe una cuenta de LudoTerm con el correo ana@example\.org/),
    ).toBeInTheDocument();
    await userEvent.type(screen.getAllByLabelText(/^Contraseña/).at(-1)!, 'secreta123');
    await userEvent.click(screen.getByRole('button', { name: 'Vincular y entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/glosarios'));
    expect(bodies).toEqual([
      { id_token: credential },
      { id_token: credential, password: 'secreta123' },
    ]);
  });
});
