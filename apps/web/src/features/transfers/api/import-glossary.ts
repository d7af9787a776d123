import type { ImportAnswer, ImportFormat, ImportMapping } from '@ludoterm/contract';
import { useMutation } from '@tanstack/react-query';
import { api, TRANSFER_TIMEOUT_MS } from '@/lib/api-client.ts';

export interface ImportGlossaryInput {
  nombreSeguro: string;
  file: File;
  formato: ImportFormat;
  /** The column mapping after a header pass; sent only when it is not empty (spec 5). */
  mapping?: ImportMapping | null;
  /** Upload progress, 0–100. */
  onProgress?: (percent: number) => void;
}

/**
 * `POST /glosarios/{nombre_seguro}/importar` multipart {formato, mapping_json?, archivo}:
 * the header pass `{cabeceras_detectadas, muestra, sugerencia}` or `{importados, omitidos}`.
 * Big files outlast the usual 15 s, so it has the transfer timeout and reports progress.
 */
export async function importGlossary({
  nombreSeguro,
  file,
  formato,
  mapping,
  onProgress,
}: ImportGlossaryInput): Promise<ImportAnswer> {
  const form = new FormData();
  form.append('formato', formato);
  if (mapping && Object.keys(mapping).length > 0)
    form.append('mapping_json', JSON.stringify(mapping));
  // The file last, so the server has read the small fields when the big part arrives.
  form.append('archivo', file);
  const { data } = await api.post<ImportAnswer>(
    `/glosarios/${encodeURIComponent(nombreSeguro)}/importar`,
    form,
    {
      headers: { 'Content-Type': 'multipart/form-data' },
      timeout: TRANSFER_TIMEOUT_MS,
      onUploadProgress: (event) => {
        if (event.total)
          onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      },
    },
  );
  return data;
}

export function useImportGlossary() {
  return useMutation({ mutationFn: importGlossary });
}
