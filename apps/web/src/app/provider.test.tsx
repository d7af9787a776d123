import { Checkbox, Loader } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render.tsx';

describe('AppProvider theme', () => {
  it('draws checkboxes with square corners, so they do not read as radio buttons', () => {
    renderWithProviders(<Checkbox label="Seleccionar «espada»" />);
    const box = screen.getByRole('checkbox', { name: 'Seleccionar «espada»' });
    const root = box.closest<HTMLElement>('.mantine-Checkbox-root');
    expect(root?.style.getPropertyValue('--checkbox-radius')).toBe('var(--mantine-radius-xs)');
  });

  it('gives a labelled loader a role, so its label is allowed and read out', () => {
    renderWithProviders(<Loader aria-label="Cargando..." />);
    expect(screen.getByRole('status', { name: 'Cargando...' })).toBeInTheDocument();
  });

  it("names a drop zone's hidden file input", () => {
    renderWithProviders(<Dropzone onDrop={() => {}}>Suelta aquí el archivo</Dropzone>);
    expect(screen.getByLabelText('Elegir archivo')).toHaveAttribute('type', 'file');
  });
});
