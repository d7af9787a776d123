import type { Glossary, GlossaryConfig } from '@ludoterm/contract';
import { cardFields } from '@ludoterm/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FixtureAnswer, FixtureHandler } from '@/test/fake-http.ts';
import { renderWithProviders, serveApi } from '@/test/render.tsx';
import {
  glossaries,
  members,
  rpgGlossary,
  sharedReadOnlyGlossary,
} from '../test/glossary-fixtures.ts';
import { GlossaryAdmin } from './glossary-admin.tsx';

const notFound: FixtureAnswer = {
  status: 404,
  data: { detail: 'No encontrado', code: 'ROUTE_NOT_FOUND' },
};

function configOf(glossary: Glossary, descripcion: string | null): GlossaryConfig {
  return {
    nombre: glossary.nombre,
    nombre_seguro: glossary.nombre_seguro,
    idioma_origen: glossary.idioma_origen,
    idioma_meta: glossary.idioma_meta,
    descripcion,
    acceso: glossary.acceso,
    ficha: { campos: cardFields(glossary.idioma_origen, glossary.idioma_meta) },
  };
}

function serve(extra?: FixtureHandler, list: Glossary[] = glossaries) {
  return serveApi(async (request) => {
    const answer = extra ? await extra(request) : undefined;
    if (answer) return answer;
    if (request.method === 'GET' && request.url === '/glosarios')
      return { status: 200, data: list };
    return notFound;
  });
}

const card = (name: RegExp) => screen.getByRole('article', { name });

