import type { Glossary } from '@ludoterm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { glossaryKeys } from './query-keys.ts';

/** `POST /glosarios/restaurar {nombre}`: brings a glossary back from the caller's trash. */
export async function restoreGlossary(nombre: string): Promise<Glossary> {
  const { data } = await api.post<Glossary>('/glosarios/restaurar', { nombre });
  return data;
}

export function useRestoreGlossary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreGlossary,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: glossaryKeys.all }),
  });
}
