import { MantineProvider, Select } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client.ts';
import { serveApi } from '@/test/render.tsx';
import { copied } from '../test/copy-fixtures.ts';
import { CopyEntriesModal, type DestinationFieldProps } from './copy-entries-modal.tsx';

/** Mantine's test environment (no transitions), so the options show at once. */
function renderWithProviders(element: React.ReactElement) {
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>{element}</QueryClientProvider>
    </MantineProvider>,
  );
}

/** A stand-in for the page's glossary selector. */
function destination({ value, onChange, error }: DestinationFieldProps) {
  return (
    <Select
      label="Glosario destino"
      data={[{ value: 'plataformas', label: 'Plataformas (es → en)' }]}
      value={value}
      onChange={onChange}
      error={error}
      comboboxProps={{ withinPortal: false }}
    />
  );
}

async function chooseDestination() {
  await userEvent.click(screen.getByRole('textbox', { name: 'Glosario destino' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Plataformas (es → en)' }));
}

describe('CopyEntriesModal', () => {
  it("asks for a destination with 'Selecciona un glosario destino.'", async () => {
    renderWithProviders(
      <CopyEntriesModal
        opened
        onClose={() => {}}
        origin="rpg-combate"
        selection={{ ids: [1], count: 1 }}
        renderDestination={destination}
      />,
    );
    expect(screen.getByText('1 entrada para copiar')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(await screen.findByText('Selecciona un glosario destino.')).toBeInTheDocument();
  });

  it('copies the selection and says how many were copied and skipped', async () => {
    const bodies: unknown[] = [];
    serveApi((r) => {
      bodies.push([r.url, r.body]);
      return { status: 200, data: copied };
    });
    const onCopied = vi.fn();
    renderWithProviders(
      <CopyEntriesModal
        opened
        onClose={() => {}}
        origin="rpg-combate"
        selection={{ ids: [10, 11], count: 2 }}
        renderDestination={destination}
        onCopied={onCopied}
      />,
    );
    await chooseDestination();
    await userEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(await screen.findByText('Entrada copiada correctamente.')).toBeInTheDocument();
    expect(
      screen.getByText(
        '1 entrada copiada. 1 entrada omitida: sus términos ya estaban en el glosario destino.',
        { normalizer: (t) => t.replace(/\s+/g, ' ').trim() },
      ),
    ).toBeInTheDocument();
    expect(bodies).toEqual([
      ['/glosarios/rpg-combate/copiar', { destino: 'plataformas', ids: [10, 11] }],
    ]);
    expect(onCopied).toHaveBeenCalledWith(copied, 'plataformas');
    expect(screen.queryByRole('button', { name: 'Copiar' })).not.toBeInTheDocument();
  });

  it("sends todas: true for a whole glossary and shows the server's detail on failure", async () => {
    const bodies: unknown[] = [];
    serveApi((r) => {
      bodies.push(r.body);
      return {
        status: 422,
        data: { detail: 'Los idiomas de los glosarios no coinciden.', code: 'LANGUAGE_MISMATCH' },
      };
    });
    renderWithProviders(
      <CopyEntriesModal
        opened
        onClose={() => {}}
        origin="rpg-combate"
        selection={{ todas: true, count: 500 }}
        renderDestination={destination}
      />,
    );
    await chooseDestination();
    await userEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(
      await screen.findByText('Los idiomas de los glosarios no coinciden.'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{ destino: 'plataformas', todas: true }]);
  });

  it("falls back to 'Error al copiar entradas.' when the server sent no detail", async () => {
    serveApi(() => ({ status: 502 }));
    renderWithProviders(
      <CopyEntriesModal
        opened
        onClose={() => {}}
        origin="rpg-combate"
        selection={{ ids: [1], count: 1 }}
        renderDestination={destination}
      />,
    );
    await chooseDestination();
    await userEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(await screen.findByText('Error al copiar entradas.')).toBeInTheDocument();
  });

  it('says nothing was copied when every entry was already there, and keeps Copiar', async () => {
    serveApi(() => ({ status: 200, data: { copiadas: 0, omitidas: 18 } }));
    renderWithProviders(
      <CopyEntriesModal
        opened
        onClose={() => {}}
        origin="rpg-combate"
        selection={{ ids: [1], count: 18 }}
        renderDestination={destination}
      />,
    );
    expect(screen.getByText('18 entradas para copiar')).toBeInTheDocument();
    await chooseDestination();
    await userEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(await screen.findByText('No se ha copiado ninguna entrada.')).toBeInTheDocument();
    expect(
      screen.getByText('18 entradas omitidas: sus términos ya estaban en el glosario destino.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/copiadas correctamente/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copiar' })).toBeInTheDocument();
  });
});
