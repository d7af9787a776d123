import type { SearchResult } from '@ludoterm/contract';
import { Accordion, MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { manaPotion } from '../test/search-fixtures.ts';
import { SearchResultItem } from './search-result-item.tsx';

function renderOpened(result: SearchResult) {
  render(
    <MantineProvider env="test">
      <Accordion multiple defaultValue={[String(result.id)]}>
        <SearchResultItem
          result={result}
          request={{ kind: 'quick', termino: 'mana', subindice: '' }}
          onCopy={() => {}}
        />
      </Accordion>
    </MantineProvider>,
  );
  return screen.getByRole('region');
}

describe('SearchResultItem', () => {
  it('shows the private comments the server answered, as /entradas does', () => {
    const card = renderOpened({ ...manaPotion, comentarios_privados: 'Revisar con QA.' });
    expect(within(card).getByText('Comentarios privados')).toBeInTheDocument();
    expect(within(card).getByText('Revisar con QA.')).toBeInTheDocument();
  });

  it('shows no private comments row when there are none', () => {
    const card = renderOpened({ ...manaPotion, comentarios_privados: null });
    expect(within(card).queryByText('Comentarios privados')).not.toBeInTheDocument();
  });
});
