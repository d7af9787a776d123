import type { CopyAnswer } from '@ludoterm/contract';
import { es, plural } from '@ludoterm/contract/messages/es';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { StatusMessage, type StatusMessageValue } from '@/components/ui/status-message.tsx';
import { useCopyEntries } from '../api/copy-entries.ts';
import { copyErrorText, copyResultText } from '../utils/copy-messages.ts';

/** What the page hands the modal to draw the destination selector with. */
export interface DestinationFieldProps {
  value: string | null;
  onChange: (nombreSeguro: string | null) => void;
  error: string | null;
}

export interface CopySelection {
  ids?: number[];
  /** The whole origin glossary. */
  todas?: boolean;
  count: number;
}

export interface CopyEntriesModalProps {
  opened: boolean;
  onClose: () => void;
  /** The origin glossary's nombre_seguro. */
  origin: string;
  selection: CopySelection | null;
  /**
   * The destination selector, drawn by the page (it composes the glossaries feature's
   * selector, offering only the glossaries a copy may go to).
   */
  renderDestination: (field: DestinationFieldProps) => ReactNode;
  onCopied?: (answer: CopyAnswer, destino: string) => void;
}

/**
 * Copies a selection of entries to another glossary (from /entradas, and from /buscar's
 * 'Copiar a otro glosario'): choose the destination ('Selecciona un glosario destino.' when
 * none), copy, and read how many were copied and how many skipped and why (copyResultText), or
 * 'Error al copiar entradas.' / the server's detail.
 */
export function CopyEntriesModal({
  opened,
  onClose,
  origin,
  selection,
  renderDestination,
  onCopied,
}: CopyEntriesModalProps) {
  const copy = useCopyEntries();
  const [destino, setDestino] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<StatusMessageValue>(null);

  const close = () => {
    setFieldError(null);
    setOutcome(null);
    onClose();
  };

  const count = selection?.count ?? 0;
  const done = outcome?.kind === 'ok';

  const submit = async () => {
    setOutcome(null);
    if (!destino) {
      setFieldError(es.copies.noDestination);
      return;
    }
    try {
      const answer = await copy.mutateAsync({
        origen: origin,
        destino,
        ids: selection?.ids,
        todas: selection?.todas,
      });
      setOutcome(copyResultText(answer));
      onCopied?.(answer, destino);
    } catch (error) {
      setOutcome({ kind: 'error', text: copyErrorText(error, es.copies.error) });
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={es.copies.modalTitle}
      closeButtonProps={{ 'aria-label': es.copies.close }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm">{plural(es.copies.selection, count)}</Text>
          {renderDestination({
            value: destino,
            onChange: (next) => {
              setDestino(next);
              setFieldError(null);
            },
            error: fieldError,
          })}
          <StatusMessage message={outcome} />
          <Group gap="xs" justify="flex-end">
            <Button variant="default" onClick={close} disabled={copy.isPending}>
              {done ? es.copies.close : es.copies.cancel}
            </Button>
            {!done && (
              <Button type="submit" loading={copy.isPending} disabled={count === 0}>
                {es.copies.submit}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
