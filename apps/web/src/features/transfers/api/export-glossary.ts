import type { ExportFormat } from '@ludoterm/contract';
import { useMutation } from '@tanstack/react-query';
import { api, TRANSFER_TIMEOUT_MS } from '@/lib/api-client.ts';
import { downloadName } from '../utils/download-name.ts';

/** TBX versions the export writes: 2 (TBX-Basic `martif`, the default) or 3. */
export type TbxVersion = '2' | '3';

export interface ExportGlossaryInput {
  nombreSeguro: string;
  formato: ExportFormat;
  /** TBX only. */
  version?: TbxVersion;
  /** Bytes received so far (the size is unknown beforehand: the file is streamed). */
  onProgress?: (loadedBytes: number) => void;
  signal?: AbortSignal;
}

export interface ExportedFile {
  blob: Blob;
  /** `{nombre_seguro}.{formato}`, as the server's Content-Disposition names it. */
  fileName: string;
}

/**
 * `GET /glosarios/{nombre_seguro}/exportar?formato=…[&version=3]` as a blob. A big glossary or
 * a PDF can outlast the usual 15 s, so the download has the transfer timeout and reports the
 * bytes received; an error body arrives as a Blob and the API client reads its JSON back, so
 * the server's `detail` reaches the user.
 */
export async function exportGlossary({
  nombreSeguro,
  formato,
  version,
  onProgress,
  signal,
}: ExportGlossaryInput): Promise<ExportedFile> {
  const response = await api.get<Blob>(`/glosarios/${encodeURIComponent(nombreSeguro)}/exportar`, {
    params: { formato, ...(formato === 'tbx' && version ? { version } : {}) },
    responseType: 'blob',
    headers: { Accept: '*/*' },
    timeout: TRANSFER_TIMEOUT_MS,
    signal,
    onDownloadProgress: (event) => onProgress?.(event.loaded),
  });
  const disposition = response.headers['content-disposition'] as string | undefined;
  return {
    blob: response.data,
    fileName: downloadName(disposition, `${nombreSeguro}.${formato}`),
  };
}

export function useExportGlossary() {
  return useMutation({ mutationFn: exportGlossary });
}
