import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { glossaries, rpgGlossary } from '@/features/glossaries/test/glossary-fixtures.ts';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@/lib/token-store.ts';
import { editorUser, tokens } from '@/test/fixtures.ts';
import { renderApp, serveApi } from '@/test/render.tsx';

const health = { status: 'ok', contact_email: 'soporte@example.org', version: '0.1.0' };

/** A signed-in editor on `path` with the glossaries fixture; exports answer a small CSV. */
function openExportPage(path: string) {
  localStorage.setItem(ACCESS_TOKEN_KEY, tokens.access_token);
  localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refresh_token);
  const calls = serveApi((request) => {
    if (request.url === '/health') return { status: 200, data: health };
    if (request.url === '/auth/me') return { status: 200, data: editorUser };
    if (request.url === '/glosarios') return { status: 200, data: glossaries };
    if (request.url.endsWith('/exportar')) {
      return {
        status: 200,
        data: new Blob(['\uFEFFes,en\r\n']),
        headers: {
          'content-disposition': `attachment; filename="${rpgGlossary.nombre_seguro}.csv"`,
        },
      };
    }
    return { status: 404, data: { detail: 'No encontrado', code: 'ROUTE_NOT_FOUND' } };
  });
  return { ...renderApp(path), calls };
}

describe('/exportar', () => {
  beforeAll(async () => {
    await Promise.all([import('./app-layout.tsx'), import('./export.tsx')]);
  }, 30_000);

  it('exports the glossary preselected in ?glosario= with the page’s selector', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:prueba/1');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { calls } = openExportPage(`/exportar?glosario=${rpgGlossary.nombre_seguro}`);
    const selector = await screen.findByRole('textbox', { name: /Glosario/ }, { timeout: 5000 });
    await waitFor(() => expect(selector).toHaveValue('RPG Combate (es → en)'));
    await userEvent.click(screen.getByRole('radio', { name: /^CSV/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    expect(await screen.findByText('Exportación completada.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/exportar'))).toEqual([
      expect.objectContaining({ method: 'GET', url: '/glosarios/rpg-combate/exportar' }),
    ]);
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it("asks for a glossary with 'Selecciona un glosario.'", async () => {
    openExportPage('/exportar');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Exportar' }, { timeout: 5000 }),
    );
    expect(await screen.findByText('Selecciona un glosario.')).toBeInTheDocument();
  });
});
