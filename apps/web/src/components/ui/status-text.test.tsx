import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render.tsx';
import { SaveOutcomeAlert } from './save-outcome-alert.tsx';
import { StatusMessage } from './status-message.tsx';
import { splitStatusPrefix } from './status-text.tsx';

const EMOJI = /[✅❌⚠]/u;

describe('status prefixes drawn as icons, not emoji', () => {
  it('splits the ✅ / ⚠️ / ❌ prefix from the text', () => {
    expect(splitStatusPrefix('✅ Cambios guardados.')).toEqual({
      tone: 'ok',
      text: 'Cambios guardados.',
    });
    expect(splitStatusPrefix('⚠️ Selecciona glosario de origen y destino.')).toEqual({
      tone: 'warning',
      text: 'Selecciona glosario de origen y destino.',
    });
    expect(splitStatusPrefix('❌ Error al subir avatar')).toEqual({
      tone: 'error',
      text: 'Error al subir avatar',
    });
    expect(splitStatusPrefix('Entrada creada.')).toEqual({ tone: null, text: 'Entrada creada.' });
  });

  it('StatusMessage shows an SVG icon instead of the emoji', () => {
    renderWithProviders(
      <StatusMessage message={{ kind: 'error', text: '❌ Error al guardar cambios' }} />,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Error al guardar cambios');
    expect(status.textContent).not.toMatch(EMOJI);
    expect(status.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  });

  it('SaveOutcomeAlert shows the icon for the saved text and for the error title', () => {
    const saved = renderWithProviders(
      <SaveOutcomeAlert
        outcome={{ ok: true }}
        savedText="✅ Nombre actualizado."
        errorTitle="❌ Error"
      />,
    );
    expect(screen.getByText('Nombre actualizado.')).toBeInTheDocument();
    expect(screen.getByRole('status').textContent).not.toMatch(EMOJI);
    saved.unmount();
    renderWithProviders(
      <SaveOutcomeAlert
        outcome={{ ok: false, detail: 'El nombre es demasiado largo.' }}
        savedText="✅ Nombre actualizado."
        errorTitle="❌ Error al actualizar nombre"
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Error al actualizar nombre');
    expect(alert.textContent).not.toMatch(EMOJI);
    expect(alert.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  });
});
