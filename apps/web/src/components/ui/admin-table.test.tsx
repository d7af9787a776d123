import { Button, Table } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render.tsx';
import { AdminTable, type AdminTableProps } from './admin-table.tsx';

interface Fruit {
  id: number;
  name: string;
}

const fruits: Fruit[] = [
  { id: 1, name: 'manzana' },
  { id: 2, name: 'pera' },
];

/** A table of fruits whose rows report a save: 'Guardar manzana' succeeds, 'Guardar pera' fails. */
function renderTable(props: Partial<AdminTableProps<Fruit>> = {}) {
  const onPageChange = vi.fn();
  renderWithProviders(
    <AdminTable<Fruit>
      title="Frutas"
      titleId="titulo-frutas"
      items={fruits}
      total={2}
      page={1}
      pageSize={5}
      onPageChange={onPageChange}
      loadError={null}
      emptyText="Sin frutas"
      columns={['Nombre']}
      minWidth={600}
      savedText="✅ Fruta guardada."
      saveErrorTitle="❌ Error al guardar la fruta"
      getKey={(fruit) => String(fruit.id)}
      renderItem={(fruit, { layout, save }) => {
        const saveButton = (
          <Button
            onClick={() =>
              void save(() =>
                fruit.id === 1 ? Promise.resolve() : Promise.reject(new Error('Pera podrida.')),
              )
            }
          >
            Guardar {fruit.name}
          </Button>
        );
        return layout === 'card' ? (
          <>
            {fruit.name} {saveButton}
          </>
        ) : (
          <>
            <Table.Td>{fruit.name}</Table.Td>
            <Table.Td>{saveButton}</Table.Td>
          </>
        );
      }}
      {...props}
    />,
  );
  return { onPageChange };
}

/** A 390 px wide screen: the phone query matches, and the test setup's answers stay. */
function onPhone() {
  const matchMedia = window.matchMedia.bind(window);
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => {
    const answer = matchMedia(query);
    return { ...answer, matches: answer.matches || query === '(max-width: 48em)' };
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AdminTable', () => {
  it('shows a section named by its heading, the total, and a table with an actions column', () => {
    renderTable();
    const section = screen.getByRole('region', { name: 'Frutas' });
    expect(within(section).getByText('2 en total')).toBeInTheDocument();
    const headers = within(section).getAllByRole('columnheader');
    expect(headers.map((th) => th.textContent)).toEqual(['Nombre', 'Acciones']);
    expect(within(section).getAllByRole('row')).toHaveLength(3);
  });

  it('says when there is nothing to show', () => {
    renderTable({ items: [], total: 0 });
    expect(screen.getByRole('cell', { name: 'Sin frutas' })).toBeInTheDocument();
  });

  it('shows no table and no total until the items load, and the load error', () => {
    renderTable({ items: undefined, total: 0, loadError: '❌ No se pudieron cargar las frutas' });
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudieron cargar las frutas');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('0 en total')).not.toBeInTheDocument();
  });

  it("shows how a row's save went, and closes the notice", async () => {
    renderTable();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar manzana' }));
    expect(screen.getByRole('status')).toHaveTextContent('Fruta guardada.');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar pera' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Error al guardar la fruta');
    expect(alert).toHaveTextContent('Pera podrida.');
    await userEvent.click(within(alert).getByRole('button'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('pages only when there is more than one page', async () => {
    const { onPageChange } = renderTable({ total: 12 });
    const pages = screen.getByLabelText('Páginas de frutas');
    expect(within(pages).getByRole('button', { name: 'Página 3' })).toBeInTheDocument();
    await userEvent.click(within(pages).getByRole('button', { name: 'Página siguiente' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('has no pagination for a single page', () => {
    renderTable({ total: 5 });
    expect(screen.queryByLabelText('Páginas de frutas')).not.toBeInTheDocument();
  });

  it('lists the items as cards on a phone', () => {
    onPhone();
    renderTable();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'manzana Guardar manzana',
      'pera Guardar pera',
    ]);
  });

  it('says there is nothing to show on a phone outside the list, which holds only items', () => {
    onPhone();
    renderTable({ items: [], total: 0 });
    expect(screen.getByText('Sin frutas')).toBeInTheDocument();
    expect(screen.queryByRole('list')?.querySelector(':scope > :not(li)') ?? null).toBeNull();
  });
});
