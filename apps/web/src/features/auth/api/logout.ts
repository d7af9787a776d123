import { api } from '@/lib/api-client.ts';

/** `POST /auth/logout {refresh_token}`: revokes that token's family on the server (204). */
export async function logout(refreshToken: string): Promise<void> {
  await api.post('/auth/logout', { refresh_token: refreshToken }, { skipAuth: true });
}
