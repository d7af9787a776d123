import type { GlossaryConfig, ImportAnswer } from '@ludoterm/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { glossaries, rpgGlossary } from '@/features/glossaries/test/glossary-fixtures.ts';
import { csvFile, esEnFields, headersAnswer } from '@/features/transfers/test/import-fixtures.ts';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@/lib/token-store.ts';
import type { FixtureAnswer } from '@/test/fake-http.ts';
import { editorUser, tokens } from '@/test/fixtures.ts';
import { renderApp, serveApi } from '@/test/render.tsx';

const rpgConfig: GlossaryConfig = {
  nombre: rpgGlossary.nombre,
  nombre_seguro: rpgGlossary.nombre_seguro,
  idioma_origen: 'es',
  idioma_meta: 'en',
  descripcion: rpgGlossary.descripcion,
  acceso: 'propietario',
  ficha: { campos: esEnFields },
};

/** /crear signed in, with the import answers given in turn. */
function openCreatePage(path: string, imports: FixtureAnswer[] = []) {
  localStorage.setItem(ACCESS_TOKEN_KEY, tokens.access_token);
  localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refresh_token);
  return serveApi((request) => {
    if (request.url === '/health')
      return {
        status: 200,
        data: { status: 'ok', contact_email: 'soporte@example.org', version: '0.1.0' },
      };
    if (request.url === '/auth/me') return { status: 200, data: editorUser };
    if (request.url === '/glosarios') return { status: 200, data: glossaries };
    if (request.url === '/glosarios/eliminados') return { status: 200, data: [] };
    if (request.url === '/glosarios/rpg-combate/configuracion')
      return { status: 200, data: rpgConfig };
    if (request.url === '/glosarios/rpg-combate/importar')
      return imports.shift() ?? { status: 500 };
    return { status: 404, data: { detail: 'No encontrado', code: 'ROUTE_NOT_FOUND' } };
  });
}

const importSection = () => screen.findByRole('region', { name: 'Importar' }, { timeout: 5000 });

describe('/crear import section', () => {
  beforeAll(async () => {
    await Promise.all([import('./app-layout.tsx'), import('./create.tsx')]);
  }, 30_000);

  it('imports into the glossary selected in ?glosario=, mapping with its card fields', async () => {
    const done: ImportAnswer = { importados: 2, omitidos: 0 };
    const calls = openCreatePage('/crear?glosario=rpg-combate', [
      { status: 200, data: headersAnswer },
      { status: 200, data: done },
    ]);
    const view = renderApp('/crear?glosario=rpg-combate');
    const section = await importSection();
    expect(await within(section).findByText('RPG Combate')).toBeInTheDocument();
    expect(within(section).getByText(/Glosario de destino:/)).toBeInTheDocument();

    await userEvent.upload(
      view.container.querySelector<HTMLInputElement>('input[type="file"]')!,
      csvFile(),
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Importar al glosario' }));
    const destination = await within(section).findByLabelText('Destino de la columna «Definition»');
    const labels = [...(destination as HTMLSelectElement).options].map((o) => o.textContent);
    expect(labels).toEqual(
      expect.arrayContaining(['Definición', 'Contexto (es)', 'Contexto (en)']),
    );
    // Said once, in the import section: the page's status box does not repeat it.
    expect(within(section).getByRole('status')).toHaveTextContent(
      'Cabeceras detectadas. Asigna el mapeo y vuelve a pulsar Importar.',
    );
    expect(screen.getByRole('status', { name: 'Estado' })).not.toHaveTextContent('Cabeceras');

    const listLoads = () =>
      calls.filter((c) => c.method === 'GET' && c.url === '/glosarios').length;
    const before = listLoads();
    await userEvent.click(within(section).getByRole('button', { name: 'Importar al glosario' }));
    await waitFor(() =>
      expect(within(section).getByRole('status')).toHaveTextContent(
        'Importación completada (2 elementos).',
      ),
    );
    expect(screen.getByRole('status', { name: 'Estado' })).not.toHaveTextContent('Importación');
    // The glossaries (their entry counts) are read again after the import.
    await waitFor(() => expect(listLoads()).toBeGreaterThan(before));
  });

  it('asks to select a glossary when none is selected', async () => {
    openCreatePage('/crear');
    renderApp('/crear');
    const section = await importSection();
    expect(
      within(section).getByText('Selecciona un glosario antes de importar.'),
    ).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Importar al glosario' })).toBeDisabled();
  });
});
