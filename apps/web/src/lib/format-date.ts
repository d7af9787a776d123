const day = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium' });
const dayAndTime = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' });

function formatIso(iso: string, formatter: Intl.DateTimeFormat): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter.format(date);
}

/** '22 nov 2026' for an ISO date; the raw text if it does not parse. */
export function formatDate(iso: string): string {
  return formatIso(iso, day);
}

/** '22 nov 2026, 11:30' for an ISO date; the raw text if it does not parse. */
export function formatDateTime(iso: string): string {
  return formatIso(iso, dayAndTime);
}
