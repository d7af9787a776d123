import { EXPORT_FORMATS, type ExportFormat, type Glossary } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import {
  Alert,
  Button,
  Group,
  Paper,
  Progress,
  Radio,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '@/lib/api-client.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { useExportGlossary, type TbxVersion } from '../api/export-glossary.ts';
import { fileSizeLabel } from '../utils/import-format.ts';
import classes from './export-form.module.css';
import { saveFile } from '../utils/save-file.ts';
import { StatusText } from '@/components/ui/status-text.tsx';

export interface ExportFormProps {
  /** The selected glossary, or null when none (or one the user cannot see) is selected. */
  glossary: Glossary | null;
  /** The page's glossary selector, given the validation message to show under it. */
  glossaryField: (error: string | null) => ReactNode;
}

/** A format card: each export format, with TBX twice (v2 and v3) so both are in sight. */
type Choice = ExportFormat | 'tbx3';
const CHOICES: Choice[] = EXPORT_FORMATS.flatMap((f): Choice[] =>
  f === 'tbx' ? [f, 'tbx3'] : [f],
);

/** What the server is asked for: TBX v2 is its default, v3 is `version=3`. */
function requestOf(choice: Choice): { formato: ExportFormat; version?: TbxVersion } {
  return choice === 'tbx3' ? { formato: 'tbx', version: '3' } : { formato: choice };
}

type Status =
  | { tone: 'success'; fileName: string; size: number }
  | { tone: 'error'; text: string }
  | { tone: 'canceled' };

/**
 * /exportar: the glossary, the format (each with the tools that open it; TBX v2 and v3 side by
 * side),
 * Exportar, the bytes received while the file streams (no 15 s cut), then the file saved as
 * `{nombre_seguro}.{formato}` and '✅ Exportación completada.', or '❌ ' and the server's detail.
 */
export function ExportForm({ glossary, glossaryField }: ExportFormProps) {
  const [choice, setChoice] = useState<Choice>('json');
  const [triedWithoutGlossary, setTriedWithoutGlossary] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);
  const [received, setReceived] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  const exportMutation = useExportGlossary();
  const isPending = exportMutation.isPending;

  const glossaryError = triedWithoutGlossary && !glossary ? es.export.noGlossary : null;
  // Leaving the page stops a download nobody will save.
  useEffect(() => () => controller.current?.abort(), []);

  const handleExport = () => {
    setStatus(null);
    if (!glossary) {
      setTriedWithoutGlossary(true);
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    setReceived(null);
    exportMutation.mutate(
      {
        nombreSeguro: glossary.nombre_seguro,
        ...requestOf(choice),
        signal: abort.signal,
        onProgress: setReceived,
      },
      {
        onSuccess: ({ blob, fileName }) => {
          saveFile(blob, fileName);
          setStatus({ tone: 'success', fileName, size: blob.size });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'CANCELED')
            setStatus({ tone: 'canceled' });
          else setStatus({ tone: 'error', text: es.export.errorPrefix + errorMessage(error) });
        },
        onSettled: () => {
          controller.current = null;
        },
      },
    );
  };

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} maw={880}>
      <Stack gap="md">
        <Text c="dimmed" size="sm">
          {es.export.intro}
        </Text>
        {glossaryField(glossaryError)}

        <Radio.Group
          label={es.export.format}
          value={choice}
          onChange={(next) => setChoice(next as Choice)}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt={6}>
            {CHOICES.map((f) => (
              <Radio.Card
                key={f}
                value={f}
                p="sm"
                radius="md"
                disabled={isPending}
                className={classes.formatCard}
              >
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator mt={2} />
                  <div>
                    <Text fw={600} size="sm">
                      {es.export.formats[f].label}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {es.export.formats[f].hint}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>

        <Group gap="sm">
          <Button
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={handleExport}
            loading={isPending}
          >
            {es.export.submit}
          </Button>
          {isPending && (
            <Button variant="default" onClick={() => controller.current?.abort()}>
              {es.export.cancel}
            </Button>
          )}
        </Group>

        {isPending && (
          <Stack gap={4}>
            <Progress value={100} striped animated aria-label={es.export.progressLabel} />
            <Text size="sm" c="dimmed" aria-live="polite">
              {received
                ? format(es.export.downloading, { size: fileSizeLabel(received) })
                : es.export.preparing}
            </Text>
          </Stack>
        )}

        <div aria-live="polite">
          {status?.tone === 'success' && (
            <Alert color="teal" variant="light" title={<StatusText text={es.export.done} />}>
              {format(es.export.savedAs, {
                name: status.fileName,
                size: fileSizeLabel(status.size),
              })}
            </Alert>
          )}
          {status?.tone === 'error' && (
            <Alert color="red" variant="light" role="alert">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                <StatusText text={status.text} />
              </Text>
            </Alert>
          )}
          {status?.tone === 'canceled' && (
            <Alert color="gray" variant="light">
              {es.export.canceled}
            </Alert>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
