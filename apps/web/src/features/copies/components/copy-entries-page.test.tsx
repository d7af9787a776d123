import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, serveApi } from '@/test/render.tsx';
import { copied, origin, originEntries } from '../test/copy-fixtures.ts';
import { CopyEntriesPage } from './copy-entries-page.tsx';

type Request = { method: string; url: string; body: unknown };

function serve() {
  const requests: Request[] = [];
  serveApi((r) => {
    requests.push(r);
    if (r.method === 'GET')
      return { status: 200, data: originEntries, headers: { 'x-total-count': '2' } };
    return { status: 200, data: copied };
  });
  return requests;
}

function renderPage(originGlossary: typeof origin | null, destination: string | null) {
  return renderWithProviders(
    <CopyEntriesPage
      origin={originGlossary}
      destination={destination}
      originField={<div>origen</div>}
      destinationField={<div>destino</div>}
    />,
  );
}

// jsdom lays nothing out: give the list's scroll box its CSS height so rows are drawn.
const clientHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')!;
beforeAll(() => {
  Object.defineProperty(Element.prototype, 'clientHeight', {
    configurable: true,
    get(this: Element) {
      return String(this.className).includes('scroller') ? 416 : 0;
    },
  });
});
afterAll(() => {
  Object.defineProperty(Element.prototype, 'clientHeight', clientHeight);
});

describe('CopyEntriesPage', () => {
  it("asks for both glossaries: '⚠️ Selecciona glosario de origen y destino.'", async () => {
    serve();
    renderPage(null, 'otro');
    expect(
      screen.getByText('Elige un glosario de origen para ver sus entradas.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(screen.getByText('Selecciona glosario de origen y destino.')).toBeInTheDocument();
  });

  it("refuses the same glossary: '❌ El glosario destino no puede ser el mismo que el origen.'", async () => {
    serve();
    renderPage(origin, origin.nombre_seguro);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'arco — bow' }));
    await userEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(
      screen.getByText('El glosario destino no puede ser el mismo que el origen.'),
    ).toBeInTheDocument();
  });

  it('copies the ticked entries, or all of them with Seleccionar todo', async () => {
    const requests = serve();
    renderPage(origin, 'plataformas');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'espada — sword' }));
    expect(screen.getByText('1 seleccionada')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(await screen.findByText('Entrada copiada correctamente.')).toBeInTheDocument();
    expect(
      screen.getByText(/1 entrada omitida: sus términos ya estaban en el glosario destino\./),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todo' }));
    expect(screen.getByText('2 seleccionadas')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    await vi.waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { destino: 'plataformas', ids: [11] },
      { destino: 'plataformas', todas: true },
    ]);
  });

  it("says '❌ Error al copiar entradas.' with the server's detail", async () => {
    serveApi((r) =>
      r.method === 'GET'
        ? { status: 200, data: originEntries, headers: { 'x-total-count': '2' } }
        : {
            status: 422,
            data: {
              detail: 'Los idiomas de los glosarios no coinciden.',
              code: 'LANGUAGE_MISMATCH',
            },
          },
    );
    renderPage(origin, 'frances');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'arco — bow' }));
    await userEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(await screen.findByText('Error al copiar entradas.')).toBeInTheDocument();
    expect(screen.getByText('Los idiomas de los glosarios no coinciden.')).toBeInTheDocument();
  });

  it('needs at least one entry ticked', async () => {
    serve();
    renderPage(origin, 'plataformas');
    await screen.findByRole('checkbox', { name: 'arco — bow' });
    await userEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(screen.getByText('Selecciona al menos una entrada para copiar.')).toBeInTheDocument();
  });

  it('filters the list by either term and copies every match when all are ticked', async () => {
    const requests: Request[] = [];
    serveApi((r) => {
      requests.push(r);
      if (r.method === 'POST') return { status: 200, data: { copiadas: 1, omitidas: 0 } };
      const filtered = r.url.includes('q=');
      const data = filtered ? originEntries.filter((e) => e.termino.en === 'sword') : originEntries;
      return { status: 200, data, headers: { 'x-total-count': String(data.length) } };
    });
    renderPage(origin, 'plataformas');
    await screen.findByRole('checkbox', { name: 'arco — bow' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Filtrar entradas' }), 'sword');
    // The filter waits for a pause in typing, then asks the server.
    await vi.waitFor(
      () => expect(screen.queryByRole('checkbox', { name: 'arco — bow' })).not.toBeInTheDocument(),
      { timeout: 5000 },
    );
    expect(await screen.findByRole('checkbox', { name: 'espada — sword' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar las que coinciden' }));
    expect(screen.getByText('1 seleccionada')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    await screen.findByText('Entrada copiada correctamente.');
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { destino: 'plataformas', ids: [11] },
    ]);
    expect(requests.some((r) => r.method === 'GET' && /[?&]q=sword(&|$)/.test(r.url))).toBe(true);
  });

  it("says 'Ninguna entrada coincide con el filtro.' when nothing matches", async () => {
    serveApi((r) =>
      r.url.includes('q=')
        ? { status: 200, data: [], headers: { 'x-total-count': '0' } }
        : { status: 200, data: originEntries, headers: { 'x-total-count': '2' } },
    );
    renderPage(origin, 'plataformas');
    await screen.findByRole('checkbox', { name: 'arco — bow' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Filtrar entradas' }), 'zzz');
    expect(await screen.findByText('Ninguna entrada coincide con el filtro.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Filtrar entradas' })).toHaveValue('zzz');
  });
});
