import type { AdminUser, Ticket, User } from '@ludoterm/contract';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@/lib/token-store.ts';
import type { FixtureAnswer, FixtureHandler } from './fake-http.ts';
import { adminUser, editorUser, tokens } from './fixtures.ts';
import { serveApi } from './render.tsx';

/** Typed answers for the profile, tickets and administration pages. */
export const pendingTicket: Ticket = {
  id: 7,
  user_id: editorUser.id,
  email: editorUser.email,
  tipo: 'bug',
  descripcion: 'El botón Exportar no responde en Firefox.',
  estado: 'pendiente',
  respuesta: null,
  fecha: '2026-11-20T09:15:00.000Z',
  created_at: '2026-11-20T09:15:00.000Z',
  fecha_respuesta: null,
  imagen: null,
};

export const answeredTicket: Ticket = {
  ...pendingTicket,
  id: 8,
  tipo: 'sugerencia',
  descripcion: 'Exportar a TBX v3.',
  estado: 'resuelto',
  respuesta: 'Ya está disponible en Exportar.',
  fecha_respuesta: '2026-11-21T10:00:00.000Z',
  imagen: '/api/tickets/imagenes/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG.webp',
};

export function adminUserRow(user: User, trialEndsAt: string | null = null): AdminUser {
  return { ...user, trial_ends_at: trialEndsAt };
}

export const accountUsers: AdminUser[] = [
  adminUserRow(adminUser),
  adminUserRow(editorUser, '2026-12-06T10:00:00.000Z'),
  ...[3, 4, 5].map((id) =>
    adminUserRow({
      ...editorUser,
      id,
      email: `persona${id}@example.org`,
      display_name: null,
      plan: 'free',
      trial_remaining: null,
    }),
  ),
];

export function signIn(): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, tokens.access_token);
  localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refresh_token);
}

export const notFound: FixtureAnswer = {
  status: 404,
  data: { detail: 'No encontrado', code: 'ROUTE_NOT_FOUND' },
};

/**
 * Health and `/auth/me` (answering `me()` at the time of the call), then `extra`; unknown
 * calls answer 404. Returns the log of calls.
 */
export function serveAccount(me: () => User, extra?: FixtureHandler) {
  return serveApi(async (request) => {
    const answer = extra ? await extra(request) : undefined;
    if (answer) return answer;
    if (request.url === '/health') {
      return {
        status: 200,
        data: {
          status: 'ok',
          contact_email: 'soporte@example.org',
          version: '0.1.0',
          google_client_id: null,
          import_max_bytes: 10 * 1024 * 1024,
        },
      };
    }
    if (request.url === '/auth/me') return { status: 200, data: me() };
    if (request.url === '/auth/logout') return { status: 204 };
    return notFound;
  });
}
