/** The current instant as the ISO 8601 string every table stores. */
export function nowIso(): string {
  return new Date().toISOString();
}

export const DAY_MS = 24 * 60 * 60 * 1000;

export function addMs(iso: string, ms: number): string {
  return new Date(Date.parse(iso) + ms).toISOString();
}
