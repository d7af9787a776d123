import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DocutermTable } from './docuterm-table.tsx';

describe('DocutermTable', () => {
  it('describes the private comments the entry forms offer, who sees them included', () => {
    render(
      <MantineProvider env="test">
        <MemoryRouter>
          <DocutermTable />
        </MemoryRouter>
      </MantineProvider>,
    );
    const table = screen.getByRole('table');
    const row = within(table).getByRole('rowheader', { name: 'Comentarios privados' }).closest('tr')!;
    expect(within(row).getByText('comentarios_privados')).toBeInTheDocument();
    expect(row).toHaveTextContent(
      'Solo los ven quien creó la entrada y la persona propietaria del glosario.',
    );
    // The phone layout lists the same fields.
    const cards = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(cards.some((text) => text?.startsWith('Comentarios privados'))).toBe(true);
  });
});
