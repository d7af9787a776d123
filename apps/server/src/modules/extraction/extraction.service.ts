import {
  EXTRACTION_LANGUAGES,
  EXTRACTOR_FILE_EXTENSIONS,
  MIN_FREQ_DEFAULT,
  MIN_FREQ_MAX,
  MIN_FREQ_MIN,
  STOPWORD_FILE_EXTENSIONS,
  STOPWORD_MODES,
  es,
  format,
  type Candidate,
  type ErrorCode,
  type ExtractionAnswer,
  type ExtractionLanguage,
} from '@ludoterm/contract';
import { formatBytes } from '@ludoterm/formats';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { foldText } from '../../lib/text-folding.ts';
import { WorkerPoolFullError, type WorkerPool } from '../../lib/worker-pool.ts';
import type {
  ExtractionOutcome,
  ExtractionRefusalCode,
  ExtractionTask,
  StopwordsSource,
  WorkerCandidate,
} from './extraction-job.ts';
import { listGlossaryTermMatches } from './extraction.repository.ts';
import { waitAsync } from '../../lib/wait-async.ts';

/** The extraction worker threads (workers/extraction.worker.ts). */
export type ExtractionPool = WorkerPool<ExtractionTask, ExtractionOutcome>;

export interface ExtractionDeps {
  db: Kysely<Database>;
  config: Config;
  pool: ExtractionPool;
  /** Where the timings of each extraction are logged (the request's logger). */
  log?: { info(details: object, message: string): void };
}

/** An uploaded file as the route read it (whole, within its limit). */
export interface UploadedFile {
  name: string;
  bytes: Buffer;
}

/** The multipart form of `POST /extractor` as the route read it. */
export interface ExtractionForm {
  fields: Record<string, string>;
  archivo: UploadedFile | null;
  archivoStopwords: UploadedFile | null;
}

/** How the extractor's refusals answer: status by the contract's codes (415, 413, 422…). */
const REFUSAL_CODES: Record<ExtractionRefusalCode, ErrorCode> = {
  FORMATO_NO_ADMITIDO: 'UNSUPPORTED_MEDIA_TYPE',
  CONTENIDO_NO_COINCIDE: 'FORMAT_MISMATCH',
  ARCHIVO_DEMASIADO_GRANDE: 'PAYLOAD_TOO_LARGE',
  ARCHIVO_CORRUPTO: 'INVALID_FILE',
  ARCHIVO_CIFRADO: 'INVALID_FILE',
  PDF_SIN_TEXTO: 'INVALID_FILE',
  TIEMPO_AGOTADO: 'SERVICE_UNAVAILABLE',
  TEXTO_VACIO: 'VALIDATION_FAILED',
  IDIOMA_NO_ADMITIDO: 'UNSUPPORTED_LANGUAGE',
  OPCIONES_NO_VALIDAS: 'VALIDATION_FAILED',
  SIN_STOPWORDS: 'VALIDATION_FAILED',
};

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase().trim();
}

export function documentTooLarge(maxBytes: number, pasted: boolean): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    format(pasted ? es.extractor.textTooLarge : es.extractor.fileTooLarge, {
      max: formatBytes(maxBytes),
    }),
  );
}

export function stopwordsTooLarge(maxBytes: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    format(es.extractor.stopwordsTooLarge, { max: formatBytes(maxBytes) }),
  );
}

export function unsupportedDocument(name: string): AppError {
  const ext = extensionOf(name);
  return new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    format(es.extractor.fileType, { ext: ext ? ` (${ext})` : '' }),
  );
}

export function isAcceptedDocument(name: string): boolean {
  return (EXTRACTOR_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(name));
}

export function isAcceptedStopwordFile(name: string): boolean {
  return (STOPWORD_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(name));
}

function parseMinFreq(raw: string | undefined): number {
  const value = raw?.trim() ?? '';
  if (value === '') return MIN_FREQ_DEFAULT;
  const n = /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= MIN_FREQ_MIN && n <= MIN_FREQ_MAX))
    throw new AppError('VALIDATION_FAILED', es.extractor.minFreqRange);
  return n;
}

function parseMode(raw: string | undefined): (typeof STOPWORD_MODES)[number] {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '') return 'predeterminadas';
  if ((STOPWORD_MODES as readonly string[]).includes(value))
    return value as (typeof STOPWORD_MODES)[number];
  throw new AppError('VALIDATION_FAILED', es.extractor.stopwordModeInvalid);
}

