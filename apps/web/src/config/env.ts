/** Build-time settings of the web app (Vite `VITE_*` variables), with the defaults a fresh clone needs. */
export const env = {
  apiBaseUrl: import.meta.env.VITE_API_BASE_URL || '/api',
  contactEmail: import.meta.env.VITE_CONTACT_EMAIL || 'soporte@ludoterm.app',
  requestTimeoutMs: 15_000,
} as const;
