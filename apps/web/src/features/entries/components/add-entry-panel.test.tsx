import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FixtureAnswer } from '@/test/fake-http.ts';
import { renderWithProviders, serveApi } from '@/test/render.tsx';
import { esEnFields, espada, rpgGlossary } from '../test/entry-fixtures.ts';
import { AddEntryPanel } from './add-entry-panel.tsx';

/** The panel, with `answer` for its POST; returns its callbacks and the bodies it sent. */
function renderPanel(answer: FixtureAnswer) {
  const sent: unknown[] = [];
  serveApi((request) => {
    sent.push(request.body);
    return answer;
  });
  const onClose = vi.fn();
  const onAdded = vi.fn();
  renderWithProviders(
    <AddEntryPanel
      nombreSeguro={rpgGlossary.nombre_seguro}
      fields={esEnFields}
      onClose={onClose}
      onAdded={onAdded}
    />,
  );
  return { onClose, onAdded, sent, form: screen.getByRole('form', { name: 'Nueva entrada' }) };
}

describe('AddEntryPanel', () => {
  it('creates the entry, says so, and tells the caller', async () => {
    const { onAdded, sent, form } = renderPanel({ status: 201, data: { ...espada, id: 99 } });
    expect(screen.getByRole('heading', { name: 'Nueva entrada' })).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Término (es)' }), 'arco');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Entrada creada.')).toBeInTheDocument();
    expect(onAdded).toHaveBeenCalledOnce();
    expect(sent).toEqual([expect.objectContaining({ termino: { es: 'arco', en: null } })]);
  });

  it('shows what the server adjusted in the new entry, in a notice that stays until closed', async () => {
    const aviso =
      'Solo puede haber un término preferido por idioma: «espada» sigue siendo el preferido (es) y «tizona» pasa a admitido.';
    const { onAdded, form } = renderPanel({
      status: 201,
      data: { ...espada, id: 99, avisos: [aviso] },
    });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Término (es)' }), 'espada');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Entrada creada.')).toBeInTheDocument();
    const notice = screen.getByText(`Guardada con un ajuste: ${aviso}`);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(onAdded).toHaveBeenCalledOnce();
  });

  it("shows the server's reason and stays open when the entry is refused", async () => {
    const { onAdded, form } = renderPanel({
      status: 409,
      data: { detail: 'Ya existe esa entrada.', code: 'CONFLICT' },
    });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Término (en)' }), 'bow');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Error al guardar la entrada: Ya existe esa entrada.',
    );
    expect(onAdded).not.toHaveBeenCalled();
  });

  it('closes with Cancelar', async () => {
    const { onClose, form } = renderPanel({ status: 500 });
    await userEvent.click(within(form).getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
