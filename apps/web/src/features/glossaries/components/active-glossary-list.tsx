import type { Glossary } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { errorMessage } from '@/lib/error-message.ts';
import { useDeleteGlossary } from '../api/delete-glossary.ts';
import { useGlossaries } from '../api/get-glossaries.ts';
import { accessLabel, canEdit, canManage } from '../utils/glossary-labels.ts';
import { GlossaryName } from './glossary-name.tsx';
import classes from './glossary-lists.module.css';

export interface ActiveGlossaryListProps {
  /** `nombre_seguro` of the glossary selected as the import target. */
  selected: string | null;
  onSelect: (glossary: Glossary) => void;
  onStatus: (text: string) => void;
  /** Called after the selected glossary went to the trash. */
  onTrashed?: (glossary: Glossary) => void;
}

/**
 * Glosarios activos on /crear: 'name (es→en)' with Seleccionar (the import target) and, for
 * the owner, Eliminar after a confirmation; 'No hay glosarios activos.' when empty.
 */
export function ActiveGlossaryList({
  selected,
  onSelect,
  onStatus,
  onTrashed,
}: ActiveGlossaryListProps) {
  const glossaries = useGlossaries();
  const deleteGlossary = useDeleteGlossary();

  const confirmDelete = (glossary: Glossary) =>
    modals.openConfirmModal({
      title: es.create.confirmTitle,
      children: (
        <Stack gap="xs">
          <Text>{format(es.create.confirmDelete, { name: glossary.nombre })}</Text>
          <Text size="sm" c="dimmed">
            {es.create.confirmHelp}
          </Text>
        </Stack>
      ),
      labels: { confirm: es.create.delete, cancel: es.glossaries.cancel },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': es.glossaries.close },
      onConfirm: () => {
        deleteGlossary.mutate(glossary.nombre_seguro, {
          onSuccess: () => {
            onStatus(format(es.create.trashed, { name: glossary.nombre }));
            onTrashed?.(glossary);
          },
          onError: (error) =>
            onStatus(format(es.create.deleteError, { detail: errorMessage(error) })),
        });
      },
    });

  if (glossaries.isPending) return <Loader size="sm" aria-label={es.app.loading} />;
  if (glossaries.isError) {
    return (
      <Text c="red.9" role="alert">
        {es.glossaries.loadError}
      </Text>
    );
  }
  if (glossaries.data.length === 0) return <Text c="dimmed">{es.create.noActive}</Text>;

  return (
    <ul className={classes.list} aria-label={es.create.activeTitle}>
      {glossaries.data.map((glossary) => {
        const isSelected = glossary.nombre_seguro === selected;
        return (
          <li key={glossary.id} className={classes.item} data-selected={isSelected || undefined}>
            <Stack gap={2} className={classes.name}>
              <Text fw={500}>
                <GlossaryName glossary={glossary} compact />
              </Text>
              {glossary.acceso !== 'propietario' && (
                <Badge size="xs" variant="light" color="gray" w="fit-content">
                  {accessLabel(glossary.acceso)}
                </Badge>
              )}
            </Stack>
            <Group gap="xs" wrap="nowrap" className={classes.actions}>
              <Button
                size="xs"
                variant={isSelected ? 'filled' : 'light'}
                leftSection={isSelected ? <IconCheck size={14} aria-hidden /> : undefined}
                aria-pressed={isSelected}
                aria-label={format(es.create.selectLabel, { name: glossary.nombre })}
                disabled={!canEdit(glossary)}
                onClick={() => onSelect(glossary)}
              >
                {isSelected ? es.create.selected : es.create.select}
              </Button>
              {canManage(glossary) && (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  aria-label={format(es.create.deleteLabel, { name: glossary.nombre })}
                  loading={
                    deleteGlossary.isPending && deleteGlossary.variables === glossary.nombre_seguro
                  }
                  onClick={() => confirmDelete(glossary)}
                >
                  {es.create.delete}
                </Button>
              )}
            </Group>
          </li>
        );
      })}
    </ul>
  );
}
