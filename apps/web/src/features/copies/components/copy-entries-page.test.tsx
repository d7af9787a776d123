import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(screen.getByText('⚠️ Selecciona glosario de origen y destino.')).toBeInTheDocument();
  });

  it("refuses the same glossary: '❌ El glosario destino no puede ser el mismo que el origen.'", async () => {
    serve();
    renderPage(origin, origin.nombre_seguro);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'arco — bow' }));
    await userEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(
      screen.getByText('❌ El glosario destino no puede ser el mismo que el origen.'),
    ).toBeInTheDocument();
  });

  it('copies the ticked entries, or all of them with Seleccionar todo', async () => {
    const requests = serve();
    renderPage(origin, 'plataformas');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'espada — sword' }));
    expect(screen.getByText('1 seleccionadas')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(await screen.findByText('Entradas copiadas correctamente.')).toBeInTheDocument();
    expect(
      screen.getByText('1 omitidas: sus términos ya estaban en el glosario destino.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todo' }));
    expect(screen.getByText('2 seleccionadas')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    await screen.findByText('Entradas copiadas correctamente.');
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
    expect(await screen.findByText('❌ Error al copiar entradas.')).toBeInTheDocument();
    expect(screen.getByText('Los idiomas de los glosarios no coinciden.')).toBeInTheDocument();
  });

  it('needs at least one entry ticked', async () => {
    serve();
    renderPage(origin, 'plataformas');
    await screen.findByRole('checkbox', { name: 'arco — bow' });
    await userEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(screen.getByText('Selecciona al menos una entrada para copiar.')).toBeInTheDocument();
  });
});
