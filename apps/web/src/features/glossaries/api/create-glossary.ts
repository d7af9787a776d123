import type { CreateGlossaryInput, Glossary } from '@ludoterm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { glossaryKeys } from './query-keys.ts';

/** `POST /glosarios {nombre, idioma_origen, idioma_meta, descripcion}` → 201 with the glossary. */
export async function createGlossary(input: CreateGlossaryInput): Promise<Glossary> {
  const { data } = await api.post<Glossary>('/glosarios', input);
  return data;
}

export function useCreateGlossary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGlossary,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: glossaryKeys.lists() }),
  });
}
