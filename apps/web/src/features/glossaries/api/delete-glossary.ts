import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { glossaryKeys } from './query-keys.ts';

/** `DELETE /glosarios/{nombre_seguro}`: sends the glossary to the trash (204). */
export async function deleteGlossary(nombreSeguro: string): Promise<void> {
  await api.delete(`/glosarios/${encodeURIComponent(nombreSeguro)}`);
}

export function useDeleteGlossary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGlossary,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: glossaryKeys.all }),
  });
}
