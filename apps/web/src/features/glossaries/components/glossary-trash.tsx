import type { TrashItem } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import { Badge, Button, Loader, Stack, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { errorMessage } from '@/lib/error-message.ts';
import { useTrash } from '../api/get-trash.ts';
import { useRestoreGlossary } from '../api/restore-glossary.ts';
import { daysLeftLabel } from '../utils/glossary-labels.ts';
import { GlossaryName } from './glossary-name.tsx';
import classes from './glossary-lists.module.css';

export interface GlossaryTrashProps {
  onStatus: (text: string) => void;
}

/**
 * Papelera on /crear: the user's trashed glossaries with the days left to restore them;
 * Restaurar is disabled at 0. A failed load shows an empty trash, silently (spec section 8).
 */
export function GlossaryTrash({ onStatus }: GlossaryTrashProps) {
  const trash = useTrash();
  const restore = useRestoreGlossary();
  const items: TrashItem[] = trash.isError ? [] : (trash.data ?? []);

  const handleRestore = (item: TrashItem) =>
    // The slug names exactly this item, even when the trash holds two with the same name.
    restore.mutate(item.nombre_seguro, {
      onSuccess: () => onStatus(format(es.create.restored, { name: item.nombre })),
      onError: (error) => onStatus(format(es.create.restoreError, { detail: errorMessage(error) })),
    });

  if (trash.isPending) return <Loader size="sm" aria-label={es.app.loading} />;
  if (items.length === 0) return <Text c="dimmed">{es.create.trashEmpty}</Text>;

  return (
    <ul className={classes.list} aria-label={es.create.trashTitle}>
      {items.map((item) => (
        <li key={item.id} className={classes.item}>
          <Stack gap={2} className={classes.name}>
            <Text fw={500}>
              <GlossaryName glossary={item} compact />
            </Text>
            <Badge
              size="sm"
              variant="light"
              color={
                item.dias_restantes === 0 ? 'red' : item.dias_restantes <= 3 ? 'orange' : 'gray'
              }
              w="fit-content"
            >
              {daysLeftLabel(item)}
            </Badge>
          </Stack>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRestore size={14} aria-hidden />}
            disabled={item.dias_restantes === 0}
            aria-label={format(es.create.restoreLabel, { name: item.nombre })}
            loading={restore.isPending && restore.variables === item.nombre_seguro}
            onClick={() => handleRestore(item)}
            className={classes.actions}
          >
            {es.create.restore}
          </Button>
        </li>
      ))}
    </ul>
  );
}
