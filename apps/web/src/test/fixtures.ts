import type { Tokens, User } from '@ludoterm/contract';

/** Typed API answers used by the web tests. */
export const editorUser: User = {
  id: 2,
  email: 'ana@example.org',
  role: 'editor',
  plan: 'pro_trial',
  trial_remaining: 14,
  display_name: 'Ana Torres',
  avatar_url: null,
  created_at: '2026-11-22T10:00:00.000Z',
  verificacion_codigo: false,
};

export const adminUser: User = {
  ...editorUser,
  id: 1,
  email: 'admin@example.org',
  role: 'admin',
  plan: 'pro',
  trial_remaining: null,
  display_name: null,
};

export const tokens: Tokens = {
  access_token: 'access-token-1',
  refresh_token: 'refresh-token-1',
  token_type: 'bearer',
  expires_in: 900,
};
