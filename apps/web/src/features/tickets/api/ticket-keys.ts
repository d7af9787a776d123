/** Query keys of tickets: every ticket mutation invalidates `ticketKeys.all`. */
export const ticketKeys = {
  all: ['tickets'] as const,
  mine: () => [...ticketKeys.all, 'mine'] as const,
  admin: (pagina: number, porPagina: number) =>
    [...ticketKeys.all, 'admin', { pagina, porPagina }] as const,
  image: (path: string) => [...ticketKeys.all, 'image', path] as const,
};

/**
 * `imagen` is a path under /api/ (the contract); the client's base URL already ends in /api,
 * so the request goes to the rest of the path.
 */
export function apiRelativePath(path: string): string {
  return path.replace(/^\/api(?=\/)/, '');
}
