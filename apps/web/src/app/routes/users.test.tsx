import type { AdminUser, Ticket } from '@ludoterm/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  accountUsers,
  answeredTicket,
  pendingTicket,
  serveAccount,
  signIn,
} from '@/test/account-fixtures.ts';
import type { FixtureHandler } from '@/test/fake-http.ts';
import { adminUser, editorUser } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render.tsx';

beforeEach(() => {
  signIn();
});

function query(url: string): URLSearchParams {
  return new URLSearchParams(url.split('?')[1] ?? '');
}

/** /admin/users and /admin/tickets with totals, plus `extra` first. */
function serveAdmin(
  extra?: FixtureHandler,
  users: AdminUser[] = accountUsers,
  tickets: Ticket[] = [answeredTicket, pendingTicket],
) {
  return serveAccount(
    () => adminUser,
    async (request) => {
      const answer = extra ? await extra(request) : undefined;
      if (answer) return answer;
      if (request.method === 'GET' && request.url.startsWith('/admin/users')) {
        const params = query(request.url);
        const email = params.get('email') ?? '';
        const matching = users.filter((user) => user.email.includes(email.toLowerCase()));
        const page = Number(params.get('pagina'));
        return {
          status: 200,
          data: matching.slice((page - 1) * 5, page * 5),
          headers: { 'x-total-count': String(matching.length + (email ? 0 : 2)) },
        };
      }
      if (request.method === 'GET' && request.url.startsWith('/admin/tickets')) {
        return { status: 200, data: tickets, headers: { 'x-total-count': String(tickets.length) } };
      }
      if (request.url.startsWith('/tickets/imagenes/'))
        return { status: 200, data: new Blob(['webp'], { type: 'image/webp' }) };
      return undefined as never;
    },
  );
}

describe('/usuarios', () => {
  it('tells a non-administrator that the page is for administrators, without calling the admin API', async () => {
    const calls = serveAccount(() => editorUser);
    renderApp('/usuarios');
    expect(
      await screen.findByText('Esta página es solo para administradores.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith('/admin/'))).toBe(false);
  });

  it('lists users 5 per page with server-side paging and filters by e-mail', async () => {
    const calls = serveAdmin();
    renderApp('/usuarios');
    expect(await screen.findByText('7 en total')).toBeInTheDocument();
    const users = within(screen.getByRole('region', { name: 'Usuarios' }));
    expect(users.getByText('admin@example.org')).toBeInTheDocument();
    expect(users.getAllByRole('row')).toHaveLength(6);
    expect(query(calls.find((c) => c.url.startsWith('/admin/users'))!.url).get('por_pagina')).toBe(
      '5',
    );

    await userEvent.click(screen.getAllByRole('button', { name: 'Página 2' })[0]!);
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.startsWith('/admin/users') && query(c.url).get('pagina') === '2'),
      ).toBe(true),
    );

    await userEvent.type(screen.getByRole('textbox', { name: 'Filtrar por correo' }), 'PERSONA4');
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.url.startsWith('/admin/users') && query(c.url).get('email') === 'PERSONA4',
        ),
      ).toBe(true),
    );
    expect(await users.findByText('persona4@example.org')).toBeInTheDocument();
    await waitFor(() => expect(users.queryByText('admin@example.org')).not.toBeInTheDocument());
  });

  it('saves a role change and reports it', async () => {
    let sent: unknown = null;
    serveAdmin((request) => {
      if (request.method === 'PUT' && request.url === `/admin/users/${editorUser.id}`) {
        sent = request.body;
        return { status: 200, data: { ...accountUsers[1], role: 'lector' } };
      }
      return undefined as never;
    });
    renderApp('/usuarios');
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: `Rol de ${editorUser.email}` }),
      'Lector',
    );
    await userEvent.click(
      screen.getByRole('button', { name: `Guardar cambios de ${editorUser.email}` }),
    );
    expect(await screen.findByText('Cambios guardados.')).toBeInTheDocument();
    expect(sent).toEqual({ role: 'lector' });
  });

  it("shows '❌ Error al guardar cambios' with the reason when the last admin would be demoted", async () => {
    serveAdmin((request) =>
      request.method === 'PUT'
        ? {
            status: 409,
            data: {
              detail: 'No se puede quitar el rol de administrador al último administrador.',
              code: 'LAST_ADMIN',
            },
          }
        : (undefined as never),
    );
    renderApp('/usuarios');
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: `Rol de ${adminUser.email}` }),
      'Editor',
    );
    await userEvent.click(
      screen.getByRole('button', { name: `Guardar cambios de ${adminUser.email}` }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al guardar cambios');
    expect(alert).toHaveTextContent(
      'No se puede quitar el rol de administrador al último administrador.',
    );
  });

  it("shows '❌ No se pudo cargar la lista de usuarios' and '❌ No se pudieron cargar los tickets'", async () => {
    serveAdmin((request) =>
      request.url.startsWith('/admin/')
        ? { status: 500, data: { detail: 'x', code: 'INTERNAL' } }
        : (undefined as never),
    );
    renderApp('/usuarios');
    expect(
      await screen.findByText('No se pudo cargar la lista de usuarios', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('No se pudieron cargar los tickets', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('shows each ticket with its image and saves state and answer', async () => {
    let sent: unknown = null;
    serveAdmin((request) => {
      if (request.method === 'PUT' && request.url === `/admin/tickets/${pendingTicket.id}`) {
        sent = request.body;
        return {
          status: 200,
          data: { ...pendingTicket, estado: 'resuelto', respuesta: 'Arreglado.' },
        };
      }
      return undefined as never;
    });
    renderApp('/usuarios');
    expect(
      await screen.findByRole('img', { name: 'Captura adjunta al ticket n.º 8' }),
    ).toHaveAttribute('src', 'data:image/webp;base64,d2VicA==');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Estado del ticket n.º 7' }),
      'resuelto',
    );
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Respuesta al ticket n.º 7' }),
      'Arreglado.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Guardar el ticket n.º 7' }));
    expect(await screen.findByText('Ticket actualizado.')).toBeInTheDocument();
    expect(sent).toEqual({ estado: 'resuelto', respuesta: 'Arreglado.' });
  });

  it("shows '❌ Error al actualizar ticket' when saving a ticket fails", async () => {
    serveAdmin((request) =>
      request.method === 'PUT'
        ? { status: 500, data: { detail: 'Error interno.', code: 'INTERNAL' } }
        : (undefined as never),
    );
    renderApp('/usuarios');
    const answer = await screen.findByRole('textbox', { name: 'Respuesta al ticket n.º 7' });
    await userEvent.type(answer, 'Hola');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar el ticket n.º 7' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error al actualizar ticket')).toBeInTheDocument();
  });
});