function parseLanguage(raw: string | undefined): ExtractionLanguage | null {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '') return null;
  if ((EXTRACTION_LANGUAGES as readonly string[]).includes(value))
    return value as ExtractionLanguage;
  throw new AppError('UNSUPPORTED_LANGUAGE', es.extractor.languageInvalid);
}

/** A fresh ArrayBuffer holding exactly the file, safe to move to the worker. */
function ownBuffer(bytes: Buffer): ArrayBuffer {
  const copy = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(copy).set(bytes);
  return copy;
}

/** Checks the form (spec section 5) in the order a user fixes things, and builds the task. */
export function taskFromForm(
  config: Config,
  form: ExtractionForm,
): { task: ExtractionTask; transfer: ArrayBuffer[] } {
  const { fields } = form;
  const minFreq = parseMinFreq(fields['min_freq']);
  const stopwordsMode = parseMode(fields['modo_stopwords']);
  const language = parseLanguage(fields['idioma']);
  const texto = fields['texto'] ?? '';
  if (!form.archivo && texto.trim() === '')
    throw new AppError('VALIDATION_FAILED', es.extractor.noInput);
  if (form.archivo && !isAcceptedDocument(form.archivo.name))
    throw unsupportedDocument(form.archivo.name);

  const transfer: ArrayBuffer[] = [];
  let stopwords: StopwordsSource | null = null;
  if (stopwordsMode === 'personalizadas') {
    const typed = fields['stopwords_personalizadas'] ?? '';
    if (form.archivoStopwords) {
      if (!isAcceptedStopwordFile(form.archivoStopwords.name)) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', es.extractor.stopwordFileType);
      }
      const bytes = ownBuffer(form.archivoStopwords.bytes);
      transfer.push(bytes);
      stopwords = { kind: 'file', name: form.archivoStopwords.name, bytes };
    } else if (typed.trim() !== '') {
      if (Buffer.byteLength(typed) > config.EXTRACTOR_STOPWORDS_MAX_BYTES) {
        throw stopwordsTooLarge(config.EXTRACTOR_STOPWORDS_MAX_BYTES);
      }
      stopwords = { kind: 'text', text: typed };
    } else {
      throw new AppError('VALIDATION_FAILED', es.extractor.customNeedsStopwords);
    }
  }

  // A document sent together with pasted text wins: it is what the user chose last to upload.
  let source: ExtractionTask['source'];
  if (form.archivo) {
    const bytes = ownBuffer(form.archivo.bytes);
    transfer.push(bytes);
    source = { kind: 'file', name: form.archivo.name, bytes };
  } else {
    source = { kind: 'text', text: texto };
  }
  const jobMs = config.EXTRACTOR_JOB_TIMEOUT_SECONDS * 1000;
  return {
    task: {
      source,
      minFreq,
      stopwordsMode,
      stopwords,
      language,
      maxCandidates: config.EXTRACTOR_MAX_CANDIDATES,
      maxFileBytes: config.EXTRACTOR_MAX_BYTES,
      maxStopwordBytes: config.EXTRACTOR_STOPWORDS_MAX_BYTES,
      fileTimeoutMs: jobMs,
      started: new SharedArrayBuffer(4),
    },
    transfer,
  };
}

/** "1 segundo", "90 segundos", "2 minutos". */
function durationText(seconds: number): string {
  if (seconds % 60 === 0 && seconds >= 120) return `${seconds / 60} minutos`;
  return seconds === 1 ? '1 segundo' : `${seconds} segundos`;
}

function timedOut(config: Config): AppError {
  return new AppError(
    'SERVICE_UNAVAILABLE',
    format(es.extractor.timeout, { limit: durationText(config.EXTRACTOR_JOB_TIMEOUT_SECONDS) }),
    { 'retry-after': '60' },
  );
}

/**
 * Runs the task within the job's time limit, counted from when a thread takes it (the worker
 * flips `started`) so queueing does not count; past it, or on `signal`, the thread is ended.
 */
