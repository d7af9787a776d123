import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, serveApi } from '@/test/render.tsx';
import { rpgGlossary } from '../test/glossary-fixtures.ts';
import { CreateGlossaryForm } from './create-glossary-form.tsx';

function setup(answer: { status: number; data?: unknown } = { status: 201, data: rpgGlossary }) {
  const bodies: unknown[] = [];
  serveApi((request) => {
    if (request.method === 'POST' && request.url === '/glosarios') {
      bodies.push(request.body);
      return answer;
    }
    return { status: 200, data: [] };
  });
  const onStatus = vi.fn();
  const onCreated = vi.fn();
  renderWithProviders(<CreateGlossaryForm onStatus={onStatus} onCreated={onCreated} />);
  const submit = () => screen.getByRole('button', { name: 'Crear glosario' });
  const name = () => screen.getByLabelText(/Nombre del glosario/);
  return { bodies, onStatus, onCreated, submit, name };
}

describe('CreateGlossaryForm', () => {
  it('starts at es → en with the button disabled until the name is non-blank', async () => {
    const { submit, name } = setup();
    expect(screen.getByLabelText('Idioma base')).toHaveValue('es');
    expect(screen.getByLabelText('Idioma meta')).toHaveValue('en');
    expect(submit()).toBeDisabled();
    await userEvent.type(name(), '   ');
    expect(submit()).toBeDisabled();
    await userEvent.type(name(), 'RPG');
    expect(submit()).toBeEnabled();
  });

  it('offers the spec languages in its order: base es, en, fr, de; target en, es, fr, de', () => {
    setup();
    const values = (label: string) =>
      [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((o) => o.value);
    expect(values('Idioma base')).toEqual(['es', 'en', 'fr', 'de']);
    expect(values('Idioma meta')).toEqual(['en', 'es', 'fr', 'de']);
  });

  it("says 'Pon un nombre de glosario.' when the name is left blank", async () => {
    const { name } = setup();
    await userEvent.type(name(), '  ');
    await userEvent.tab();
    expect(await screen.findByText('Pon un nombre de glosario.')).toBeInTheDocument();
  });

  it('refuses the same base and target language: the button is disabled and says why', async () => {
    const { bodies, submit, name } = setup();
    await userEvent.type(name(), 'Mismo idioma');
    await userEvent.selectOptions(screen.getByLabelText('Idioma meta'), 'es');
    expect(screen.getByText('El idioma base y meta no pueden ser iguales.')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    expect(submit()).toHaveAccessibleDescription('El idioma base y meta no pueden ser iguales.');
    await userEvent.click(submit());
    await new Promise((r) => setTimeout(r, 20));
    expect(bodies).toEqual([]);
  });

  it('says why the button is disabled from the start, and at once for a blank name', async () => {
    const { submit, name } = setup();
    expect(submit()).toBeDisabled();
    expect(screen.getByText('Pon un nombre de glosario.')).toBeInTheDocument();
    expect(submit()).toHaveAccessibleDescription('Pon un nombre de glosario.');
    // Spaces only: still no name, said as an error without waiting for the field to lose focus.
    await userEvent.type(name(), '   ');
    expect(submit()).toBeDisabled();
    expect(name()).toBeInvalid();
    expect(name()).toHaveAccessibleDescription('Pon un nombre de glosario.');
    // Every problem at once.
    await userEvent.selectOptions(screen.getByLabelText('Idioma meta'), 'es');
    expect(submit()).toHaveAccessibleDescription(
      'Pon un nombre de glosario. El idioma base y meta no pueden ser iguales.',
    );
    await userEvent.type(name(), 'RPG');
    await userEvent.selectOptions(screen.getByLabelText('Idioma meta'), 'en');
    expect(submit()).toBeEnabled();
    expect(screen.queryByText('Pon un nombre de glosario.')).not.toBeInTheDocument();
  });

  it('creates the glossary and reports \'Glosario "{name}" creado.\'', async () => {
    const { bodies, submit, name, onStatus, onCreated } = setup();
    await userEvent.type(name(), '  RPG Combate ');
    await userEvent.selectOptions(screen.getByLabelText('Idioma base'), 'fr');
    await userEvent.selectOptions(screen.getByLabelText('Idioma meta'), 'de');
    await userEvent.type(screen.getByLabelText('Descripción'), 'Combate por turnos');
    await userEvent.click(submit());
    await waitFor(() => expect(onStatus).toHaveBeenCalledWith('Glosario "RPG Combate" creado.'));
    expect(bodies).toEqual([
      {
        nombre: 'RPG Combate',
        idioma_origen: 'fr',
        idioma_meta: 'de',
        descripcion: 'Combate por turnos',
      },
    ]);
    expect(onCreated).toHaveBeenCalledWith(rpgGlossary);
    expect(name()).toHaveValue('');
  });

  it("reports 'Error creando glosario: {detail}' with the server's detail", async () => {
    const { submit, name, onStatus } = setup({
      status: 409,
      data: {
        detail: 'Ya tienes un glosario activo con ese nombre. Elige otro nombre.',
        code: 'GLOSSARY_NAME_TAKEN',
      },
    });
    await userEvent.type(name(), 'RPG');
    await userEvent.click(submit());
    await waitFor(() =>
      expect(onStatus).toHaveBeenCalledWith(
        'Error creando glosario: Ya tienes un glosario activo con ese nombre. Elige otro nombre.',
      ),
    );
    expect(name()).toHaveValue('RPG');
  });
});
