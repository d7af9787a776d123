import {
  MIN_FREQ_DEFAULT,
  MIN_FREQ_MAX,
  MIN_FREQ_MIN,
  type ExtractionAnswer,
  type ExtractionLanguage,
} from '@ludoterm/contract';
import { es, format, plural } from '@ludoterm/contract/messages/es';
import {
  Alert,
  Button,
  FileInput,
  Grid,
  Group,
  Loader,
  NumberInput,
  Progress,
  SegmentedControl,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconFileText, IconPlayerPlay } from '@tabler/icons-react';
import { useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useExtractTerms } from '../api/extract-terms.ts';
import {
  DOCUMENT_ACCEPT,
  fileSizeLabel,
  isDocumentFile,
  isStopwordFile,
  STOPWORD_ACCEPT,
} from '../utils/file-kinds.ts';
import { countWords } from '../utils/word-count.ts';

export interface ExtractorFormProps {
  /** A finished extraction, with the document's name (null for pasted text). */
  onResult: (answer: ExtractionAnswer, documentName: string | null) => void;
  /** A new run starts: the page clears the previous results. */
  onStart?: () => void;
}

type Mode = 'predeterminadas' | 'personalizadas';

/** What went wrong before or while processing, in the spec's words. */
interface FormErrors {
  source?: string;
  file?: string;
  minFreq?: string;
  stopwords?: string;
  stopwordsFile?: string;
  /** 'Error procesando. {detail}'. */
  process?: string;
}

function minFreqOf(value: string | number): number | null {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= MIN_FREQ_MIN && n <= MIN_FREQ_MAX ? n : null;
}

function extensionText(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : ` (${name.slice(dot).toLowerCase()})`;
}

/**
 * The extractor's form (spec section 2, /extractor): a document (.txt, .csv, .docx, .pdf) or
 * pasted text with its live word count, the minimum frequency (1–10, default 2), the stopword
 * mode with its own text box or .txt file, the text's language, and 'Procesar'. Checks what
 * spec section 5 asks before sending; while the server works it shows the upload's progress,
 * then an indeterminate bar, and offers to cancel.
 */