async function runWithTimeLimit(
  deps: ExtractionDeps,
  task: ExtractionTask,
  transfer: ArrayBuffer[],
  signal?: AbortSignal,
): Promise<ExtractionOutcome> {
  const controller = new AbortController();
  const flag = new Int32Array(task.started);
  let timer: NodeJS.Timeout | undefined;
  let expired = false;
  const onCancel = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onCancel, { once: true });
  const waiting = waitAsync(flag, 0, 0);
  const startTimer = () => {
    if (controller.signal.aborted || Atomics.load(flag, 0) !== 1) return;
    timer = setTimeout(() => {
      expired = true;
      controller.abort(new Error('tiempo agotado'));
    }, deps.config.EXTRACTOR_JOB_TIMEOUT_SECONDS * 1000);
  };
  if (waiting.async) void (waiting.value as Promise<string>).then(startTimer);
  else startTimer();
  try {
    return await deps.pool.run(task, { transferList: transfer, signal: controller.signal });
  } catch (error) {
    if (expired) throw timedOut(deps.config);
    if (error instanceof WorkerPoolFullError) {
      throw new AppError('SERVICE_UNAVAILABLE', es.extractor.busy, { 'retry-after': '60' });
    }
    if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      throw new AppError('PAYLOAD_TOO_LARGE', es.extractor.tooBigToProcess);
    }
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCancel);
    // Releases the waitAsync above when the task never started (cancelled while queued).
    Atomics.store(flag, 0, 2);
    Atomics.notify(flag, 0);
  }
}

function refusal(outcome: Extract<ExtractionOutcome, { ok: false }>, config: Config): AppError {
  if (outcome.code === 'SIN_STOPWORDS')
    return new AppError('VALIDATION_FAILED', es.extractor.customNeedsStopwords);
  if (outcome.code === 'TIEMPO_AGOTADO') return timedOut(config);
  if (outcome.enStopwords) {
    if (outcome.code === 'ARCHIVO_DEMASIADO_GRANDE')
      return stopwordsTooLarge(config.EXTRACTOR_STOPWORDS_MAX_BYTES);
    return new AppError(
      REFUSAL_CODES[outcome.code],
      format(es.extractor.stopwordFileError, { detail: outcome.detail }),
    );
  }
  return new AppError(REFUSAL_CODES[outcome.code], outcome.detail);
}

/**
 * `en_glosarios` of every candidate: the user's readable glossaries with a live entry whose term
 * in the text's language is the candidate's term or a variant, folded. One query in all.
 */
export async function markKnownCandidates(
  db: Kysely<Database>,
  user: Pick<UserRow, 'id'>,
  language: ExtractionLanguage,
  entradas: readonly WorkerCandidate[],
): Promise<Candidate[]> {
  const keysOf = entradas.map((c) => {
    const forms = [c.termino[language] ?? '', ...c.variante];
    return [...new Set(forms.map(foldText).filter((k) => k !== ''))];
  });
  const matches = await listGlossaryTermMatches(db, user.id, language, keysOf.flat());
  const namesByKey = new Map<string, Set<string>>();
  for (const m of matches) {
    let names = namesByKey.get(m.plegado);
    if (!names) namesByKey.set(m.plegado, (names = new Set()));
    names.add(m.nombre);
  }
  const collator = new Intl.Collator('es', { sensitivity: 'base' });
  return entradas.map((c, i) => {
    const names = new Set<string>();
    for (const key of keysOf[i]!) for (const n of namesByKey.get(key) ?? []) names.add(n);
    return { ...c, en_glosarios: [...names].sort(collator.compare) };
  });
}

/** `POST /extractor`, once the route checked the plan and read the form. */
export async function extractFromForm(
  deps: ExtractionDeps,
  user: Pick<UserRow, 'id'>,
  form: ExtractionForm,
  signal?: AbortSignal,
): Promise<ExtractionAnswer> {
  const { task, transfer } = taskFromForm(deps.config, form);
  const started = performance.now();
  const outcome = await runWithTimeLimit(deps, task, transfer, signal);
  if (!outcome.ok) throw refusal(outcome, deps.config);
  const entradas = await markKnownCandidates(
    deps.db,
    user,
    outcome.estadisticas.idioma,
    outcome.entradas,
  );
  deps.log?.info(
    {
      palabras: outcome.estadisticas.palabras,
      candidatos: entradas.length,
      lectura_ms: outcome.lectura_ms,
      extraccion_ms: outcome.extraccion_ms,
      total_ms: Math.round(performance.now() - started),
    },
    'extracción completada',
  );
  return { entradas, estadisticas: outcome.estadisticas };
}
