import { cardFields } from '@ludoterm/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@/lib/token-store.ts';
import { adminUser, editorUser, tokens } from '@/test/fixtures.ts';
import type { FixtureHandler } from '@/test/fake-http.ts';
import { renderApp, serveApi } from '@/test/render.tsx';

const health = { status: 'ok', contact_email: 'soporte@example.org', version: '0.1.0' };

function signIn() {
  localStorage.setItem(ACCESS_TOKEN_KEY, tokens.access_token);
  localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refresh_token);
}

/** Health, and /auth/me answering `user` (or 401 without a token). */
function api(user = editorUser, extra?: FixtureHandler): ReturnType<typeof serveApi> {
  return serveApi(async (request) => {
    const answer = extra ? await extra(request) : undefined;
    if (answer) return answer;
    if (request.url === '/health') return { status: 200, data: health };
    if (request.url === '/auth/me') {
      return request.authorization
        ? { status: 200, data: user }
        : {
            status: 401,
            data: { detail: 'Inicia sesión para continuar.', code: 'UNAUTHENTICATED' },
          };
    }
    if (request.url === '/auth/logout') return { status: 204 };
    return { status: 404, data: { detail: 'No encontrado', code: 'ROUTE_NOT_FOUND' } };
  });
}

describe('routes and session', () => {
  it('sends a visitor of a protected page to /login', async () => {
    api();
    const { router } = renderApp('/glosarios');
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows 'Cargando...' while the session loads, then the page in the shell", async () => {
    signIn();
    let release: () => void = () => undefined;
    const meAnswered = new Promise<void>((resolve) => (release = resolve));
    const calls = api(editorUser, async (request) => {
      if (request.url === '/auth/me') {
        await meAnswered;
        return { status: 200, data: editorUser };
      }
      return undefined as never;
    });
    renderApp('/glosarios');
    await waitFor(() => expect(calls.some((call) => call.url === '/auth/me')).toBe(true));
    expect(screen.getByText('Cargando...')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'Glosarios (BETA)' })).toBeInTheDocument();
  });

  it.each([
    ['/', 'Inicio'],
    ['/guia', 'Guía rápida sobre LudoTerm'],
    ['/crear', 'Crear / Importar glosario'],
    ['/entradas', 'Gestionar Entradas'],
    ['/buscar', 'Buscar términos / usos terminológicos'],
    ['/copiar', 'Copiar Entradas a otro glosario'],
    ['/extractor', 'Extractor de términos'],
    ['/exportar', 'Exportar glosario'],
    ['/perfil', 'Perfil'],
    ['/usuarios', 'Gestión de usuarios'],
    ['/tickets', 'Tickets de soporte'],
    ['/docuterm', 'Modelo DocuTerm'],
  ])('titles %s as %s (BETA)', async (path, title) => {
    signIn();
    api(adminUser);
    renderApp(path);
    expect(
      await screen.findByRole('heading', { level: 1, name: `${title} (BETA)` }),
    ).toBeInTheDocument();
  });

  it('sends unknown paths to /', async () => {
    signIn();
    api();
    const { router } = renderApp('/no-existe');
    expect(await screen.findByRole('heading', { name: 'Inicio (BETA)' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('signs out when the me call fails', async () => {
    signIn();
    api(editorUser, (request) =>
      request.url === '/auth/me'
        ? { status: 500, data: { detail: 'Error', code: 'INTERNAL' } }
        : (undefined as never),
    );
    const { router } = renderApp('/glosarios');
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });

  it('signs out with the exit button: tokens removed, server told, back to /login', async () => {
    signIn();
    const calls = api();
    const { router } = renderApp('/glosarios');
    await userEvent.click(await screen.findByRole('button', { name: 'Salir' }));
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    await waitFor(() => expect(calls.some((call) => call.url === '/auth/logout')).toBe(true));
  });
});

describe('/login', () => {
  it('has labelled e-mail and password fields and the links of the spec', async () => {
    api();
    renderApp('/login');
    expect(await screen.findByLabelText(/Correo electrónico/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Contraseña/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: '¿Has olvidado la contraseña?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Crear una cuenta' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('signs in and goes to /glosarios', async () => {
    const calls = api(editorUser, (request) =>
      request.url === '/auth/login' ? { status: 200, data: tokens } : (undefined as never),
    );
    const { router } = renderApp('/login');
    await userEvent.type(await screen.findByLabelText(/Correo electrónico/), 'ana@example.org');
    await userEvent.type(screen.getByLabelText(/^Contraseña/), 'secreta123');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('heading', { name: 'Glosarios (BETA)' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/glosarios');
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(tokens.access_token);
    expect(calls.find((call) => call.url === '/auth/login')?.authorization).toBeNull();
  });

  it('shows the server detail on wrong credentials', async () => {
    api(editorUser, (request) =>
      request.url === '/auth/login'
        ? {
            status: 401,
            data: {
              detail: 'Correo electrónico o contraseña incorrectos.',
              code: 'INVALID_CREDENTIALS',
            },
          }
        : (undefined as never),
    );
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText(/Correo electrónico/), 'ana@example.org');
    await userEvent.type(screen.getByLabelText(/^Contraseña/), 'mala');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Correo electrónico o contraseña incorrectos.',
    );
  });

  it('asks for both fields before calling the server', async () => {
    const calls = api();
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Escribe tu correo electrónico.')).toBeInTheDocument();
    expect(screen.getByText('Escribe tu contraseña.')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/auth/login')).toBe(false);
  });

  it('switches to the code form when the answer requires verification', async () => {
    const calls = api(editorUser, (request) => {
      if (request.url === '/auth/login')
        return { status: 200, data: { requires_verification: true } };
      if (request.url === '/auth/verify-login') {
        expect(request.body).toEqual({ email: 'ana@example.org', code: '123456' });
        return { status: 200, data: tokens };
      }
      return undefined as never;
    });
    const { router } = renderApp('/login');
    await userEvent.type(await screen.findByLabelText(/Correo electrónico/), 'ana@example.org');
    await userEvent.type(screen.getByLabelText(/^Contraseña/), 'secreta123');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));

    await userEvent.type(await screen.findByRole('textbox', { name: /^Código/ }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('heading', { name: 'Glosarios (BETA)' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/glosarios');
    expect(calls.some((call) => call.url === '/auth/verify-login')).toBe(true);
  });
});

describe('/register', () => {
  it('requires 8 characters, then registers, signs in and goes to /glosarios', async () => {
    const calls = api(editorUser, (request) => {
      if (request.url === '/auth/register') return { status: 201, data: editorUser };
      if (request.url === '/auth/login') return { status: 200, data: tokens };
      return undefined as never;
    });
    const { router } = renderApp('/register');
    const password = await screen.findByLabelText(/^Contraseña/);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('minLength', '8');
    expect(screen.getByLabelText(/Correo electrónico/)).toHaveAttribute('type', 'email');

    await userEvent.type(screen.getByLabelText(/Correo electrónico/), 'ana@example.org');
    await userEvent.type(password, 'corta');
    await userEvent.click(screen.getByRole('button', { name: 'Registrarse' }));
    expect(
      await screen.findByText('La contraseña debe tener al menos 8 caracteres.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/auth/register')).toBe(false);

    await userEvent.type(password, 'larga123');
    await userEvent.click(screen.getByRole('button', { name: 'Registrarse' }));
    expect(await screen.findByRole('heading', { name: 'Glosarios (BETA)' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/glosarios');
    // The sign-in calls in order; /glosarios also asks about pending invitations, at its own pace.
    const signInCalls = calls
      .map((call) => call.url)
      .filter((url) => url.startsWith('/auth/') && url !== '/auth/email-confirmation');
    expect(signInCalls).toEqual(['/auth/register', '/auth/login', '/auth/me']);
  });
});

describe('content pages', () => {
  it('builds the DocuTerm table from the contract card', async () => {
    signIn();
    api();
    renderApp('/docuterm');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    // Every card field, then the private comments (not a card field, but in every form).
    const fields = cardFields('es', 'en');
    expect(rows).toHaveLength(fields.length + 1);
    expect(within(rows.at(-1)!).getByText('comentarios_privados')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('termino.es')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Término (es)')).toBeInTheDocument();
    // The target language's definition, right after the base one's, with its description.
    const definition = fields.findIndex((f) => f.id === 'definicion');
    const target = rows[definition + 1]!;
    expect(within(target).getByText('definicion_en')).toBeInTheDocument();
    expect(within(target).getByText('Definición (en)')).toBeInTheDocument();
    expect(
      within(target).getByText(/Definición del concepto en la lengua meta \(en\)/),
    ).toBeInTheDocument();
  });

  it('links the legal pages back to /login when signed out', async () => {
    api();
    renderApp('/privacidad');
    expect(
      await screen.findByRole('heading', { name: 'Política de privacidad' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Volver/ })).toHaveAttribute('href', '/login');
    expect(
      (await screen.findAllByRole('link', { name: /soporte@example\.org/ })).length,
    ).toBeGreaterThan(0);
  });

  it('links the legal pages back to / when signed in', async () => {
    signIn();
    api();
    renderApp('/terminos');
    expect(await screen.findByRole('heading', { name: 'Términos de uso' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Volver/ })).toHaveAttribute('href', '/'),
    );
    expect(screen.getByText('Lite', { selector: 'strong' })).toBeInTheDocument();
  });
});
