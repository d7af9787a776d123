import type { Glossary, TrashItem } from '@ludoterm/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  glossaries,
  rpgGlossary,
  trashItems,
} from '@/features/glossaries/test/glossary-fixtures.ts';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@/lib/token-store.ts';
import type { FixtureAnswer, FixtureHandler } from '@/test/fake-http.ts';
import { editorUser, tokens } from '@/test/fixtures.ts';
import { renderApp, serveApi } from '@/test/render.tsx';

const health = { status: 'ok', contact_email: 'soporte@example.org', version: '0.1.0' };
const failure: FixtureAnswer = { status: 500, data: { detail: 'Error interno', code: 'INTERNAL' } };

/** A signed-in editor on /crear with these glossaries and this trash (or failures). */
function openCreatePage(
  {
    list = glossaries,
    trash = trashItems,
  }: { list?: Glossary[] | 'fail'; trash?: TrashItem[] | 'fail' } = {},
  extra?: FixtureHandler,
  path = '/crear',
) {
  localStorage.setItem(ACCESS_TOKEN_KEY, tokens.access_token);
  localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refresh_token);
  const calls = serveApi(async (request) => {
    const answer = extra ? await extra(request) : undefined;
    if (answer) return answer;
    if (request.url === '/health') return { status: 200, data: health };
    if (request.url === '/auth/me') return { status: 200, data: editorUser };
    if (request.url === '/glosarios')
      return list === 'fail' ? failure : { status: 200, data: list };
    if (request.url === '/glosarios/eliminados')
      return trash === 'fail' ? failure : { status: 200, data: trash };
    return { status: 404, data: { detail: 'No encontrado', code: 'ROUTE_NOT_FOUND' } };
  });
  const view = renderApp(path);
  return { ...view, calls };
}

const section = (name: string) => screen.getByRole('region', { name });
/** The first look at the page waits for the lazy route, the session and the lists. */
const findList = (name: string) => screen.findByRole('list', { name }, { timeout: 5000 });
/** The page's status region: announced politely, read as text, never a Tab stop. */
const statusBox = () => screen.getByRole('status', { name: 'Estado' });
/** An element whose whole text is `text` (the language pair sits in its own span). */
const wholeText = (text: string) => (_: string, element: Element | null) =>
  element?.textContent === text &&
  ![...element.children].some((child) => child.textContent === text);

describe('/crear', () => {
  // Load the lazy route modules once, so the first test does not pay for their transform.
  beforeAll(async () => {
    await Promise.all([import('./app-layout.tsx'), import('./create.tsx')]);
  }, 30_000);

  it("lists the active glossaries as 'name (source→target)' and keeps the selected one in the URL", async () => {
    const { router } = openCreatePage();
    const active = await findList('Glosarios activos');
    expect(within(active).getByText(wholeText('RPG Combate (es→en)'))).toBeInTheDocument();
    expect(within(active).getByText(wholeText('Plataformas (en→fr)'))).toBeInTheDocument();
    await userEvent.click(
      within(active).getByRole('button', { name: 'Seleccionar «Plataformas» para importar' }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?glosario=plataformas'));
    expect(
      within(active).getByRole('button', { name: 'Seleccionar «Plataformas» para importar' }),
    ).toHaveAttribute('aria-pressed', 'true');
    // Read-only glossaries cannot be an import target, nor deleted.
    expect(
      within(active).getByRole('button', {
        name: 'Seleccionar «Estrategia de Luis» para importar',
      }),
    ).toBeDisabled();
    expect(
      within(active).queryByRole('button', { name: 'Eliminar «Estrategia de Luis»' }),
    ).not.toBeInTheDocument();
  });

  it('shows the selection of a deep link', async () => {
    openCreatePage({}, undefined, '/crear?glosario=rpg-combate');
    const active = await findList('Glosarios activos');
    expect(
      within(active).getByRole('button', { name: 'Seleccionar «RPG Combate» para importar' }),
    ).toHaveTextContent('Seleccionado');
  });

  it('deletes after the confirmation and reports it in the status box', async () => {
    const { calls } = openCreatePage({}, (request) =>
      request.method === 'DELETE' ? { status: 204 } : (undefined as never),
    );
    const active = await findList('Glosarios activos');
    await userEvent.click(within(active).getByRole('button', { name: 'Eliminar «RPG Combate»' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('¿Seguro que quieres eliminar el glosario "RPG Combate"?'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(statusBox()).toHaveTextContent('Glosario "RPG Combate" enviado a la papelera.'),
    );
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/glosarios/rpg-combate',
    ]);
  });

  it('keeps the status box out of the Tab order', async () => {
    openCreatePage();
    await findList('Glosarios activos');
    const box = statusBox();
    expect(box.matches('input, textarea, select, button, [tabindex]')).toBe(false);
    expect(box.querySelector('input, textarea, select, button, [tabindex]')).toBeNull();
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const { calls } = openCreatePage();
    const active = await findList('Glosarios activos');
    await userEvent.click(within(active).getByRole('button', { name: 'Eliminar «RPG Combate»' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it("says 'No hay glosarios activos.' and 'La papelera está vacía.' when both are empty", async () => {
    openCreatePage({ list: [], trash: [] });
    expect(
      await screen.findByText('No hay glosarios activos.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('La papelera está vacía.')).toBeInTheDocument();
  });

  it('shows the trash with the days remaining and Restaurar disabled at 0', async () => {
    openCreatePage();
    const trash = await findList('Papelera');
    expect(within(trash).getByText(wholeText('Shooter (es→en)'))).toBeInTheDocument();
    expect(within(trash).getByText('28 días restantes')).toBeInTheDocument();
    expect(within(trash).getByRole('button', { name: 'Restaurar «Shooter»' })).toBeEnabled();
    expect(within(trash).getByRole('button', { name: 'Restaurar «Antiguo»' })).toBeDisabled();
  });

  it('restores by nombre_seguro and reports it', async () => {
    const restored: unknown[] = [];
    openCreatePage({}, (request) => {
      if (request.url === '/glosarios/restaurar') {
        restored.push(request.body);
        return {
          status: 200,
          data: { ...rpgGlossary, id: 7, nombre: 'Shooter', nombre_seguro: 'shooter' },
        };
      }
      return undefined as never;
    });
    const trash = await findList('Papelera');
    await userEvent.click(within(trash).getByRole('button', { name: 'Restaurar «Shooter»' }));
    await waitFor(() => expect(statusBox()).toHaveTextContent('Glosario "Shooter" restaurado.'));
    expect(restored).toEqual([{ nombre: 'shooter' }]);
  });

  it('shows an empty trash, silently, when the trash cannot be loaded', async () => {
    openCreatePage({ trash: 'fail' });
    const papelera = await screen.findByRole('heading', { name: 'Papelera' }, { timeout: 5000 });
    expect(
      await screen.findByText('La papelera está vacía.', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(papelera).toBeInTheDocument();
    expect(within(section('Papelera')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('creates a glossary, reports it and selects it as the import target', async () => {
    const { router } = openCreatePage({}, (request) =>
      request.method === 'POST' && request.url === '/glosarios'
        ? { status: 201, data: { ...rpgGlossary, id: 9, nombre: 'Nuevo', nombre_seguro: 'nuevo' } }
        : (undefined as never),
    );
    await userEvent.type(
      await screen.findByLabelText(/Nombre del glosario/, {}, { timeout: 5000 }),
      'Nuevo',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Crear glosario' }));
    await waitFor(() => expect(statusBox()).toHaveTextContent('Glosario "Nuevo" creado.'));
    expect(router.state.location.search).toBe('?glosario=nuevo');
  });
});
