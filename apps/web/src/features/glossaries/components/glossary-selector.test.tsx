import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client.ts';
import { serveApi } from '@/test/render.tsx';
import { glossaries, platformsGlossary } from '../test/glossary-fixtures.ts';
import { GlossarySelector, type GlossarySelectorProps } from './glossary-selector.tsx';

function Harness(
  props: Partial<GlossarySelectorProps> & { onPick?: GlossarySelectorProps['onChange'] },
) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <GlossarySelector
      label="Glosario destino"
      value={value}
      onChange={(next, glossary) => {
        setValue(next);
        props.onPick?.(next, glossary);
      }}
      {...props}
    />
  );
}

/** Mantine's test environment: no transitions, so the options are visible at once. */
function renderWithProviders(element: React.ReactElement) {
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>{element}</QueryClientProvider>
    </MantineProvider>,
  );
}

describe('GlossarySelector', () => {
  it("offers the user's glossaries as 'name (es → en)' and answers the choice", async () => {
    serveApi(() => ({ status: 200, data: glossaries }));
    const onPick = vi.fn();
    renderWithProviders(<Harness onPick={onPick} />);
    const input = screen.getByRole('textbox', { name: 'Glosario destino' });
    await vi.waitFor(() => expect(input).toBeEnabled());
    await userEvent.click(input);
    await userEvent.click(await screen.findByRole('option', { name: 'Plataformas (en → fr)' }));
    expect(onPick).toHaveBeenCalledWith('plataformas', platformsGlossary);
  });

  it('leaves out the excluded glossary and, when asked, the read-only ones', async () => {
    serveApi(() => ({ status: 200, data: glossaries }));
    renderWithProviders(<Harness exclude="rpg-combate" writableOnly />);
    const input = screen.getByRole('textbox', { name: 'Glosario destino' });
    await vi.waitFor(() => expect(input).toBeEnabled());
    await userEvent.click(input);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Plataformas (en → fr)']);
  });

  it("says 'No hay glosarios disponibles.' when there is nothing to choose", async () => {
    serveApi(() => ({ status: 200, data: [] }));
    renderWithProviders(<Harness />);
    expect(await screen.findByText('No hay glosarios disponibles.')).toBeInTheDocument();
  });

  it("says 'Error al cargar glosarios' when the list cannot be loaded", async () => {
    serveApi(() => ({ status: 500, data: { detail: 'x', code: 'INTERNAL' } }));
    renderWithProviders(<Harness />);
    expect(
      await screen.findByText('Error al cargar glosarios', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
  });

  it('keeps the choice when the chosen option is clicked again', async () => {
    // Reopening scrolls to the chosen option, which jsdom cannot do.
    Element.prototype.scrollIntoView = vi.fn();
    serveApi(() => ({ status: 200, data: glossaries }));
    renderWithProviders(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Glosario destino' });
    await vi.waitFor(() => expect(input).toBeEnabled());
    await userEvent.click(input);
    await userEvent.click(await screen.findByRole('option', { name: 'Plataformas (en → fr)' }));
    await userEvent.click(input);
    await userEvent.click(await screen.findByRole('option', { name: 'Plataformas (en → fr)' }));
    expect(input).toHaveValue('Plataformas (en → fr)');
  });

  it('offers only what `filter` accepts and says `emptyMessage` when nothing fits', async () => {
    serveApi(() => ({ status: 200, data: glossaries }));
    const { unmount } = renderWithProviders(
      <Harness filter={(g) => g.idioma_meta === 'fr'} emptyMessage="Nada que elegir." />,
    );
    const input = screen.getByRole('textbox', { name: 'Glosario destino' });
    await vi.waitFor(() => expect(input).toBeEnabled());
    await userEvent.click(input);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Plataformas (en → fr)']);
    unmount();
    renderWithProviders(<Harness filter={() => false} emptyMessage="Nada que elegir." />);
    expect(await screen.findByText('Nada que elegir.')).toBeInTheDocument();
  });
});
