import type { User } from '@ludoterm/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { answeredTicket, pendingTicket, serveAccount, signIn } from '@/test/account-fixtures.ts';
import { editorUser } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render.tsx';

beforeEach(() => {
  signIn();
});

const header = () => within(screen.getByRole('banner'));

describe('/perfil', () => {
  it('shows e-mail, role, plan with the trial days, and the own tickets with their answers', async () => {
    serveAccount(
      () => editorUser,
      (request) => {
        if (request.url === '/tickets/mine')
          return { status: 200, data: [answeredTicket, pendingTicket] };
        if (request.url.startsWith('/tickets/imagenes/'))
          return { status: 200, data: new Blob(['x'], { type: 'image/webp' }) };
        return undefined as never;
      },
    );
    renderApp('/perfil');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Perfil (BETA)' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Tu cuenta' })).getByText('ana@example.org'),
    ).toBeInTheDocument();
    expect(screen.getByText('Editor')).toBeInTheDocument();
    expect(screen.getByText('Pro (prueba)')).toBeInTheDocument();
    expect(screen.getByText('14 días de prueba restantes')).toBeInTheDocument();

    const tickets = await screen.findAllByRole('article');
    expect(tickets).toHaveLength(2);
    expect(within(tickets[0]!).getByText('resuelto')).toBeInTheDocument();
    expect(within(tickets[0]!).getByText('Ya está disponible en Exportar.')).toBeInTheDocument();
    expect(within(tickets[1]!).getByText('pendiente')).toBeInTheDocument();
    expect(within(tickets[1]!).getByText('Aún sin respuesta.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir un ticket' })).toHaveAttribute(
      'href',
      '/tickets',
    );
  });

  it("says 'Prueba finalizada' once the trial has ended", async () => {
    serveAccount(
      () => ({ ...editorUser, trial_remaining: 0 }),
      (request) =>
        request.url === '/tickets/mine' ? { status: 200, data: [] } : (undefined as never),
    );
    renderApp('/perfil');
    expect(await screen.findByText('Prueba finalizada')).toBeInTheDocument();
    expect(await screen.findByText('Todavía no has enviado ningún ticket.')).toBeInTheDocument();
  });

  it('saves the display name and the header shows it at once, without asking to reload', async () => {
    let me: User = editorUser;
    const calls = serveAccount(
      () => me,
      (request) => {
        if (request.url === '/tickets/mine') return { status: 200, data: [] };
        if (request.method === 'PUT' && request.url === '/auth/profile') {
          expect(request.body).toEqual({ display_name: 'Ana T.' });
          me = { ...me, display_name: 'Ana T.' };
          return { status: 200, data: me };
        }
        return undefined as never;
      },
    );
    renderApp('/perfil');
    const input = await screen.findByLabelText(/Nombre visible/);
    await userEvent.clear(input);
    await userEvent.type(input, 'Ana T.');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Nombre actualizado.')).toBeInTheDocument();
    await waitFor(() => expect(header().getByText('Ana T.')).toBeInTheDocument());
    expect(screen.queryByText(/recarga/i)).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/auth/profile')).toHaveLength(1);
  });

  it("shows '❌ Error al actualizar nombre' with the server's detail when saving fails", async () => {
    serveAccount(
      () => editorUser,
      (request) => {
        if (request.url === '/tickets/mine') return { status: 200, data: [] };
        if (request.url === '/auth/profile')
          return {
            status: 500,
            data: { detail: 'Ha ocurrido un error interno.', code: 'INTERNAL' },
          };
        return undefined as never;
      },
    );
    renderApp('/perfil');
    const input = await screen.findByLabelText(/Nombre visible/);
    await userEvent.type(input, ' B');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al actualizar nombre');
    expect(alert).toHaveTextContent('Ha ocurrido un error interno.');
  });

  it('previews the chosen avatar, uploads it and the header shows the new image', async () => {
    let me: User = editorUser;
    let sent: FormData | null = null;
    serveAccount(
      () => me,
      (request) => {
        if (request.url === '/tickets/mine') return { status: 200, data: [] };
        if (request.method === 'POST' && request.url === '/auth/avatar') {
          sent = request.body as FormData;
          me = { ...me, avatar_url: '/api/avatars/nuevo.webp' };
          return { status: 200, data: me };
        }
        return undefined as never;
      },
    );
    const { container } = renderApp('/perfil');
    await screen.findByRole('button', { name: 'Elegir imagen' });
    const file = new File(['png'], 'yo.png', { type: 'image/png' });
    await userEvent.upload(container.querySelector('input[type="file"]')!, file);
    expect(
      await screen.findByRole('img', { name: 'Vista previa del nuevo avatar' }),
    ).toHaveAttribute('src', 'data:image/png;base64,cG5n');

    await userEvent.click(screen.getByRole('button', { name: 'Subir avatar' }));
    expect(await screen.findByText('Avatar actualizado.')).toBeInTheDocument();
    expect((sent as FormData | null)?.get('file')).toBe(file);
    await waitFor(() =>
      expect(header().getByRole('img', { name: 'Avatar de Ana Torres' })).toHaveAttribute(
        'src',
        '/api/avatars/nuevo.webp',
      ),
    );
  });

  it("shows '❌ Error al subir avatar' with the server's reason", async () => {
    serveAccount(
      () => editorUser,
      (request) => {
        if (request.url === '/tickets/mine') return { status: 200, data: [] };
        if (request.url === '/auth/avatar') {
          return {
            status: 415,
            data: {
              detail:
                'Las imágenes SVG no se admiten. Sube una imagen PNG, JPEG, WebP, GIF o AVIF.',
              code: 'UNSUPPORTED_MEDIA_TYPE',
            },
          };
        }
        return undefined as never;
      },
    );
    const { container } = renderApp('/perfil');
    await screen.findByRole('button', { name: 'Elegir imagen' });
    await userEvent.upload(
      container.querySelector('input[type="file"]')!,
      new File(['<svg/>'], 'yo.svg', { type: 'image/svg+xml' }),
      {
        applyAccept: false,
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Subir avatar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al subir avatar');
    expect(alert).toHaveTextContent('Las imágenes SVG no se admiten.');
  });

  it('turns the sign-in code on', async () => {
    let me: User = editorUser;
    serveAccount(
      () => me,
      (request) => {
        if (request.url === '/tickets/mine') return { status: 200, data: [] };
        if (request.url === '/auth/profile') {
          expect(request.body).toEqual({ verificacion_codigo: true });
          me = { ...me, verificacion_codigo: true };
          return { status: 200, data: me };
        }
        return undefined as never;
      },
    );
    renderApp('/perfil');
    const toggle = await screen.findByRole('switch', { name: /Pedir un código por correo/ });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(await screen.findByText('Verificación por código activada.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: /Pedir un código por correo/ })).toBeChecked(),
    );
  });

  it('puts the sign-in code switch back when the server refuses the change', async () => {
    serveAccount(
      () => editorUser,
      (request) => {
        if (request.url === '/tickets/mine') return { status: 200, data: [] };
        if (request.url === '/auth/profile') {
          return { status: 503, data: { detail: 'Servicio no disponible.', code: 'INTERNAL' } };
        }
        return undefined as never;
      },
    );
    renderApp('/perfil');
    const toggle = await screen.findByRole('switch', { name: /Pedir un código por correo/ });
    await userEvent.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error al cambiar la verificación por código',
    );
    expect(screen.getByRole('switch', { name: /Pedir un código por correo/ })).not.toBeChecked();
  });

  it('logs out', async () => {
    serveAccount(
      () => editorUser,
      (request) =>
        request.url === '/tickets/mine' ? { status: 200, data: [] } : (undefined as never),
    );
    const { router } = renderApp('/perfil');
    await userEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
