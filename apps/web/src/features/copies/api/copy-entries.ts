import type { CopyAnswer } from '@ludoterm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export interface CopyEntriesInput {
  /** The origin's nombre_seguro. */
  origen: string;
  /** The destination's nombre_seguro. */
  destino: string;
  ids?: number[];
  todas?: boolean;
}

/** `POST /glosarios/{origen}/copiar {destino, ids | todas}` → `{copiadas, omitidas}`. */
export async function copyEntries({
  origen,
  destino,
  ids,
  todas,
}: CopyEntriesInput): Promise<CopyAnswer> {
  const body = todas ? { destino, todas: true } : { destino, ids: ids ?? [] };
  const { data } = await api.post<CopyAnswer>(
    `/glosarios/${encodeURIComponent(origen)}/copiar`,
    body,
    // Copying a whole glossary of 100,000 entries can take a few seconds.
    { timeout: 120_000 },
  );
  return data;
}

export function useCopyEntries() {
  return useMutation({ mutationFn: copyEntries });
}
