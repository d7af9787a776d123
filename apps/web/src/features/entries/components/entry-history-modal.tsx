import type { CardField, Entry, Glossary, HistoryItem } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '@/lib/error-message.ts';
import { useEntryHistory } from '../api/get-entry-history.ts';
import { useRestoreEntryVersion } from '../api/restore-entry-version.ts';
import { entryTitle, fieldValue } from '../utils/entry-fields.ts';
import { formatDateTime } from '@/lib/format-date.ts';
import classes from './entries.module.css';

export interface EntryHistoryModalProps {
  glossary: Pick<Glossary, 'nombre_seguro' | 'idioma_origen' | 'idioma_meta'>;
  /** The entry whose history is open; null closes the modal. */
  entry: Entry | null;
  fields: readonly CardField[] | undefined;
  canWrite: boolean;
  onClose: () => void;
  /** After a version was restored (the page says 'Entrada restaurada correctamente.'). */
  onRestored: (entry: Entry) => void;
}

/** 'Versión inicial' for the first, 'Versión n' for the others (n is the version number). */
export function versionLabel(item: Pick<HistoryItem, 'version'>, index: number): string {
  return index === 0 ? es.entries.initialVersion : format(es.entries.version, { n: item.version });
}

/**
 * The versions of an entry, oldest first, each with its author and date, its fields, and
 * Restaurar (which writes it again as the newest version). Escape or a click on the backdrop
 * closes it.
 */
export function EntryHistoryModal({
  glossary,
  entry,
  fields,
  canWrite,
  onClose,
  onRestored,
}: EntryHistoryModalProps) {
  const history = useEntryHistory(glossary.nombre_seguro, entry?.id ?? null);
  const restore = useRestoreEntryVersion();
  const [restoringIndex, setRestoringIndex] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const items = history.data ?? [];

  const handleRestore = async (index: number) => {
    if (!entry) return;
    setError(null);
    setRestoringIndex(index);
    try {
      const restored = await restore.mutateAsync({
        nombreSeguro: glossary.nombre_seguro,
        id: entry.id,
        versionIndex: index,
        version: entry.version,
      });
      onRestored(restored);
    } catch (caught) {
      setError(format(es.entries.restoreError, { detail: errorMessage(caught) }));
    } finally {
      setRestoringIndex(null);
    }
  };

  return (
    <Modal
      opened={entry !== null}
      onClose={onClose}
      title={entry ? format(es.entries.historyTitle, { term: entryTitle(entry, glossary) }) : ''}
      size="lg"
      closeButtonProps={{ 'aria-label': es.copies.close }}
    >
      <Stack gap="sm">
        {history.isPending && entry && <Loader size="sm" aria-label={es.app.loading} />}
        {history.isError && (
          <Alert color="red" variant="light" role="alert">
            {format(es.entries.historyError, { detail: errorMessage(history.error) })}
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {history.isSuccess && items.length === 0 && <Text c="dimmed">{es.entries.noHistory}</Text>}
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((item, index) => {
            const isCurrent = index === items.length - 1;
            return (
              <Paper key={item.version} component="li" withBorder p="sm">
                <Group justify="space-between" align="flex-start" gap="xs">
                  <div style={{ minWidth: 0, flex: '1 1 12rem' }}>
                    <Group gap={6}>
                      <Text fw={600}>{versionLabel(item, index)}</Text>
                      {isCurrent && (
                        <Badge size="sm" variant="light" tt="none">
                          {es.entries.currentVersion}
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed">
                      {format(es.entries.versionBy, {
                        autor: item.autor,
                        fecha: formatDateTime(item.fecha_version),
                      })}
                    </Text>
                  </div>
                  {canWrite && (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconRestore size={16} aria-hidden />}
                      loading={restoringIndex === index}
                      disabled={restoringIndex !== null && restoringIndex !== index}
                      onClick={() => void handleRestore(index)}
                      aria-label={`${es.entries.undoRestore}: ${versionLabel(item, index)}`}
                    >
                      {es.entries.undoRestore}
                    </Button>
                  )}
                </Group>
                <dl className={classes.fields} style={{ marginTop: 8 }}>
                  {(fields ?? []).map((field) => {
                    const value = fieldValue(item, field.id);
                    return value === null ? null : (
                      <VersionField key={field.id} label={field.label} value={value} />
                    );
                  })}
                  {item.comentarios_privados !== null && (
                    <VersionField
                      label={es.entries.privateComments}
                      value={item.comentarios_privados}
                    />
                  )}
                </dl>
              </Paper>
            );
          })}
        </Stack>
      </Stack>
    </Modal>
  );
}

function VersionField({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