describe('GlossaryAdmin (/glosarios)', () => {
  it("lists each glossary as 'name (es → en)' with its description or '(Sin descripción)'", async () => {
    serve();
    renderWithProviders(<GlossaryAdmin />);
    expect(
      await screen.findByRole('heading', { name: 'RPG Combate (es → en)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Plataformas (en → fr)' })).toBeInTheDocument();
    expect(
      within(card(/RPG Combate/)).getByText('Términos de combate por turnos'),
    ).toBeInTheDocument();
    expect(within(card(/Plataformas/)).getByText('(Sin descripción)')).toBeInTheDocument();
    expect(within(card(/Plataformas/)).getByText('1 entrada')).toBeInTheDocument();
  });

  it("links each glossary to its entries with 'Ver entradas', readers' too", async () => {
    serve();
    renderWithProviders(<GlossaryAdmin />);
    await screen.findByRole('heading', { name: 'RPG Combate (es → en)' });
    expect(
      within(card(/RPG Combate/)).getByRole('link', { name: 'Ver entradas: RPG Combate' }),
    ).toHaveAttribute('href', '/entradas?glosario=rpg-combate');
    for (const article of screen.getAllByRole('article')) {
      expect(within(article).getByRole('link', { name: /^Ver entradas/ })).toBeInTheDocument();
    }
  });

  it("offers 'Crear un glosario' when there are none", async () => {
    serve(undefined, []);
    renderWithProviders(<GlossaryAdmin />);
    expect(await screen.findByText('No hay glosarios disponibles.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Crear un glosario' })).toHaveAttribute(
      'href',
      '/crear',
    );
  });

  it('filters by a case-insensitive substring of the name', async () => {
    serve();
    renderWithProviders(<GlossaryAdmin />);
    await screen.findByRole('heading', { name: 'RPG Combate (es → en)' });
    await userEvent.type(screen.getByLabelText('Buscar glosario'), 'pLaTa');
    expect(screen.getByRole('heading', { name: 'Plataformas (en → fr)' })).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'RPG Combate (es → en)' }),
    ).not.toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Buscar glosario'));
    await userEvent.type(screen.getByLabelText('Buscar glosario'), 'nada así');
    expect(screen.getByText('Ningún glosario coincide con la búsqueda.')).toBeInTheDocument();
  });

  it("edits a description: Guardar shows 'Guardando...', then 'Descripción guardada.'", async () => {
    let release: () => void = () => undefined;
    const saved = new Promise<void>((resolve) => (release = resolve));
    let sentBody: unknown;
    let list = glossaries;
    serve(async (request) => {
      if (request.method === 'GET' && request.url === '/glosarios')
        return { status: 200, data: list };
      if (request.method === 'PUT' && request.url === '/glosarios/plataformas/configuracion') {
        sentBody = request.body;
        await saved;
        list = glossaries.map((g) =>
          g.id === 2 ? { ...g, descripcion: 'Saltos y plataformas' } : g,
        );
        return { status: 200, data: configOf(glossaries[1]!, 'Saltos y plataformas') };
      }
      return undefined as never;
    });
    renderWithProviders(<GlossaryAdmin />);
    await screen.findByRole('heading', { name: 'Plataformas (en → fr)' });
    await userEvent.click(
      within(card(/Plataformas/)).getByRole('button', { name: /Editar descripción/ }),
    );
    const field = screen.getByLabelText('Descripción de «Plataformas»');
    await userEvent.type(field, '  Saltos y plataformas ');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByRole('button', { name: 'Guardando...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    release();
    expect(await screen.findByText('Descripción guardada.')).toBeInTheDocument();
    expect(sentBody).toEqual({ descripcion: 'Saltos y plataformas' });
    expect(
      await within(card(/Plataformas/)).findByText('Saltos y plataformas'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Descripción de «Plataformas»')).not.toBeInTheDocument();
  });

  it('cancels an edit without calling the server', async () => {
    const calls = serve();
    renderWithProviders(<GlossaryAdmin />);
    await screen.findByRole('heading', { name: 'RPG Combate (es → en)' });
    await userEvent.click(
      within(card(/RPG Combate/)).getByRole('button', { name: /Editar descripción/ }),
    );
    await userEvent.clear(screen.getByLabelText('Descripción de «RPG Combate»'));
    await userEvent.type(screen.getByLabelText('Descripción de «RPG Combate»'), 'otra cosa');
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(
      within(card(/RPG Combate/)).getByText('Términos de combate por turnos'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("says 'Error guardando descripción' and keeps the editor open when the save fails", async () => {
    serve((request) =>
      request.method === 'PUT'
        ? {
            status: 403,
            data: { detail: 'Solo tienes permiso de lectura en este glosario.', code: 'READ_ONLY' },
          }
        : (undefined as never),
    );
    renderWithProviders(<GlossaryAdmin />);
    await screen.findByRole('heading', { name: 'RPG Combate (es → en)' });
    await userEvent.click(
      within(card(/RPG Combate/)).getByRole('button', { name: /Editar descripción/ }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Error guardando descripción')).toBeInTheDocument();
    expect(
      screen.getByText('Solo tienes permiso de lectura en este glosario.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Descripción de «RPG Combate»')).toBeInTheDocument();
  });

  it("shows 'Error cargando glosarios' and an empty list when the load fails", async () => {
    serve((request) =>
      request.url === '/glosarios'
        ? { status: 500, data: { detail: 'x', code: 'INTERNAL' } }
        : (undefined as never),
    );
    renderWithProviders(<GlossaryAdmin />);
    expect(
      await screen.findByText('Error cargando glosarios', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it("says 'No hay glosarios disponibles.' when the user has none", async () => {
    serve(undefined, []);
    renderWithProviders(<GlossaryAdmin />);
    expect(await screen.findByText('No hay glosarios disponibles.')).toBeInTheDocument();
  });

  it('shows a read-only glossary with its access and owner, and no edit actions', async () => {
    serve();
    renderWithProviders(<GlossaryAdmin />);
    await screen.findByRole('heading', { name: 'Estrategia de Luis (es → en)' });
    const readOnly = card(/Estrategia de Luis/);
    expect(within(readOnly).getByText('Solo lectura')).toBeInTheDocument();
    expect(within(readOnly).getByText('Compartido por Luis Gómez')).toBeInTheDocument();
    expect(within(readOnly).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(card(/RPG Combate/)).getByRole('button', { name: /Compartir/ }),
    ).toBeInTheDocument();
    expect(sharedReadOnlyGlossary.acceso).toBe('lector');
  });

  it('shares: lists the members, adds one by e-mail and role, removes one', async () => {
    const posted: unknown[] = [];
    const calls = serve((request) => {
      if (request.url === '/glosarios/rpg-combate/miembros' && request.method === 'GET') {
        return { status: 200, data: members };
      }
      if (request.url === '/glosarios/rpg-combate/miembros' && request.method === 'POST') {
        posted.push(request.body);
        return { status: 204 };
      }
      if (request.method === 'DELETE') return { status: 204 };
      return undefined as never;
    });
    renderWithProviders(<GlossaryAdmin />);
    await screen.findByRole('heading', { name: 'RPG Combate (es → en)' });
    await userEvent.click(within(card(/RPG Combate/)).getByRole('button', { name: /Compartir/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Compartir «RPG Combate»' });
    expect(await within(dialog).findByText('Eva Ruiz')).toBeInTheDocument();
    expect(within(dialog).getByText('Invitación pendiente')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText(/Correo electrónico/), 'colega@example.org');
    await userEvent.selectOptions(within(dialog).getByLabelText('Permiso'), 'editor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Añadir' }));
    expect(
      await within(dialog).findByText('Acceso guardado para colega@example.org.'),
    ).toBeInTheDocument();
    expect(posted).toEqual([{ email: 'colega@example.org', rol: 'editor' }]);

    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Quitar el acceso de eva@example.org' }),
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Quitar el acceso de nueva@example.org' }),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
        '/glosarios/rpg-combate/miembros/5',
        '/glosarios/rpg-combate/miembros?email=nueva%40example.org',
      ]),
    );
  });

  it('refuses a malformed e-mail in the share form before calling the server', async () => {
    const calls = serve((request) =>
      request.url.endsWith('/miembros') && request.method === 'GET'
        ? { status: 200, data: [] }
        : (undefined as never),
    );
    renderWithProviders(<GlossaryAdmin />);
    await screen.findByRole('heading', { name: 'RPG Combate (es → en)' });
    await userEvent.click(within(card(/RPG Combate/)).getByRole('button', { name: /Compartir/ }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText('Todavía no lo has compartido con nadie.'),
    ).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Correo electrónico/), 'no-es-correo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Añadir' }));
    expect(
      await within(dialog).findByText('Escribe un correo electrónico válido.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(rpgGlossary.acceso).toBe('propietario');
  });
});
