import '@mantine/dropzone/styles.css';
import {
  IMPORT_MAX_BYTES_DEFAULT,
  type CardField,
  type ImportDoneAnswer,
  type ImportFormat,
  type ImportMapping,
} from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import { Alert, Button, CloseButton, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileImport, IconFolderOpen, IconUpload } from '@tabler/icons-react';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '@/lib/error-message.ts';
import { useImportGlossary } from '../api/import-glossary.ts';
import {
  fileSizeLabel,
  IMPORT_EXTENSIONS,
  importFormatOf,
  importLimitLabel,
} from '../utils/import-format.ts';
import { initialMapping, mappingOptions, mapsATerm } from '../utils/import-mapping.ts';
import { importOutcomeText } from '../utils/import-outcome.ts';
import { ImportMappingTable } from './import-mapping-table.tsx';
import { ImportReport } from './import-report.tsx';

export interface GlossaryImportProps {
  /** The target glossary's nombre_seguro (the page keeps it in `?glosario=`), or null. */
  nombreSeguro: string | null;
  /** The target as the user knows it ('RPG Combate (es→en)'), when known. */
  glossaryLabel?: ReactNode;
  /** The target's card fields (`GET …/configuracion`), for the mapping table. */
  campos: readonly CardField[] | undefined;
  /** Every message also goes to the page's status box. */
  onStatus?: (message: string) => void;
  /** After entries were written: the page refreshes what shows them. */
  onImported?: (answer: ImportDoneAnswer) => void;
  /**
   * The largest file the server accepts (`GET /health`), once known: larger files are refused
   * before they are sent. Until then the default is stated and the server alone refuses (413).
   */
  maxBytes?: number | null;
}

type Tone = 'info' | 'success' | 'error';
interface Status {
  tone: Tone;
  text: string;
  /** A finished import's possible duplicates and warnings, listed under the message. */
  report?: ImportDoneAnswer;
}

/** The header pass of one file into one glossary. */
interface HeaderPass {
  file: File;
  nombreSeguro: string;
  cabeceras: string[];
  muestra: string[][];
  sugerencia: ImportMapping | undefined;
}

const TONE_COLOR: Record<Tone, string> = { info: 'blue', success: 'teal', error: 'red' };

