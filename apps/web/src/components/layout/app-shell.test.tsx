import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, editorUser } from '@/test/fixtures.ts';
import { AppShell, type ShellUser } from './app-shell.tsx';

function renderShell(user: ShellUser, onLogout = vi.fn()) {
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/glosarios']}>
        <AppShell
          title="Glosarios"
          user={user}
          contactEmail="ayuda@example.org"
          onLogout={onLogout}
        >
          <p>Contenido</p>
        </AppShell>
      </MemoryRouter>
    </MantineProvider>,
  );
  return onLogout;
}

/** Makes the shell's phone-width media query match, until the test ends. */
function atPhoneWidth() {
  const matchMedia = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => {
    const list = matchMedia(query);
    return { ...list, matches: list.matches || query === '(max-width: 48em)' };
  });
}

const sidebar = () => within(screen.getByRole('navigation', { name: 'Navegación principal' }));

describe('AppShell', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the page title followed by (BETA)', () => {
    renderShell(editorUser);
    expect(screen.getByRole('heading', { level: 1, name: 'Glosarios (BETA)' })).toBeInTheDocument();
  });

  it('lists the sidebar items of the spec, without Usuarios for an editor', () => {
    renderShell(editorUser);
    const labels = sidebar()
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual([
      'Acerca de',
      'Guía rápida',
      'Glosarios',
      'Crear / Importar',
      'Entradas',
      'Buscar',
      'Copiar Entradas',
      'Extractor',
      'Exportar',
    ]);
    expect(sidebar().getByRole('link', { name: 'Glosarios' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows Usuarios to an admin', () => {
    renderShell(adminUser);
    expect(sidebar().getByRole('link', { name: 'Usuarios' })).toHaveAttribute('href', '/usuarios');
  });

  it('shows the initial of the display name, and the name beside it', () => {
    renderShell(editorUser);
    const header = within(screen.getByRole('banner'));
    expect(header.getByText('A')).toBeInTheDocument();
    expect(header.getByText('Ana Torres')).toBeInTheDocument();
  });

  it('falls back to the e-mail for the initial and the name', () => {
    renderShell({ ...editorUser, email: 'zoe@example.org', display_name: null });
    const header = within(screen.getByRole('banner'));
    expect(header.getByText('Z')).toBeInTheDocument();
    expect(header.getByText('zoe@example.org')).toBeInTheDocument();
  });

  it.each([
    ['display name', editorUser, 'Ana Torres'],
    ['e-mail', { ...editorUser, display_name: null }, editorUser.email],
  ])(
    'names the user by %s for screen readers at phone width, where only the initial shows',
    (_, user, name) => {
      atPhoneWidth();
      renderShell(user);
      const header = within(screen.getByRole('banner'));
      // The phone header: icon buttons, no name beside the initial.
      expect(header.queryByText('Perfil')).not.toBeInTheDocument();
      expect(header.getByText(name)).toBeInTheDocument();
    },
  );

  it('shows the avatar image when there is one', () => {
    renderShell({ ...editorUser, avatar_url: '/api/avatars/abc.webp' });
    const header = within(screen.getByRole('banner'));
    expect(header.getByRole('img', { name: 'Avatar de Ana Torres' })).toHaveAttribute(
      'src',
      '/api/avatars/abc.webp',
    );
    expect(header.queryByText('A')).not.toBeInTheDocument();
  });

  it('has a profile button to /perfil and an exit button that signs out', async () => {
    const onLogout = renderShell(editorUser);
    expect(screen.getByRole('link', { name: 'Perfil' })).toHaveAttribute('href', '/perfil');
    await userEvent.click(screen.getByRole('button', { name: 'Salir' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('links the legal pages and the contact address in the footer', () => {
    renderShell(editorUser);
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Aviso legal' })).toHaveAttribute('href', '/legal');
    expect(footer.getByRole('link', { name: 'Privacidad' })).toHaveAttribute('href', '/privacidad');
    expect(footer.getByRole('link', { name: 'Cookies' })).toHaveAttribute('href', '/cookies');
    expect(footer.getByRole('link', { name: 'Términos' })).toHaveAttribute('href', '/terminos');
    expect(footer.getByRole('link', { name: /ayuda@example\.org/ })).toHaveAttribute(
      'href',
      'mailto:ayuda@example.org',
    );
  });

  it('has a labelled menu button that collapses the sidebar', async () => {
    renderShell(editorUser);
    const toggle = screen.getByRole('button', { name: 'Mostrar u ocultar el menú' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
