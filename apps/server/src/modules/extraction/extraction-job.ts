import type { Candidate, ExtractionLanguage, ExtractionStats } from '@ludoterm/contract';
import {
  extractTerms,
  isExtractionError,
  parseStopwords,
  textFromFile,
  type ExtractionErrorCode,
  type StopwordsMode,
} from '@ludoterm/extractor';

// One extraction as the worker thread runs it. Task and outcome cross the thread boundary, so
// they are plain data and refusals come back as `{ok: false, code, detail}`.

/** The document: an uploaded file's bytes (moved to the worker, not copied) or pasted text. */
export type ExtractionSource =
  { kind: 'file'; name: string; bytes: ArrayBuffer } | { kind: 'text'; text: string };

/** The custom stopwords: typed in the form, or a .txt file's bytes. */
export type StopwordsSource =
  { kind: 'text'; text: string } | { kind: 'file'; name: string; bytes: ArrayBuffer };

/** Everything the worker needs; the service has already checked the fields. */
export interface ExtractionTask {
  source: ExtractionSource;
  minFreq: number;
  stopwordsMode: StopwordsMode;
  /** Only in `personalizadas` mode. */
  stopwords: StopwordsSource | null;
  /** The text's language as the user chose it; null: detected. */
  language: ExtractionLanguage | null;
  maxCandidates: number;
  /** Bounds of reading the file (bytes, and the PDF reading time). */
  maxFileBytes: number;
  maxStopwordBytes: number;
  fileTimeoutMs: number;
  /** An Int32 the worker sets when it starts the task, so the time limit excludes queueing. */
  started: SharedArrayBuffer;
}

/** A candidate as the worker answers it; the service adds `en_glosarios`. */
export type WorkerCandidate = Omit<Candidate, 'en_glosarios'>;

/** Refusals of the extractor, plus the custom stopword list that turned out empty. */
export type ExtractionRefusalCode = ExtractionErrorCode | 'SIN_STOPWORDS';

export type ExtractionOutcome =
  | {
      ok: true;
      entradas: WorkerCandidate[];
      estadisticas: ExtractionStats;
      lectura_ms: number;
      extraccion_ms: number;
    }
  | { ok: false; code: ExtractionRefusalCode; detail: string; enStopwords: boolean };

function signalStarted(started: SharedArrayBuffer): void {
  const flag = new Int32Array(started);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
}

async function stopwordsOf(task: ExtractionTask): Promise<string[] | undefined> {
  if (task.stopwordsMode !== 'personalizadas' || !task.stopwords) return undefined;
  const text =
    task.stopwords.kind === 'text'
      ? task.stopwords.text
      : await textFromFile(task.stopwords.name, new Uint8Array(task.stopwords.bytes), {
          maxBytes: task.maxStopwordBytes,
        });
  return parseStopwords(text);
}


/** Runs one extraction; never throws for a refusal (only for a bug). */
export async function runExtractionJob(task: ExtractionTask): Promise<ExtractionOutcome> {
  signalStarted(task.started);
  const t0 = performance.now();
  let customStopwords: string[] | undefined;
  try {
    customStopwords = await stopwordsOf(task);
  } catch (error) {
    if (isExtractionError(error))
      return { ok: false, code: error.code, detail: error.detail, enStopwords: true };
    throw error;
  }
  if (
    task.stopwordsMode === 'personalizadas' &&
    (!customStopwords || customStopwords.length === 0)
  ) {
    return { ok: false, code: 'SIN_STOPWORDS', detail: '', enStopwords: true };
  }
  try {
    const text =
      task.source.kind === 'text'
        ? task.source.text
        : await textFromFile(task.source.name, new Uint8Array(task.source.bytes), {
            maxBytes: task.maxFileBytes,
            timeoutMs: task.fileTimeoutMs,
          });
    const t1 = performance.now();
    const { entradas, estadisticas } = extractTerms(text, {
      minFreq: task.minFreq,
      stopwordsMode: task.stopwordsMode,
      ...(customStopwords ? { customStopwords } : {}),
      ...(task.language ? { language: task.language } : {}),
      maxCandidates: task.maxCandidates,
    });
    return {
      ok: true,
      // Plain objects of the contract's fields only, whatever else the engine adds.
      entradas: entradas.map((c) => ({
        id: c.id,
        termino: { es: c.termino.es, en: c.termino.en },
        categoria: c.categoria,
        definicion: c.definicion,
        contexto: c.contexto,
        notas: c.notas,
        frecuencia: c.frecuencia,
        variante: c.variante,
        puntuacion: c.puntuacion,
      })),
      estadisticas: {
        total_terminos: estadisticas.total_terminos,
        terminos_unicos: estadisticas.terminos_unicos,
        terminos_filtrados: estadisticas.terminos_filtrados,
        modo_stopwords: estadisticas.modo_stopwords,
        idioma: estadisticas.idioma,
        palabras: estadisticas.palabras,
      },
      lectura_ms: Math.round(t1 - t0),
      extraccion_ms: Math.round(performance.now() - t1),
    };
  } catch (error) {
    if (isExtractionError(error))
      return { ok: false, code: error.code, detail: error.detail, enStopwords: false };
    throw error;
  }
}
