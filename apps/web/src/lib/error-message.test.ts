import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { errorMessage } from './error-message.ts';

describe('errorMessage (spec section 8)', () => {
  it('shows the answer detail when it is text', () => {
    const error = new ApiError(409, 'EMAIL_TAKEN', 'Ya existe una cuenta con ese correo.', 'x');
    expect(errorMessage(error)).toBe('Ya existe una cuenta con ese correo.');
  });

  it('shows an object detail as formatted JSON', () => {
    const detail = { email: ['Escribe un correo electrónico válido.'] };
    expect(errorMessage(new ApiError(422, 'VALIDATION_FAILED', detail, 'x'))).toBe(
      '{\n  "email": [\n    "Escribe un correo electrónico válido."\n  ]\n}',
    );
  });

  it('reads the detail of an axios-like error', () => {
    expect(errorMessage({ response: { data: { detail: 'No encontrado.' } } })).toBe(
      'No encontrado.',
    );
  });

  it('falls back to the error message', () => {
    expect(errorMessage(new ApiError(0, 'NETWORK_ERROR', null, 'Sin conexión.'))).toBe(
      'Sin conexión.',
    );
    expect(errorMessage(new Error('Fallo'))).toBe('Fallo');
  });

  it("falls back to 'Error desconocido'", () => {
    expect(errorMessage(undefined)).toBe('Error desconocido');
    expect(errorMessage({})).toBe('Error desconocido');
    expect(errorMessage(new Error(''))).toBe('Error desconocido');
  });
});
