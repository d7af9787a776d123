import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FixtureAnswer } from '@/test/fake-http.ts';
import { renderWithProviders, serveApi } from '@/test/render.tsx';
import { LoginForm } from './login-form.tsx';

/** /login's form up to the code step; `resend` answers the sign-ins after the first. */
async function openCodeStep(resend: () => FixtureAnswer) {
  const bodies: unknown[] = [];
  serveApi((request) => {
    if (request.url !== '/auth/login') return { status: 404, data: { detail: 'no' } };
    bodies.push(request.body);
    return bodies.length === 1 ? { status: 200, data: { requires_verification: true } } : resend();
  });
  renderWithProviders(<LoginForm onSignedIn={vi.fn()} />);
  await userEvent.type(screen.getByLabelText(/Correo electrónico/), 'ana@example.org');
  await userEvent.type(screen.getByLabelText(/^Contraseña/), 'secreta123');
  await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
  await screen.findByRole('heading', { name: 'Código de verificación' });
  return bodies;
}

describe('the sign-in code step', () => {
  it("sends a new code with 'Reenviar código', then asks to wait before another", async () => {
    const bodies = await openCodeStep(() => ({
      status: 200,
      data: { requires_verification: true },
    }));
    await userEvent.click(screen.getByRole('button', { name: 'Reenviar código' }));
    expect(await screen.findByText(/Te hemos enviado un código nuevo/)).toBeInTheDocument();
    expect(bodies).toEqual([
      { email: 'ana@example.org', password: 'secreta123' },
      { email: 'ana@example.org', password: 'secreta123' },
    ]);
    expect(screen.getByRole('button', { name: 'Reenviar código' })).toBeDisabled();
    expect(screen.getByText(/Podrás pedir otro código dentro de \d+ s\./)).toBeInTheDocument();
  });

  it("shows the server's limit when it refuses to send another", async () => {
    const detail =
      'Ya te hemos enviado 5 códigos en los últimos 15 minutos. Usa el último que recibiste o espera un poco.';
    await openCodeStep(() => ({ status: 429, data: { detail, code: 'RATE_LIMITED' } }));
    await userEvent.click(screen.getByRole('button', { name: 'Reenviar código' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
    expect(screen.getByRole('button', { name: 'Reenviar código' })).toBeDisabled();
  });
});
