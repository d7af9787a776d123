import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { apiRelativePath, ticketKeys } from './ticket-keys.ts';

/**
 * A ticket's image, fetched with the token: the server shows it only to the ticket's author
 * and to administrators, so a plain `<img src>` (which sends no token) cannot load it.
 */
export async function getTicketImage(path: string): Promise<Blob> {
  const { data } = await api.get<Blob>(apiRelativePath(path), { responseType: 'blob' });
  return data;
}

/** The image as a data: URL, which an `<img>` shows and nothing has to revoke. */
function toDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('No se pudo leer la imagen.'));
    reader.readAsDataURL(blob);
  });
}

export function ticketImageQueryOptions(path: string) {
  return queryOptions({
    queryKey: ticketKeys.image(path),
    queryFn: async () => toDataUrl(await getTicketImage(path)),
    // The file behind a path never changes.
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });
}

export function useTicketImage(path: string) {
  return useQuery(ticketImageQueryOptions(path));
}
