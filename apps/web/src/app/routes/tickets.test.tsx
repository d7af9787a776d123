import type { Ticket } from '@ludoterm/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { answeredTicket, pendingTicket, serveAccount, signIn } from '@/test/account-fixtures.ts';
import { editorUser } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render.tsx';

beforeEach(() => {
  signIn();
});

describe('/tickets', () => {
  it('requires a description before sending anything', async () => {
    const calls = serveAccount(
      () => editorUser,
      (request) =>
        request.url === '/tickets/mine' ? { status: 200, data: [] } : (undefined as never),
    );
    renderApp('/tickets');
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar ticket' }));
    expect(await screen.findByText('Describe el problema o la sugerencia.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('sends type, description, contact e-mail and screenshot as multipart, then lists the new ticket', async () => {
    let mine: Ticket[] = [];
    let sent: FormData | null = null;
    serveAccount(
      () => editorUser,
      (request) => {
        if (request.url === '/tickets/mine') return { status: 200, data: mine };
        if (request.method === 'POST' && request.url === '/tickets/') {
          sent = request.body as FormData;
          const created: Ticket = {
            ...pendingTicket,
            id: 9,
            tipo: 'sugerencia',
            descripcion: 'Modo oscuro, por favor.',
          };
          mine = [created];
          return { status: 201, data: created };
        }
        return undefined as never;
      },
    );
    const { container } = renderApp('/tickets');
    expect(await screen.findByText('Todavía no has enviado ningún ticket.')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tipo' }), 'Sugerencia');
    await userEvent.type(
      screen.getByRole('textbox', { name: /Descripción/ }),
      'Modo oscuro, por favor.',
    );
    await userEvent.type(
      screen.getByRole('textbox', { name: /Correo de contacto/ }),
      'ana.contacto@example.org',
    );
    const shot = new File(['png'], 'captura.png', { type: 'image/png' });
    await userEvent.upload(container.querySelector('input[type="file"]')!, shot);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar ticket' }));

    expect(await screen.findByText('Ticket enviado con éxito')).toBeInTheDocument();
    const form = sent as FormData | null;
    expect(form?.get('tipo')).toBe('sugerencia');
    expect(form?.get('descripcion')).toBe('Modo oscuro, por favor.');
    expect(form?.get('email')).toBe('ana.contacto@example.org');
    expect(form?.get('file')).toBe(shot);
    const list = await screen.findByRole('article');
    expect(within(list).getByText('Modo oscuro, por favor.')).toBeInTheDocument();
    expect(within(list).getByText('pendiente')).toBeInTheDocument();
  });

  it("shows '❌ Error al enviar el ticket' with the server's reason", async () => {
    serveAccount(
      () => editorUser,
      (request) => {
        if (request.url === '/tickets/mine') return { status: 200, data: [] };
        if (request.url === '/tickets/') {
          return {
            status: 413,
            data: {
              detail: 'La imagen supera el tamaño máximo de 5 MB.',
              code: 'PAYLOAD_TOO_LARGE',
            },
          };
        }
        return undefined as never;
      },
    );
    renderApp('/tickets');
    await userEvent.type(await screen.findByRole('textbox', { name: /Descripción/ }), 'Falla');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar ticket' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al enviar el ticket');
    expect(alert).toHaveTextContent('La imagen supera el tamaño máximo de 5 MB.');
  });

  it('fetches an attached image with the token and shows it', async () => {
    const calls = serveAccount(
      () => editorUser,
      (request) => {
        if (request.url === '/tickets/mine') return { status: 200, data: [answeredTicket] };
        if (request.url.startsWith('/tickets/imagenes/'))
          return { status: 200, data: new Blob(['webp'], { type: 'image/webp' }) };
        return undefined as never;
      },
    );
    renderApp('/tickets');
    expect(
      await screen.findByRole('img', { name: 'Captura adjunta al ticket n.º 8' }),
    ).toHaveAttribute('src', 'data:image/webp;base64,d2VicA==');
    const imageCall = calls.find((call) => call.url.startsWith('/tickets/imagenes/'));
    expect(imageCall?.url).toBe(
      '/tickets/imagenes/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG.webp',
    );
    expect(imageCall?.authorization).toBe('Bearer access-token-1');
  });

  it("shows '❌ No se pudieron cargar los tickets' when the list fails", async () => {
    serveAccount(
      () => editorUser,
      (request) =>
        request.url === '/tickets/mine'
          ? { status: 500, data: { detail: 'x', code: 'INTERNAL' } }
          : (undefined as never),
    );
    renderApp('/tickets');
    await waitFor(
      () =>
        expect(screen.getByRole('alert')).toHaveTextContent('No se pudieron cargar los tickets'),
      {
        timeout: 5000,
      },
    );
  });
});
