import type { GlossaryConfig } from '@ludoterm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { glossaryKeys } from './query-keys.ts';

export interface UpdateGlossaryDescriptionInput {
  nombreSeguro: string;
  descripcion: string | null;
}

/** `PUT /glosarios/{nombre_seguro}/configuracion {descripcion}`. */
export async function updateGlossaryDescription({
  nombreSeguro,
  descripcion,
}: UpdateGlossaryDescriptionInput): Promise<GlossaryConfig> {
  const { data } = await api.put<GlossaryConfig>(
    `/glosarios/${encodeURIComponent(nombreSeguro)}/configuracion`,
    { descripcion },
  );
  return data;
}

export function useUpdateGlossaryDescription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGlossaryDescription,
    onSuccess: (config, { nombreSeguro }) => {
      queryClient.setQueryData(glossaryKeys.config(nombreSeguro), config);
      return queryClient.invalidateQueries({ queryKey: glossaryKeys.lists() });
    },
  });
}