export function ExtractorForm({ onResult, onStart }: ExtractorFormProps) {
  const [archivo, setArchivo] = useState<File | null>(null);
  const [texto, setTexto] = useState('');
  const [minFreq, setMinFreq] = useState<string | number>(MIN_FREQ_DEFAULT);
  const [modo, setModo] = useState<Mode>('predeterminadas');
  const [stopwordsTexto, setStopwordsTexto] = useState('');
  const [stopwordsArchivo, setStopwordsArchivo] = useState<File | null>(null);
  const [idioma, setIdioma] = useState<ExtractionLanguage | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const extraction = useExtractTerms();
  const alertId = useId();

  const deferredText = useDeferredValue(texto);
  const words = useMemo(() => countWords(deferredText), [deferredText]);
  const busy = extraction.isPending;

  const validate = (): FormErrors => {
    const found: FormErrors = {};
    if (!archivo && texto.trim() === '') found.source = es.extractor.noInput;
    if (archivo && !isDocumentFile(archivo.name)) {
      found.file = format(es.extractor.fileType, { ext: extensionText(archivo.name) });
    }
    if (minFreqOf(minFreq) === null) found.minFreq = es.extractor.minFreqRange;
    if (modo === 'personalizadas') {
      if (stopwordsArchivo && !isStopwordFile(stopwordsArchivo.name)) {
        found.stopwordsFile = es.extractor.stopwordFileType;
      } else if (!stopwordsArchivo && stopwordsTexto.trim() === '') {
        found.stopwords = es.extractor.customNeedsStopwords;
      }
    }
    return found;
  };

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validate();
    setErrors(found);
    setCancelled(false);
    if (Object.keys(found).length > 0) return;
    onStart?.();
    const abort = new AbortController();
    controller.current = abort;
    setProgress(0);
    try {
      const answer = await extraction.mutateAsync({
        archivo,
        texto,
        minFreq: minFreqOf(minFreq)!,
        modoStopwords: modo,
        stopwordsTexto,
        stopwordsArchivo,
        idioma,
        onProgress: setProgress,
        signal: abort.signal,
      });
      onResult(answer, archivo ? archivo.name : null);
    } catch (error) {
      if (abort.signal.aborted) setCancelled(true);
      else
        setErrors({ process: format(es.extractor.processError, { detail: errorMessage(error) }) });
    } finally {
      controller.current = null;
      setProgress(null);
    }
  };

  // The spec's validation messages, in one alert a screen reader announces.
  const formMessages = [errors.source, errors.stopwords, errors.process].filter(Boolean);
  const uploading = progress !== null && progress < 100 && archivo !== null;

  return (
    <SectionCard titleId="extractor-form-title">
      <form
        onSubmit={handleSubmit}
        noValidate
        aria-describedby={formMessages.length > 0 ? alertId : undefined}
      >
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="sm">
              <Title order={2} size="h4" id="extractor-form-title">
                {es.extractor.formTitle}
              </Title>
              <FileInput
                label={es.extractor.file}
                description={es.extractor.fileHelp}
                placeholder={es.extractor.filePlaceholder}
                accept={DOCUMENT_ACCEPT}
                value={archivo}
                onChange={(file) => {
                  setArchivo(file);
                  setErrors((e) => ({ ...e, file: undefined, source: undefined }));
                }}
                clearable
                clearButtonProps={{ 'aria-label': es.extractor.removeFile }}
                leftSection={<IconFileText size={18} aria-hidden />}
                valueComponent={({ value }) =>
                  value && !Array.isArray(value) ? (
                    <Text size="sm" truncate>
                      {format(es.extractor.fileChosen, {
                        name: value.name,
                        size: fileSizeLabel(value.size),
                      })}
                    </Text>
                  ) : null
                }
                error={errors.file}
                disabled={busy}
              />
              <Textarea
                label={es.extractor.text}
                placeholder={es.extractor.textPlaceholder}
                value={texto}
                onChange={(event) => {
                  setTexto(event.currentTarget.value);
                  if (errors.source) setErrors((e) => ({ ...e, source: undefined }));
                }}
                autosize
                minRows={6}
                maxRows={14}
                disabled={busy}
                description={archivo && texto.trim() !== '' ? es.extractor.textIgnored : undefined}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
              />
              <Text size="sm" c="dimmed" aria-live="polite">
                {plural(es.extractor.words, words)}
              </Text>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="sm">
              <Title order={2} size="h4">
                {es.extractor.optionsTitle}
              </Title>
              <NumberInput
                label={es.extractor.minFreq}
                description={es.extractor.minFreqHelp}
                min={MIN_FREQ_MIN}
                max={MIN_FREQ_MAX}
                step={1}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                value={minFreq}
                onChange={(value) => {
                  setMinFreq(value);
                  if (errors.minFreq) setErrors((e) => ({ ...e, minFreq: undefined }));
                }}
                error={errors.minFreq}
                disabled={busy}
                maw={{ base: '100%', xs: 320 }}
              />
              <div>
                <Text
                  component="label"
                  id="modo-stopwords-label"
                  size="sm"
                  fw={500}
                  display="block"
                  mb={4}
                >
                  {es.extractor.stopwordMode}
                </Text>
                <SegmentedControl
                  aria-labelledby="modo-stopwords-label"
                  value={modo}
                  onChange={(value) => {
                    setModo(value as Mode);
                    setErrors((e) => ({ ...e, stopwords: undefined, stopwordsFile: undefined }));
                  }}
                  data={[
                    { value: 'predeterminadas', label: es.extractor.defaultStopwords },
                    { value: 'personalizadas', label: es.extractor.customStopwords },
                  ]}
                  disabled={busy}
                  fullWidth
                />
              </div>
              {modo === 'personalizadas' ? (
                <Stack gap="xs">
                  <Textarea
                    label={es.extractor.customStopwordsText}
                    description={es.extractor.customStopwordsHelp}
                    placeholder={es.extractor.customStopwordsPlaceholder}
                    value={stopwordsTexto}
                    onChange={(event) => {
                      setStopwordsTexto(event.currentTarget.value);
                      if (errors.stopwords) setErrors((e) => ({ ...e, stopwords: undefined }));
                    }}
                    autosize
                    minRows={3}
                    maxRows={8}
                    disabled={busy || stopwordsArchivo !== null}
                  />
                  <FileInput
                    label={es.extractor.stopwordsFile}
                    placeholder={es.extractor.filePlaceholder}
                    accept={STOPWORD_ACCEPT}
                    value={stopwordsArchivo}
                    onChange={(file) => {
                      setStopwordsArchivo(file);
                      setErrors((e) => ({ ...e, stopwords: undefined, stopwordsFile: undefined }));
                    }}
                    clearable
                    clearButtonProps={{ 'aria-label': es.extractor.removeFile }}
                    error={errors.stopwordsFile}
                    disabled={busy}
                  />
                </Stack>
              ) : null}
              <NativeSelect
                label={es.extractor.language}
                data={[
                  { value: 'auto', label: es.extractor.languageAuto },
                  { value: 'es', label: es.extractor.languageNames.es },
                  { value: 'en', label: es.extractor.languageNames.en },
                ]}
                value={idioma ?? 'auto'}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setIdioma(value === 'es' || value === 'en' ? value : null);
                }}
                disabled={busy}
                w={{ base: '100%', xs: 260 }}
              />
              <Group gap="sm" mt="xs">
                <Button
                  type="submit"
                  disabled={busy}
                  leftSection={
                    busy ? (
                      <Loader size={16} color="gray" aria-hidden />
                    ) : (
                      <IconPlayerPlay size={18} aria-hidden />
                    )
                  }
                >
                  {busy ? es.extractor.processing : es.extractor.process}
                </Button>
                {busy ? (
                  <Button variant="default" onClick={() => controller.current?.abort()}>
                    {es.extractor.cancel}
                  </Button>
                ) : null}
              </Group>
            </Stack>
          </Grid.Col>
        </Grid>

        {progress !== null ? (
          <Stack gap={6} mt="md" role="status">
            <Text size="sm">
              {uploading ? format(es.extractor.uploading, { n: progress }) : es.extractor.analysing}
            </Text>
            <Progress
              aria-label={es.extractor.progressLabel}
              value={uploading ? progress : 100}
              striped={!uploading}
              animated={!uploading}
              size="lg"
              transitionDuration={200}
            />
          </Stack>
        ) : null}

        {formMessages.length > 0 ? (
          <Alert id={alertId} color="red" variant="light" mt="md" role="alert">
            {formMessages.map((message) => (
              <Text key={message} size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {message}
              </Text>
            ))}
          </Alert>
        ) : null}
        {cancelled ? (
          <Text size="sm" c="dimmed" mt="md" role="status">
            {es.extractor.cancelled}
          </Text>
        ) : null}
      </form>
    </SectionCard>
  );
}
