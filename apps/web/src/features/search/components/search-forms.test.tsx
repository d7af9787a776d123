import { es } from '@ludoterm/contract/messages/es';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client.ts';
import { serveApi } from '@/test/render.tsx';
import { manaPotion, searchFields } from '../test/search-fixtures.ts';
import type { SearchRequest } from '../utils/search-request.ts';
import { SearchPage } from './search-page.tsx';

/** The page with its request kept in state, as the route keeps it in the URL. */
function Harness({ initial }: { initial: SearchRequest }) {
  const [request, setRequest] = useState<SearchRequest | null>(initial);
  return <SearchPage request={request} onSearch={setRequest} onCopy={() => {}} />;
}

function renderPage(initial: SearchRequest) {
  serveApi(({ url }) => {
    if (url === '/buscar/campos') return { status: 200, data: searchFields };
    return { status: 200, data: [manaPotion], headers: { 'x-total-count': '1' } };
  });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>
        <Harness initial={initial} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('SearchPage: a search the forms refuse', () => {
  it('leaves no stale results under the quick search’s message', async () => {
    renderPage({ kind: 'quick', termino: 'mana', subindice: '' });
    expect(await screen.findByText('1 resultado.')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Término' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Término' }), '{Enter}');
    expect(screen.getByText(es.search.needQuery)).toBeInTheDocument();
    expect(screen.queryByText('1 resultado.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Ver ficha de/ })).not.toBeInTheDocument();

    // A valid search shows results again.
    await userEvent.type(screen.getByRole('textbox', { name: 'Término' }), 'mana{Enter}');
    expect(await screen.findByText('1 resultado.')).toBeInTheDocument();
  });

  it('leaves no stale results under the advanced search’s message', async () => {
    renderPage({ kind: 'advanced', campo: 'definicion', valor: 'maná' });
    expect(await screen.findByText('1 resultado.')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Valor' }));
    await userEvent.click(screen.getByRole('button', { name: 'Buscar en el campo' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Elige un campo y escribe un valor.');
    expect(screen.queryByText('1 resultado.')).not.toBeInTheDocument();
  });
});