/** Dropzone `accept`: MIME types browsers give these files, plus their extensions. */
const ACCEPT: Record<string, string[]> = {
  'text/csv': ['.csv'],
  'text/tab-separated-values': ['.tsv', '.tab'],
  'text/plain': ['.txt', '.tab'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/json': ['.json'],
  'application/x-tmx+xml': ['.tmx'],
  'application/x-tbx+xml': ['.tbx'],
  'application/xml': ['.tmx', '.tbx'],
  'text/xml': ['.tmx', '.tbx'],
};

/**
 * /crear's import section: a drop zone (CSV, TSV, XLSX, JSON, TMX, TBX), 'Importar al glosario'
 * (enabled only with a file), the column-mapping table after a header pass, an upload
 * progress bar and a status box with the spec's messages. The format comes from the
 * lowercased extension; the mapping is sent only once the user has one.
 */
export function GlossaryImport({
  nombreSeguro,
  glossaryLabel,
  campos,
  onStatus,
  onImported,
  maxBytes = null,
}: GlossaryImportProps) {
  const [file, setFile] = useState<File | null>(null);
  const [headerPass, setHeaderPass] = useState<HeaderPass | null>(null);
  const [edits, setEdits] = useState<ImportMapping>({});
  const [status, setStatus] = useState<Status | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const importing = useImportGlossary();
  const hintId = useId();
  const dropTextId = useId();
  const openRef = useRef<() => void>(null);
  const dropText = format(es.import.drop, {
    limite: importLimitLabel(maxBytes ?? IMPORT_MAX_BYTES_DEFAULT),
  });

  const formato: ImportFormat | null = file ? importFormatOf(file.name) : null;
  const options = useMemo(() => mappingOptions(campos ?? []), [campos]);
  // A header pass belongs to one file and one glossary: choosing another drops it.
  const headers =
    headerPass && headerPass.file === file && headerPass.nombreSeguro === nombreSeguro
      ? headerPass
      : null;
  const mapping = useMemo<ImportMapping>(
    () =>
      headers
        ? { ...initialMapping(headers.cabeceras, headers.sugerencia, options), ...edits }
        : {},
    [headers, options, edits],
  );

  const show = (next: Status) => {
    setStatus(next);
    onStatus?.(next.text);
  };

  const choose = (chosen: File | null) => {
    setEdits({});
    setStatus(null);
    // Refused before a byte is sent, rather than after uploading up to the limit.
    if (chosen && maxBytes !== null && chosen.size > maxBytes) {
      setFile(null);
      show({
        tone: 'error',
        text: format(es.import.tooLarge, {
          size: fileSizeLabel(chosen.size),
          limite: fileSizeLabel(maxBytes),
        }),
      });
      return;
    }
    setFile(chosen);
    if (chosen && !importFormatOf(chosen.name))
      show({ tone: 'error', text: es.import.unsupportedFile });
  };

  const handleImport = async () => {
    if (!nombreSeguro) return show({ tone: 'error', text: es.import.noGlossary });
    if (!file) return show({ tone: 'error', text: es.import.noFile });
    if (!formato) return show({ tone: 'error', text: es.import.unsupportedFile });
    setStatus(null);
    setProgress(0);
    try {
      const answer = await importing.mutateAsync({
        nombreSeguro,
        file,
        formato,
        mapping: headers ? mapping : null,
        onProgress: setProgress,
      });
      if ('cabeceras_detectadas' in answer) {
        setHeaderPass({
          file,
          nombreSeguro,
          cabeceras: answer.cabeceras_detectadas,
          muestra: answer.muestra,
          sugerencia: answer.sugerencia,
        });
        setEdits({});
        show({ tone: 'info', text: es.import.headersDetected });
        return;
      }
      setFile(null);
      setHeaderPass(null);
      show({ tone: 'success', text: importOutcomeText(answer), report: answer });
      onImported?.(answer);
    } catch (error) {
      show({ tone: 'error', text: format(es.import.error, { detail: errorMessage(error) }) });
    } finally {
      setProgress(null);
    }
  };

  const busy = importing.isPending;
  const hint = !nombreSeguro ? es.import.noGlossary : !file ? es.import.noFile : null;

  return (
    <Stack gap="md">
      {nombreSeguro && glossaryLabel ? (
        <Text size="sm">
          {es.import.target}{' '}
          <Text span fw={600}>
            {glossaryLabel}
          </Text>
        </Text>
      ) : null}

      {/* The zone takes a dropped file or a click; keyboard and screen reader users get a real
          button instead of a focusable div. */}
      <Dropzone
        onDrop={(files) => choose(files[0] ?? null)}
        onReject={() => {
          setFile(null);
          show({ tone: 'error', text: es.import.unsupportedFile });
        }}
        accept={ACCEPT}
        multiple={false}
        maxFiles={1}
        disabled={busy}
        activateOnKeyboard={false}
        openRef={openRef}
        // The button below is the control; the zone's hidden input would be a second one.
        inputProps={{ 'aria-hidden': true }}
        // The browser's own file dialog, through the input, as a click on the zone opens it.
        useFsAccessApi={false}
      >
        <Group justify="center" gap="md" mih={96} style={{ pointerEvents: 'none' }}>
          <IconFileImport size={40} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
          <div>
            <Text size="md" fw={500} id={dropTextId}>
              {dropText}
            </Text>
            <Text size="sm" c="dimmed">
              {IMPORT_EXTENSIONS.join(', ')}
            </Text>
          </div>
          <Button
            variant="default"
            leftSection={<IconFolderOpen size={16} aria-hidden />}
            aria-describedby={dropTextId}
            disabled={busy}
            style={{ pointerEvents: 'auto' }}
            onClick={(event) => {
              // The zone's own click would open the dialog a second time.
              event.stopPropagation();
              openRef.current?.();
            }}
          >
            {es.import.chooseFile}
          </Button>
        </Group>
      </Dropzone>

      {file ? (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {format(es.import.chosenFile, { name: file.name, size: fileSizeLabel(file.size) })}
          </Text>
          <CloseButton
            size="sm"
            aria-label={es.import.removeFile}
            onClick={() => choose(null)}
            disabled={busy}
          />
        </Group>
      ) : null}

      {headers ? (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {es.import.mappingTitle}
          </Title>
          <ImportMappingTable
            headers={headers.cabeceras}
            rows={headers.muestra}
            options={options}
            mapping={mapping}
            onChange={(header, target) => setEdits((current) => ({ ...current, [header]: target }))}
          />
          {!mapsATerm(mapping) ? (
            <Text size="sm" c="orange.9">
              {es.import.noTermMapped}
            </Text>
          ) : null}
        </Stack>
      ) : null}

      <Group gap="sm" align="center">
        <Button
          leftSection={<IconUpload size={16} aria-hidden />}
          onClick={() => void handleImport()}
          disabled={!file}
          loading={busy}
          aria-describedby={hint ? hintId : undefined}
        >
          {es.import.submit}
        </Button>
        {hint ? (
          <Text id={hintId} size="sm" c="dimmed">
            {hint}
          </Text>
        ) : null}
      </Group>

      {progress !== null ? (
        <Stack gap={4}>
          <Progress
            value={progress < 100 ? progress : 100}
            animated={progress >= 100}
            striped={progress >= 100}
            aria-label={es.import.progressLabel}
          />
          <Text size="sm" c="dimmed" aria-live="polite">
            {progress < 100 ? format(es.import.uploading, { n: progress }) : es.import.processing}
          </Text>
        </Stack>
      ) : null}

      {status ? (
        <Alert
          color={TONE_COLOR[status.tone]}
          role="status"
          variant="light"
          style={{ whiteSpace: 'pre-line' }}
        >
          {status.text}
        </Alert>
      ) : null}
      {status?.report ? <ImportReport answer={status.report} /> : null}
    </Stack>
  );
}
