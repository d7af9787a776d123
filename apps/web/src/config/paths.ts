/**
 * Every route of the app (spec section 2). Links and redirects take their path from here,
 * so a route can move in one place.
 */
export const paths = {
  home: '/',
  guide: '/guia',
  docuterm: '/docuterm',
  glossaries: '/glosarios',
  create: '/crear',
  entries: '/entradas',
  search: '/buscar',
  copy: '/copiar',
  extractor: '/extractor',
  export: '/exportar',
  profile: '/perfil',
  users: '/usuarios',
  tickets: '/tickets',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/restablecer-contrasena',
  confirmEmail: '/confirmar-correo',
  legal: '/legal',
  privacy: '/privacidad',
  cookies: '/cookies',
  terms: '/terminos',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The query parameter of /entradas that keeps the open glossary. */
export const ENTRIES_GLOSSARY_PARAM = 'glosario';

/** /entradas with that glossary open (links from a glossary to its entries). */
export function glossaryEntriesPath(nombreSeguro: string): string {
  return `${paths.entries}?${new URLSearchParams({ [ENTRIES_GLOSSARY_PARAM]: nombreSeguro })}`;
}
