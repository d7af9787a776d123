import type { ExtractionAnswer, ExtractionLanguage } from '@ludoterm/contract';
import { useMutation } from '@tanstack/react-query';
import { api, TRANSFER_TIMEOUT_MS } from '@/lib/api-client.ts';

export interface ExtractTermsInput {
  /** The document, or null to analyse `texto`. */
  archivo: File | null;
  texto: string;
  minFreq: number;
  modoStopwords: 'predeterminadas' | 'personalizadas';
  stopwordsTexto: string;
  stopwordsArchivo: File | null;
  /** null: the server detects it. */
  idioma: ExtractionLanguage | null;
  /** Upload progress, 0–100; at 100 the server is working. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * `POST /extractor` multipart {min_freq, modo_stopwords, archivo_stopwords or
 * stopwords_personalizadas, archivo or texto, idioma?} → `{entradas, estadisticas}`. A long
 * document outlasts the usual 15 s: transfer timeout, upload progress, cancellable.
 */
export async function extractTerms(input: ExtractTermsInput): Promise<ExtractionAnswer> {
  const form = new FormData();
  form.append('min_freq', String(input.minFreq));
  form.append('modo_stopwords', input.modoStopwords);
  if (input.idioma) form.append('idioma', input.idioma);
  if (input.modoStopwords === 'personalizadas') {
    if (input.stopwordsArchivo) form.append('archivo_stopwords', input.stopwordsArchivo);
    else form.append('stopwords_personalizadas', input.stopwordsTexto);
  }
  // The document last, so the server has read the small fields when the big part arrives.
  if (input.archivo) form.append('archivo', input.archivo);
  else form.append('texto', input.texto);
  const { data } = await api.post<ExtractionAnswer>('/extractor', form, {
    headers: { 'Content-Type': 'multipart/form-data' },
    timeout: TRANSFER_TIMEOUT_MS,
    ...(input.signal ? { signal: input.signal } : {}),
    onUploadProgress: (event) => {
      if (event.total)
        input.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    },
  });
  return data;
}

export function useExtractTerms() {
  return useMutation({ mutationFn: extractTerms });
}
