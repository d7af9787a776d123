import type { Glossary } from '@ludoterm/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client.ts';
import { rpgGlossary } from '@/test/fixtures.ts';
import { serveApi } from '@/test/render.tsx';
import { CopyDestinationSelector } from './copy-destination-selector.tsx';

const like = (changes: Partial<Glossary>): Glossary => ({ ...rpgGlossary, ...changes });

/** The user's glossaries: only two of them may take a copy of rpg-combate (es → en). */
const mine: Glossary[] = [
  rpgGlossary,
  like({ id: 2, nombre: 'Plataformas', nombre_seguro: 'plataformas' }),
  like({
    id: 3,
    nombre: 'Inverso',
    nombre_seguro: 'inverso',
    idioma_origen: 'en',
    idioma_meta: 'es',
  }),
  like({
    id: 4,
    nombre: 'Francés',
    nombre_seguro: 'frances',
    idioma_origen: 'en',
    idioma_meta: 'fr',
  }),
  like({ id: 5, nombre: 'Ajeno', nombre_seguro: 'ajeno', acceso: 'lector' }),
];

function renderSelector(glossaries: Glossary[]) {
  serveApi(() => ({ status: 200, data: glossaries }));
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>
        <CopyDestinationSelector
          label="Glosario destino"
          origin={rpgGlossary}
          value={null}
          onChange={() => {}}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('CopyDestinationSelector', () => {
  it('offers only other writable glossaries with the same two languages', async () => {
    renderSelector(mine);
    const input = screen.getByRole('textbox', { name: 'Glosario destino' });
    await vi.waitFor(() => expect(input).toBeEnabled());
    await userEvent.click(input);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Plataformas (es → en)',
      'Inverso (en → es)',
    ]);
  });

  it('says why when no glossary can take the copy', async () => {
    renderSelector([mine[0]!, mine[3]!, mine[4]!]);
    expect(
      await screen.findByText(
        'No tienes otro glosario con los idiomas es y en en el que puedas escribir. Crea uno en «Crear / Importar» o pide permiso de edición a quien comparte el glosario.',
      ),
    ).toBeInTheDocument();
  });
});
