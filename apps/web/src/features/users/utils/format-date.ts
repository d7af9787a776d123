const day = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium' });

/** '22 nov 2026' for an ISO date; the raw text if it does not parse. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : day.format(date);
}
