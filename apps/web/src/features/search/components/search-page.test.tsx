import type { SearchResult } from '@ludoterm/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client.ts';
import type { FixtureAnswer } from '@/test/fake-http.ts';
import { serveApi } from '@/test/render.tsx';
import {
  critDamage,
  flightPotion,
  manaPotion,
  manyResults,
  searchFields,
} from '../test/search-fixtures.ts';
import type { SearchRequest } from '../utils/search-request.ts';
import { SearchPage } from './search-page.tsx';

/** The page with its request kept in state, as the route keeps it in the URL. */
function Harness({
  initial = null,
  onCopy = () => {},
}: {
  initial?: SearchRequest | null;
  onCopy?: (result: SearchResult) => void;
}) {
  const [request, setRequest] = useState<SearchRequest | null>(initial);
  return <SearchPage request={request} onSearch={setRequest} onCopy={onCopy} />;
}

function renderPage(props: Parameters<typeof Harness>[0] = {}) {
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>
        <Harness {...props} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

function results(data: SearchResult[], total = data.length, capped = false): FixtureAnswer {
  return {
    status: 200,
    data,
    headers: {
      'x-total-count': String(total),
      ...(capped ? { 'x-total-count-capped': 'true' } : {}),
    },
  };
}

/** Serves the fields list and answers /buscar with `search`. */
function serve(search: (url: URL) => FixtureAnswer) {
  return serveApi(({ url }) => {
    if (url === '/buscar/campos') return { status: 200, data: searchFields };
    if (url.startsWith('/buscar?')) return search(new URL(url, 'http://x'));
    return { status: 404, data: { detail: 'no', code: 'NOT_FOUND' } };
  });
}

const marks = (element: HTMLElement) =>
  Array.from(element.querySelectorAll('mark')).map((m) => m.textContent);

describe('SearchPage', () => {
  it('searches on Enter and marks the match whatever its accents and case', async () => {
    const calls = serve(() => results([manaPotion, flightPotion]));
    renderPage();
    await userEvent.type(screen.getByRole('textbox', { name: 'Término' }), 'POCION{Enter}');
    expect(await screen.findByText('2 resultados.')).toBeInTheDocument();
    const list = screen.getByLabelText('Resultados de la búsqueda');
    const headers = within(list).getAllByRole('button', { name: /^Ver ficha de/ });
    const search = calls.find((c) => c.url.startsWith('/buscar?'))!;
    expect(new URL(search.url, 'http://x').searchParams.get('termino')).toBe('POCION');
    expect(headers.flatMap(marks)).toEqual(['Poción', 'poción']);
    expect(within(list).getByText('RPG de acción (es → en)')).toBeInTheDocument();
    expect(within(list).getByText('Plataformas (en → es)')).toBeInTheDocument();
  });

  it('sends the subindice as subindice_like', async () => {
    const calls = serve(() => results([manaPotion]));
    renderPage();
    await userEvent.type(screen.getByRole('textbox', { name: 'Subíndice' }), 'obj{Enter}');
    await screen.findByText('1 resultado.');
    const url = new URL(calls.find((c) => c.url.startsWith('/buscar?'))!.url, 'http://x');
    expect(url.searchParams.get('subindice_like')).toBe('obj');
    expect(url.searchParams.has('termino')).toBe(false);
  });

  it("asks for a field and a value: 'Elige un campo y escribe un valor.'", async () => {
    const calls = serve(() => results([critDamage]));
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Buscar en el campo' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Elige un campo y escribe un valor.');
    expect(calls.some((c) => c.url.startsWith('/buscar?'))).toBe(false);

    const field = screen.getByRole('textbox', { name: 'Campo' });
    await vi.waitFor(() => expect(field).toBeEnabled());
    await userEvent.click(field);
    await userEvent.click(await screen.findByRole('option', { name: 'Definición' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Valor' }), 'dano');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar en el campo' }));
    expect(await screen.findByText('1 resultado.')).toBeInTheDocument();
    const url = new URL(calls.find((c) => c.url.startsWith('/buscar?'))!.url, 'http://x');
    expect(url.searchParams.get('definicion')).toBe('dano');
    // The matched field's text is shown, marked.
    const snippet = screen.getByText(/Coincidencia en Definición/).closest('p')!;
    expect(marks(snippet)).toEqual(['Daño']);
  });

  it("says 'No se encontraron resultados.' when nothing matches", async () => {
    serve(() => results([]));
    renderPage({ initial: { kind: 'quick', termino: 'zzqx', subindice: '' } });
    expect(await screen.findByText('No se encontraron resultados.')).toBeInTheDocument();
  });

  it('shows the server’s refusal as it says it', async () => {
    serve(() => ({
      status: 422,
      data: { detail: '«color» no es un campo de la ficha.', code: 'VALIDATION_FAILED' },
    }));
    renderPage({ initial: { kind: 'advanced', campo: 'color', valor: 'rojo' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '«color» no es un campo de la ficha.',
    );
  });

  it("reads the next page with 'Mostrar más' and says when the count is capped", async () => {
    serve((url) => {
      const pagina = Number(url.searchParams.get('pagina'));
      return results(manyResults(50, pagina * 100), 1000, true);
    });
    renderPage({ initial: { kind: 'quick', termino: 'poc', subindice: '' } });
    expect(
      await screen.findByText(
        /Más de 1000 resultados \(afina la búsqueda.*Se muestran 50 de los 1000 mejores\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Ver ficha de/ })).toHaveLength(50);
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar más' }));
    await vi.waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^Ver ficha de/ })).toHaveLength(100),
    );
  });

  it("expands a result into its card and offers 'Copiar a otro glosario'", async () => {
    serve(() => results([manaPotion]));
    const onCopy = vi.fn();
    renderPage({ initial: { kind: 'quick', termino: 'mana', subindice: '' }, onCopy });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Ver ficha de «Poción de maná»' }),
    );
    await vi.waitFor(() => expect(screen.getByText('Poción que restaura el maná.')).toBeVisible());
    expect(screen.getByText('Ana Torres')).toBeVisible();
    await userEvent.click(
      screen.getByRole('button', { name: 'Copiar a otro glosario: «Poción de maná»' }),
    );
    expect(onCopy).toHaveBeenCalledWith(manaPotion);
  });
});
