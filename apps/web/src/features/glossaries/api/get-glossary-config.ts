import type { GlossaryConfig } from '@ludoterm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { glossaryKeys } from './query-keys.ts';

/** `GET /glosarios/{nombre_seguro}/configuracion`: settings, access and the card's fields. */
export async function getGlossaryConfig(nombreSeguro: string): Promise<GlossaryConfig> {
  const { data } = await api.get<GlossaryConfig>(
    `/glosarios/${encodeURIComponent(nombreSeguro)}/configuracion`,
  );
  return data;
}

export function glossaryConfigQueryOptions(nombreSeguro: string) {
  return queryOptions({
    queryKey: glossaryKeys.config(nombreSeguro),
    queryFn: () => getGlossaryConfig(nombreSeguro),
    staleTime: 5 * 60_000,
  });
}

/** The card configuration of one glossary (null name: nothing selected yet). */
export function useGlossaryConfig(nombreSeguro: string | null) {
  return useQuery({
    ...glossaryConfigQueryOptions(nombreSeguro ?? ''),
    enabled: Boolean(nombreSeguro),
  });
}
