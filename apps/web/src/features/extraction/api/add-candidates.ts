import type { AddCandidatesAnswer, AddCandidatesInput } from '@ludoterm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export interface AddCandidatesVariables {
  nombreSeguro: string;
  body: AddCandidatesInput;
}

/**
 * `POST /glosarios/{nombre_seguro}/entradas/candidatos` {idioma, fuente, candidatos} →
 * `{añadidas, omitidas, resultados}`: the candidates become DocuTerm cards; those the
 * glossary already holds are skipped.
 */
export async function addCandidates({
  nombreSeguro,
  body,
}: AddCandidatesVariables): Promise<AddCandidatesAnswer> {
  const { data } = await api.post<AddCandidatesAnswer>(
    `/glosarios/${encodeURIComponent(nombreSeguro)}/entradas/candidatos`,
    body,
  );
  return data;
}

export function useAddCandidates({
  onSuccess,
}: { onSuccess?: (answer: AddCandidatesAnswer) => void } = {}) {
  return useMutation({ mutationFn: addCandidates, onSuccess });
}
